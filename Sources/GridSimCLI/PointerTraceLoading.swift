import Foundation
import GestureInput
@_spi(GridSimInternals) import SelectionTrace

/// Reads a two-layer trace for `gridsim replay --input pointer`: the semantic events are
/// re-derived from the raw pointer layer through the recogniser (docs/pointer-traces.md).
///
/// Failures carry the exit codes of `TraceLoading`: 66 for a file that cannot be opened, 65 for
/// a malformed trace (`FILE:LINE: what is wrong`). A line whose raw input resolves to another
/// event than it records is a 65 too when `verify` is set; otherwise each is reported on
/// stderr as a warning naming both events, and the derived events are replayed.
enum PointerTraceLoading {
    static func derive(_ path: String, verify: Bool, console: Console) throws(TraceLoading.Failure) -> Trace {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TraceLoading.Failure(code: .noInput, message: "\(path): no such file")
        }
        guard !isDirectory.boolValue else {
            throw TraceLoading.Failure(code: .noInput, message: "\(path): is a directory, not a trace")
        }
        // The raw layer lives in JSON Lines only; a binary trace keeps the semantic events alone.
        guard !path.hasSuffix(".gstrace") else {
            throw TraceLoading.Failure(
                code: .usage,
                message:
                    "gridsim: error: --input pointer reads text traces (.jsonl), which carry the raw pointer layer; "
                    + "\(path) is binary")
        }
        let derivation: PointerDerivation
        do {
            var reader = try PointerTraceReader(path: path)
            derivation = try PointerReplay.derive(&reader)
        } catch let error as TraceError where error.kind == .cannotOpen {
            throw TraceLoading.Failure(code: .noInput, message: error.description)
        } catch let error as TraceError where error.isDamage {
            throw TraceLoading.Failure(code: .dataError, message: error.inFile(path).description)
        } catch {
            throw TraceLoading.Failure(code: .ioError, message: "\(path): read failed: \(error)")
        }
        let mismatches = derivation.mismatches
        if verify, !mismatches.isEmpty {
            throw TraceLoading.Failure(
                code: .dataError,
                message: mismatches.map { "\(path):\($0.lineNumber): \($0.message)" }.joined(separator: "\n"))
        }
        for mismatch in mismatches {
            console.err("\(path):\(mismatch.lineNumber): warning: \(mismatch.message)\n")
        }
        if !mismatches.isEmpty {
            let lines = mismatches.count == 1 ? "1 line resolves" : "\(mismatches.count) lines resolve"
            console.err(
                "gridsim: warning: \(lines) to other events than recorded; replaying what the raw input "
                    + "resolves to (--verify-input makes this an error)\n")
        }
        return derivation.trace
    }
}
