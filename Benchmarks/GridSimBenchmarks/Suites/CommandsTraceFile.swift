import Foundation

/// A trace written to a file in the temporary directory for the commands that read a path,
/// removed when the last subject holding it is released (after its case). Writing it is
/// untimed; reading it is timed, from the page cache.
final class TemporaryTraceFile: @unchecked Sendable {
    let path: String

    init(_ bytes: [UInt8], suffix: String) {
        path = NSTemporaryDirectory() + "gridsim-bench-\(getpid())-\(UUID().uuidString)\(suffix)"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fatalError("gridsim-bench: cannot write a trace to \(path)")
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
