import Foundation
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing

/// Runs the built `gridsim` as a child process, for what only a real process shows: reading
/// standard input, signals, being killed.
enum GridSimProcess {
    struct Result {
        var code: Int32
        var reason: Process.TerminationReason
        var out: String
        var err: String
    }

    /// Starts `gridsim arguments`, with `input` on its standard input (nil: none).
    static func start(_ arguments: [String], input: Data? = nil) throws -> Running {
        let process = Process()
        let gridsim: URL = try #require(PlantedBugCommandTests.executable, "gridsim is not built beside the tests")
        process.executableURL = gridsim
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        let running = Running(process: process, out: out, err: err)
        if let input {
            DispatchQueue.global().async {
                try? inputPipe.fileHandleForWriting.write(contentsOf: input)
                try? inputPipe.fileHandleForWriting.close()
            }
        }
        return running
    }

    static func run(_ arguments: [String], input: Data? = nil) throws -> Result {
        try start(arguments, input: input).wait()
    }

    /// A child whose output is drained as it runs (so a full pipe never blocks it).
    final class Running: @unchecked Sendable {
        let process: Process
        private let group = DispatchGroup()
        private var outData = Data()
        private var errData = Data()

        init(process: Process, out: Pipe, err: Pipe) {
            self.process = process
            group.enter()
            DispatchQueue.global().async {
                self.outData = out.fileHandleForReading.readDataToEndOfFile()
                self.group.leave()
            }
            group.enter()
            DispatchQueue.global().async {
                self.errData = err.fileHandleForReading.readDataToEndOfFile()
                self.group.leave()
            }
        }

        func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

        func wait() -> Result {
            process.waitUntilExit()
            group.wait()
            return Result(
                code: process.terminationStatus, reason: process.terminationReason,
                out: String(decoding: outData, as: UTF8.self), err: String(decoding: errData, as: UTF8.self))
        }
    }

    static func temporaryDirectory() throws -> URL {
        try ScratchDirectory.make("record")
    }

    /// Every event of a trace file, with its damage; throws what the reader throws.
    static func read(_ path: String) throws -> (header: TraceHeader, events: [TraceEvent], damage: [TraceDamage], closed: Bool) {
        var reader = try TraceFileReader(path: path)
        var events: [TraceEvent] = []
        while let event = try reader.next() { events.append(event) }
        return (reader.header, events, reader.damage, reader.binaryReader?.statistics.hasEndRecord ?? false)
    }

    /// The events of text trace lines (as `--tee` prints them).
    static func events(ofLines text: String) throws -> [TraceEvent] {
        try text.split(separator: "\n").enumerated().compactMap { index, line in
            if case .event(let event) = try TextTraceLine.decode(Array(line.utf8), lineNumber: index + 1) { return event }
            return nil
        }
    }
}
