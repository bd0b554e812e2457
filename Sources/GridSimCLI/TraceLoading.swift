import CommandLineKit
import Foundation
@_spi(GridSimInternals) import SelectionTrace

/// Reads a whole trace for a command, turning every failure into the message and exit code a
/// script expects: 66 for a file that cannot be opened, 65 for a malformed trace. Messages
/// start with the path (`FILE:LINE: what is wrong`, or for a binary trace
/// `FILE: byte N (record R): what is wrong`), as compilers write them.
///
/// The format comes from the extension: `.gstrace` is binary, anything else is read as text
/// (JSON Lines, SPEC.md section 4). A binary trace's torn tail (a partial last record) ends
/// it, and with `salvage` damaged records are skipped; `warn` hears about both.
enum TraceLoading {
    struct Failure: Error {
        var code: ExitCode
        var message: String
    }

    /// Where warnings go when the caller has no console at hand: standard error.
    static let standardErrorWarnings: @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }

    static func load(
        _ path: String, limits: TraceLimits = .default, salvage: Bool = false,
        warn: (String) -> Void = standardErrorWarnings
    ) throws(Failure) -> Trace {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure(code: .noInput, message: "\(path): no such file")
        }
        guard !isDirectory.boolValue else {
            throw Failure(code: .noInput, message: "\(path): is a directory, not a trace")
        }
        do {
            if TraceFileFormat(path: path) == .binary {
                var reader = try BinaryTraceReader(path: path, options: .init(limits: limits, salvage: salvage))
                let trace = Trace(header: reader.header, events: try reader.readAll())
                for damage in reader.damage { warn("warning: \(path): \(damage)") }
                return trace
            }
            return try Trace(contentsOfFile: path, limits: limits)
        } catch {
            throw failure(error, path: path)
        }
    }

    /// The message and exit code of an error met while reading `path`.
    static func failure(_ error: Error, path: String) -> Failure {
        guard let error = error as? TraceError else {
            return Failure(code: .ioError, message: "\(path): read failed: \(error)")
        }
        return switch error.kind {
        case .cannotOpen: Failure(code: .noInput, message: error.description)
        case .readFailed: Failure(code: .ioError, message: error.description)
        case .changedWhileReading: Failure(code: .ioError, message: "\(path): read failed: \(error)")
        case _ where error.isWriteError: Failure(code: .usage, message: error.description)
        default: Failure(code: .dataError, message: error.inFile(path).description)
        }
    }
}
