import CommandLineKit
import Foundation
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

/// What convert, inspect and record share: the reader limits as options, the checks made on
/// an output path before anything is written, and progress for long runs.
enum TraceFileOptions {
    static let maxPhotos = Option.integer(
        "--max-photos", "n", help: "Refuse a header whose grid is larger.", default: TraceLimits.default.maximumPhotoCount)
    static let maxIDs = Option.integer(
        "--max-ids", "n",
        help: "Refuse a trace whose header lists more photo ids, or a binary trace that defines more after it.",
        default: TraceLimits.default.maximumIDListCount)
    static let maxHeaderBytes = Option.integer(
        "--max-header-bytes", "n", help: "Binary: refuse a larger header.", default: TraceLimits.default.maximumHeaderBytes)
    static let maxRecordBytes = Option.integer(
        "--max-record-bytes", "n", help: "Binary: refuse a larger record.", default: TraceLimits.default.maximumRecordBytes)
    static let maxLineBytes = Option.integer(
        "--max-line-bytes", "n", help: "Text: refuse a longer line (the header's included).",
        default: TraceLimits.default.maximumLineBytes)

    /// `--max-photos`, `--max-ids`, `--max-header-bytes`, `--max-record-bytes`, `--max-line-bytes`.
    static let limitOptions: [any OptionDeclaring] = [maxPhotos, maxIDs, maxHeaderBytes, maxRecordBytes, maxLineBytes]

    /// The limits the options ask for; each defaults to `TraceLimits.default`'s.
    static func limits(_ arguments: ParsedArguments) throws(UsageError) -> TraceLimits {
        let limits = TraceLimits(
            maximumPhotoCount: try arguments.value(maxPhotos),
            maximumIDListCount: try arguments.value(maxIDs),
            maximumHeaderBytes: try arguments.value(maxHeaderBytes),
            maximumRecordBytes: try arguments.value(maxRecordBytes),
            maximumLineBytes: try arguments.value(maxLineBytes))
        guard limits.maximumPhotoCount >= 0, limits.maximumIDListCount >= 0, limits.maximumHeaderBytes >= 0,
            limits.maximumRecordBytes >= 1, limits.maximumLineBytes >= 1
        else { throw UsageError("the --max-… limits must not be negative") }
        return limits
    }

    /// The format of `path` by its extension, or a usage error naming both.
    static func format(of path: String, role: String) throws(UsageError) -> TraceFileFormat {
        guard let format = TraceFileFormat(path: path) else {
            throw UsageError("cannot tell the format of the \(role) '\(path)' from its extension: use .jsonl (text) or .gstrace (binary)")
        }
        return format
    }

    /// Says `message` and the usage line of `syntax` on standard error. Returns exit 64.
    static func usage(_ error: UsageError, of syntax: CommandSyntax, console: Console) -> ExitCode {
        console.err("gridsim: error: \(error.message)\nUSAGE: \(syntax.usageLine)\n")
        return .usage
    }

    /// Whether `path` names a file (not a directory); when not, says `PATH: no such file`
    /// (exit 66).
    static func inputExists(_ path: String, console: Console) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            console.err("\(path): no such file\n")
            return false
        }
        return true
    }

    /// `path` created empty (or emptied) and opened for writing; nil once it has said on
    /// `console` that it cannot be created (exit 73). For outputs written in place, unlike
    /// convert's and record's, which appear only when complete.
    static func createOutput(_ path: String, console: Console) -> FileHandle? {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path)
        else {
            console.err("gridsim: error: cannot create \(path)\n")
            return nil
        }
        return handle
    }

    /// Why `output` may not be written (exit 73), or nil: it must not be the input, and may
    /// replace an existing file only with `--force`.
    static func refusal(toWrite output: String, input: String?, force: Bool) -> TraceLoading.Failure? {
        if let input, URL(fileURLWithPath: output).standardizedFileURL == URL(fileURLWithPath: input).standardizedFileURL {
            return .init(code: .cantCreate, message: "gridsim: error: the output would overwrite the input \(input)")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                return .init(code: .cantCreate, message: "gridsim: error: \(output) is a directory")
            }
            if !force {
                return .init(code: .cantCreate, message: "gridsim: error: \(output) exists; pass --force to replace it")
            }
        }
        return nil
    }

    /// `12 bytes`, `3.4 KB`, `56.7 MB`.
    static func size(_ bytes: Int) -> String { ByteCount.text(bytes) }

    /// The size of the file at `path`, following a symbolic link to the trace it names; 0
    /// when it cannot be read.
    static func fileSize(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }
}

/// Progress on standard error for long runs: a line at most once a second, and none at all
/// for a run that ends within the first second.
struct ProgressLine {
    private let console: Console
    private let label: String
    private let start = DispatchTime.now()
    private var lastReport: DispatchTime

    init(_ label: String, console: Console) {
        self.label = label
        self.console = console
        lastReport = start
    }

    /// Cheap to call per event: it reads the clock every 4,096 events, and `bytes` only when
    /// it prints.
    mutating func update(events: Int, total: Int? = nil, bytes: @autoclosure () -> Int) {
        guard events & 4095 == 0 else { return }
        let now = DispatchTime.now()
        guard now.uptimeNanoseconds - lastReport.uptimeNanoseconds >= 1_000_000_000 else { return }
        lastReport = now
        let seconds = Double(now.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        var line = "\(label): \(events) events"
        if let total, total > 0 { line += String(format: " of %d (%.0f%%)", total, 100 * Double(events) / Double(total)) }
        line += ", \(TraceFileOptions.size(bytes())), " + String(format: "%.0f events/s", Double(events) / seconds)
        console.err(line + "\n")
    }
}
