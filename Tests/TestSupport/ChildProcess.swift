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

    /// Where a child's standard error goes.
    private enum ErrorStream {
        case discarded, readAlone, withOutput
    }

    /// Runs `executable` with `arguments`, in `environment` (nil: this process's), its standard
    /// error discarded. The output is read to its end before the wait, so that a child that
    /// fills the pipe is never blocked by it. O(output).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> Output {
        try run(executable, arguments, environment: environment, errors: .discarded)
    }

    /// Runs `executable` with `arguments`, its standard output discarded: its exit status and
    /// what it wrote to standard error (a script's diagnostics). O(output).
    public static func runForErrors(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, errors: String) {
        let output = try run(executable, arguments, environment: nil, errors: .readAlone)
        return (output.status, output.text)
    }

    /// Runs `executable` with `arguments` in `directory` (nil: this process's): its exit status
    /// and its standard output and error, read together as they came. O(output).
    public static func runMerged(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil
    ) throws -> (status: Int32, output: String) {
        let output = try run(executable, arguments, environment: nil, errors: .withOutput, directory: directory)
        return (output.status, output.text)
    }

    /// The one place a child is started: `readAlone` reads its standard error (its standard
    /// output discarded) as `Output.standardOutput`.
    private static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]?, errors: ErrorStream,
        directory: URL? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        switch errors {
        case .discarded:
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
        case .readAlone:
            process.standardOutput = FileHandle.nullDevice
            process.standardError = pipe
        case .withOutput:
            process.standardOutput = pipe
            process.standardError = pipe
        }
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: data)
    }
}
