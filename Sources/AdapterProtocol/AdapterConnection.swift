@_spi(GridSimInternals) import GridSimKit
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// An adapter that stopped speaking the protocol: what went wrong, how its process ended (when
/// it did) and the last lines of its standard error. Reported apart from a departure from
/// SPEC.md.
package struct AdapterFault: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Kind: String, Hashable, Sendable {
        /// The command could not be started.
        case start
        /// A line that breaks the protocol.
        case violation
        /// The adapter's own `{"type":"error"}` answer.
        case adapterError
        /// It exited, or closed its output, before answering.
        case exited
        /// It did not answer within the timeout.
        case hang
    }

    package var kind: Kind
    package var message: String
    package var exit: String?
    package var errorTail: [String]

    /// The words every fault begins with, so that a report tells it from a departure.
    package static let prefix = "adapter fault: "

    package var description: String {
        var text = Self.prefix + message
        if let exit, kind != .exited { text += "; it then \(exit)" }
        if !errorTail.isEmpty { text += "; its standard error ended: " + errorTail.joined(separator: " | ") }
        return text
    }
}

/// One adapter process at a time, spoken to in the line protocol: the handshake, sessions,
/// batches of events and their answers, one at a time as the kit reads them. A fault ends the
/// process; the next session starts another and checks that its handshake is the same.
///
/// Every request line can be kept (`recording`), which is how a counterexample's exact requests
/// are written beside it.
package final class AdapterConnection {
    package struct Settings: Sendable {
        package var command: String
        /// Seconds to wait for one answer.
        package var timeout: Double
        /// Seconds to wait once the adapter has hung: shrinking a hang replays it many times.
        package var timeoutAfterHang: Double
        package var gridsimVersion: String

        package init(command: String, timeout: Double = 5, timeoutAfterHang: Double = 0.5, gridsimVersion: String) {
            self.command = command
            self.timeout = timeout
            self.timeoutAfterHang = min(timeoutAfterHang, timeout)
            self.gridsimVersion = gridsimVersion
        }
    }

    package let settings: Settings
    /// What the first process said in its handshake.
    package let handshake: Handshake
    private var process: AdapterProcess?
    private var reader: ProtocolAnswerReader
    /// Answers still owed for events already sent.
    private var owed = 0
    private var hasLimit = false
    package private(set) var processesStarted = 0
    package private(set) var faults = 0
    package private(set) var hasHung = false
    /// Every request written, line by line, while not nil.
    package var recording: [[UInt8]]?
    /// Every answer line read, while not nil.
    package var answers: [[UInt8]]?

    /// Starts the adapter and reads its handshake.
    package init(settings: Settings) throws(AdapterFault) {
        self.settings = settings
        reader = ProtocolAnswerReader()
        let (process, handshake) = try Self.launch(settings)
        self.process = process
        self.handshake = handshake
        reader.exposes = handshake.exposes
        processesStarted = 1
    }

    deinit { process?.terminate() }

    private var timeout: Double { hasHung ? settings.timeoutAfterHang : settings.timeout }

    private static func launch(_ settings: Settings) throws(AdapterFault) -> (AdapterProcess, Handshake) {
        let process: AdapterProcess
        do {
            process = try AdapterProcess(command: settings.command)
        } catch {
            throw AdapterFault(kind: .start, message: error.message, exit: nil, errorTail: [])
        }
        process.send(ProtocolRequest.hello(gridsimVersion: settings.gridsimVersion))
        let line: [UInt8]
        switch process.nextLine(timeout: settings.timeout) {
        case .line(let bytes): line = bytes
        case let other:
            throw fault(of: process, other, waitingFor: "the handshake", timeout: settings.timeout)
        }
        do {
            return (process, try ProtocolAnswerReader().handshake(line, number: process.linesRead))
        } catch {
            throw fault(of: process, error)
        }
    }

    /// Begins a session at `header`'s start (a new process if the last one faulted) and
    /// returns the state the adapter reports before any event.
    package func startSession(_ header: TraceHeader) throws(AdapterFault) -> AnsweredState {
        try discardOwedAnswers()
        let process = try liveProcess()
        hasLimit = header.limit != nil
        send(ProtocolRequest.start(header), to: process)
        let line = try nextLine(of: process, waitingFor: "the start of a session")
        do {
            return try reader.started(line, number: process.linesRead, hasLimit: hasLimit)
        } catch {
            throw end(process, Self.fault(of: process, error))
        }
    }

    /// Sends `events` in one batch; their answers are read one by one with `nextAnswer`.
    package func send<Events: Collection>(_ events: Events, report: ProtocolRequest.Report, stopAfter: Int? = nil) throws(AdapterFault)
    where Events.Element == Event {
        let process = try liveProcess()
        send(ProtocolRequest.events(events, report: report, stopAfter: stopAfter), to: process)
        owed += min(events.count, stopAfter ?? events.count)
    }

    /// The answer to the next event sent, with its state when `withState`.
    package func nextAnswer(withState: Bool, step: Int) throws(AdapterFault) -> StepAnswer {
        let process = try liveProcess()
        let batch = owed > 1 ? " (its batch held steps \(step)–\(step + owed - 1))" : ""
        let line = try nextLine(of: process, waitingFor: "step \(step)" + batch)
        owed -= 1
        do {
            return try reader.step(line, number: process.linesRead, withState: withState, hasLimit: hasLimit)
        } catch {
            throw end(process, Self.fault(of: process, error))
        }
    }

    /// Reads the next answer without checking more than that it is a line: what a benchmark's
    /// timed loop does, the answers having been checked once before it.
    package func skipAnswer(step: Int) throws(AdapterFault) -> Int {
        let process = try liveProcess()
        let line = try nextLine(of: process, waitingFor: "step \(step)")
        owed -= 1
        return line.count
    }

    /// Says bye and waits briefly for the adapter to exit; ends it if it does not.
    package func close() {
        guard let process else { return }
        send(ProtocolRequest.bye, to: process)
        process.closeInput()
        if process.exit(waiting: 2) == nil { process.terminate() }
        self.process = nil
    }

    // MARK: Process and lines

    private func send(_ bytes: [UInt8], to process: AdapterProcess) {
        recording?.append(bytes)
        process.send(bytes)
    }

    private func liveProcess() throws(AdapterFault) -> AdapterProcess {
        if let process { return process }
        let (process, handshake) = try Self.launch(settings)
        processesStarted += 1
        guard handshake == self.handshake else {
            throw end(process, AdapterFault(
                kind: .violation, message: "a new process of the adapter gave another handshake (\(handshake.name), not \(self.handshake.name))",
                exit: nil, errorTail: []))
        }
        self.process = process
        owed = 0
        return process
    }

    private func discardOwedAnswers() throws(AdapterFault) {
        guard let process, owed > 0 else { return }
        while owed > 0 {
            _ = try nextLine(of: process, waitingFor: "an answer owed from the last session")
            owed -= 1
        }
    }

    private func nextLine(of process: AdapterProcess, waitingFor what: String) throws(AdapterFault) -> [UInt8] {
        let waited = timeout
        let result = process.nextLine(timeout: waited)
        if case .line(let line) = result {
            answers?.append(line)
            return line
        }
        if case .timedOut = result { hasHung = true }
        throw end(process, Self.fault(of: process, result, waitingFor: what, timeout: waited))
    }

    /// Ends the faulted process, so that the next session starts a new one.
    private func end(_ process: AdapterProcess, _ fault: AdapterFault) -> AdapterFault {
        process.terminate()
        if self.process === process { self.process = nil }
        owed = 0
        faults += 1
        var fault = fault
        if fault.exit == nil, fault.kind != .hang, let status = process.exit() { fault.exit = "\(status)" }
        return fault
    }

    private static func fault(of process: AdapterProcess, _ result: AdapterProcess.LineResult, waitingFor what: String, timeout: Double)
        -> AdapterFault
    {
        switch result {
        case .ended:
            let status = process.exit(waiting: 1)
            let message = "the adapter \(status.map { "\($0)" } ?? "closed its output") before answering \(what)"
            return AdapterFault(kind: .exited, message: message, exit: status.map { "\($0)" }, errorTail: process.errorTail())
        case .timedOut:
            let seconds = timeout == timeout.rounded() ? "\(Int(timeout))" : "\(timeout)"
            return AdapterFault(
                kind: .hang, message: "the adapter did not answer \(what) within \(seconds) s", exit: "was ended by GridSim",
                errorTail: process.errorTail())
        case .tooLong:
            return AdapterFault(
                kind: .violation,
                message: "line \(process.linesRead + 1) of the adapter's output is longer than \(AdapterProcess.maximumLineLength >> 20) MiB",
                exit: nil, errorTail: process.errorTail())
        case .line:
            preconditionFailure("a line is no fault")
        }
    }

    private static func fault(of process: AdapterProcess, _ failure: AnswerFailure) -> AdapterFault {
        switch failure {
        case .violation(let violation):
            AdapterFault(kind: .violation, message: "\(violation)", exit: nil, errorTail: process.errorTail())
        case .adapterError(let line, let message):
            AdapterFault(
                kind: .adapterError, message: "the adapter answered line \(line) with an error: \(message)", exit: nil,
                errorTail: process.errorTail())
        }
    }
}
