import Foundation

/// Runs an executable as a child process to its end, for tests of what only a real process
/// shows.
public enum ChildProcess {
    /// What a child printed on its standard output, and how it ended.
    public struct Output: Sendable {
        /// The exit status (or the signal that ended it).
        public var status: Int32
        public var standardOutput: Data

        public var text: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// Runs `executable` with `arguments`, in `environment` (nil: this process's), its standard
    /// error discarded. The output is read to its end before the wait, so that a child that
    /// fills the pipe is never blocked by it. O(output).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: data)
    }

    /// Runs `executable` with `arguments`, its standard output discarded: its exit status and
    /// what it wrote to standard error (a script's diagnostics). O(output).
    public static func runForErrors(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
