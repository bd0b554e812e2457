import Foundation
import GridSimKit
import SeedGridBugs
import SeedGridConformance
import Testing

/// `seedgrid-adapter`, the model behind GridSim's line protocol (docs/adapter-protocol.md), run
/// as GridSim runs it: a subprocess fed request lines, its answers read back. The test target
/// depends on it, so building the tests builds it.
@Suite("seedgrid-adapter over the line protocol")
struct SeedGridAdapterProcessTests {
    @Test func answersTheHandshakeAtOnceAndExitsZeroOnBye() throws {
        let adapter = try AdapterProcess()
        // Read while standard input stays open: the answer is flushed, not left in a buffer.
        adapter.send(#"{"type":"hello","protocol":1,"gridsim":"0.9.0"}"#)
        let hello = try #require(try adapter.readAnswer())
        #expect(hello["type"] as? String == "hello")
        #expect(hello["protocol"] as? Int == 1)
        #expect(hello["name"] as? String == "seedgrid")
        #expect(hello["exposes"] as? [String] == ["sheet"])
        #expect(hello["unhandled"] as? [String] == ["dragBegan", "dragMoved", "dragEnded"])
        adapter.send(#"{"type":"bye"}"#)
        #expect(adapter.waitForExit() == 0)
        #expect(try adapter.readAnswer() == nil)
    }

    @Test func startsAtTheStartStateAndAnswersEveryEventOfABatch() throws {
        let run = try AdapterProcess.run([
            #"{"type":"hello","protocol":1}"#,
            #"{"type":"start","photos":["1","2","3","4"],"limit":3,"reduceMotion":false,"start":{"mode":"selecting","picks":["3","1"],"sheet":"share"}}"#,
            #"{"type":"events","report":"state","events":[{"event":"tap","photo":"2"},{"event":"dismiss"},{"event":"tap","photo":"2"},{"event":"libraryChanged","removed":["1"],"inserted":[{"photo":"x","at":0}]}]}"#,
            #"{"type":"events","report":"step","events":[{"event":"done"},{"event":"select"}]}"#,
            #"{"type":"bye"}"#,
        ])
        #expect(run.status == 0)
        try #require(run.lines.count == 8, "\(run.lines)")
        #expect(run.lines[1] == #"{"type":"started","state":{"mode":"selecting","chosen":["1","3"],"grid":["1","2","3","4"],"picks":["3","1"],"sheet":"share"}}"#)
        let states = try run.lines[2..<6].map { try #require(try ProtocolState(answer: $0)) }
        #expect(states[0] == ProtocolState("selecting", ["1", "3"], ["1", "2", "3", "4"], picks: ["3", "1"], sheet: "share"))
        #expect(states[1] == ProtocolState("selecting", ["1", "3"], ["1", "2", "3", "4"], picks: ["3", "1"], sheet: nil))
        #expect(states[2] == ProtocolState("selecting", ["1", "2", "3"], ["1", "2", "3", "4"], picks: ["3", "1", "2"], sheet: nil))
        #expect(states[3] == ProtocolState("selecting", ["2", "3"], ["x", "2", "3", "4"], picks: ["3", "2"], sheet: nil))
        #expect(run.lines[6...] == [#"{"type":"step"}"#, #"{"type":"step"}"#])
    }

    @Test func appliesOnlyTheFirstStopAfterEvents() throws {
        let run = try AdapterProcess.run([
            #"{"type":"start","photos":["1","2","3","4"],"limit":null,"reduceMotion":false,"start":{"mode":"browsing","picks":[],"sheet":null}}"#,
            #"{"type":"events","report":"state","stopAfter":2,"events":[{"event":"longPress","photo":"1"},{"event":"tap","photo":"2"},{"event":"tap","photo":"3"}]}"#,
            #"{"type":"events","report":"state","events":[{"event":"tap","photo":"4"}]}"#,
            #"{"type":"events","report":"step","stopAfter":0,"events":[{"event":"done"}]}"#,
        ])
        #expect(run.status == 0)
        try #require(run.lines.count == 4, "\(run.lines)")
        #expect(try ProtocolState(answer: run.lines[2])?.chosen == ["1", "2"])
        // Tap 3 was never applied; without a limit there are no picks.
        #expect(try ProtocolState(answer: run.lines[3]) == ProtocolState("selecting", ["1", "2", "4"], ["1", "2", "3", "4"], sheet: nil))
    }

    @Test func answersARequestItCannotReadWithAnErrorAndGoesOn() throws {
        let run = try AdapterProcess.run([
            #"{"type":"events","report":"state","events":[{"event":"done"}]}"#,
            "not json",
            #"{"type":"start","photos":["1"]}"#,
            #"{"type":"events","report":"state","events":[{"event":"done"},{"event":"tap"}]}"#,
            #"{"type":"events","report":"state","events":[{"event":"tap","photo":"1","seen":{}}],"later":true}"#,
        ])
        #expect(run.status == 0, "the end of input ends the session")
        try #require(run.lines.count == 5, "\(run.lines)")
        let errors = try [0, 1, 3].map { try #require(try JSONSerialization.jsonObject(with: Data(run.lines[$0].utf8)) as? [String: Any]) }
        #expect(errors.allSatisfy { $0["type"] as? String == "error" && !(($0["message"] as? String) ?? "").isEmpty })
        #expect(errors[2]["message"] as? String == #""events[1].photo" is missing"#, "no event of a bad batch is applied")
        #expect(try ProtocolState(answer: run.lines[4]) == ProtocolState("browsing", [], ["1"], sheet: nil))
    }

    @Test func refusesAnUnknownFlagWithStatus64() throws {
        let run = try AdapterProcess.run([#"{"type":"hello"}"#], arguments: ["--bug", "sideways"])
        #expect(run.status == 64)
        #expect(run.lines.isEmpty)
    }

    /// GridSim's property run, case by case, through the process: every state after every step
    /// is the in-process adapter's, so the two cannot drift. With `--bug positional` the first
    /// departure from the model is the one the in-process property run finds, at the same case
    /// and step.
    @Test(arguments: [false, true]) func agreesWithTheInProcessAdapterOnThePropertyRunsTraces(_ positional: Bool) throws {
        let run = PropertyRun(cases: 300)
        let traces = (0..<run.cases).map { run.trace(case: $0, for: SeedGridAdapter.self) }
        var requests = [#"{"type":"hello","protocol":1}"#]
        for trace in traces {
            requests.append(try ProtocolRequest.start(trace.header))
            requests.append(try ProtocolRequest.events(trace.events.map(\.event)))
        }
        requests.append(#"{"type":"bye"}"#)
        let answers = try AdapterProcess.run(requests, arguments: positional ? ["--bug", "positional"] : [])
        #expect(answers.status == 0)
        try #require(answers.lines.count == 1 + traces.reduce(0) { $0 + 1 + $1.events.count })

        var line = 1
        var firstDeparture: (trace: Int, step: Int)?
        for (index, trace) in traces.enumerated() {
            var model = ModelStates<SeedGridAdapter>(trace.header)
            var copy = ModelStates<PositionalAdapter>(trace.header)
            for step in 0...trace.events.count {
                if step > 0 {
                    model.apply(trace.events[step - 1].event)
                    copy.apply(trace.events[step - 1].event)
                }
                let state = try #require(try ProtocolState(answer: answers.lines[line]))
                line += 1
                #expect(state == (positional ? copy.state : model.state), "case \(index), step \(step)")
                if state != model.state && firstDeparture == nil { firstDeparture = (index, step) }
            }
        }
        if !positional {
            #expect(firstDeparture == nil)
            return
        }
        let departure = try #require(firstDeparture, "--bug positional never departs from the model")
        let inProcess = try #require(
            traces.indices.lazy.compactMap { index in
                PropertyRun.firstMismatch(traces[index], PositionalAdapter.self).map { (index, $0) }
            }.first)
        #expect(departure.trace == inProcess.0)
        #expect(departure.step == inProcess.1.step)
        #expect(traces[departure.trace].events[departure.step - 1].event.name == .libraryChanged)
    }
}

/// The `state` of an answer, as the protocol writes it for an adapter that exposes its sheet.
struct ProtocolState: Decodable, Equatable, CustomStringConvertible {
    var mode: String
    var chosen: [String]
    var grid: [String]
    var picks: [String]?
    var sheet: String?

    init(_ mode: String, _ chosen: [String], _ grid: [String], picks: [String]? = nil, sheet: String?) {
        (self.mode, self.chosen, self.grid, self.picks, self.sheet) = (mode, chosen, grid, picks, sheet)
    }

    /// The state of a `started` or `step` answer; nil when it carries none.
    init?(answer line: String) throws {
        struct Answer: Decodable { var type: String; var state: ProtocolState? }
        let answer = try JSONDecoder().decode(Answer.self, from: Data(line.utf8))
        guard answer.type == "started" || answer.type == "step" else { throw ProtocolFault(line) }
        guard let state = answer.state else { return nil }
        self = state
    }

    var description: String { "\(mode) chosen \(chosen) grid \(grid) picks \(picks ?? []) sheet \(sheet ?? "none")" }
}

struct ProtocolFault: Error, CustomStringConvertible {
    var line: String
    init(_ line: String) { self.line = line }
    var description: String { "unexpected answer: \(line)" }
}

/// An in-process adapter brought to a trace's start state as the kit brings one, and its state
/// as the protocol writes it.
struct ModelStates<Adapter: SheetExposing> {
    var adapter: Adapter
    let hasLimit: Bool

    init(_ header: TraceHeader) {
        adapter = Adapter(photos: header.photoIDs, limit: header.limit, reduceMotion: header.reduceMotion)
        hasLimit = header.limit != nil
        guard header.start.mode == .selecting else { return }
        _ = adapter.apply(.select)
        for photo in header.start.picks { _ = adapter.apply(.tap(photo)) }
        if let sheet = header.start.sheet { _ = adapter.apply(sheet == .share ? .share : .edit) }
    }

    mutating func apply(_ event: Event) { _ = adapter.apply(event) }

    var state: ProtocolState {
        ProtocolState(
            adapter.mode == .selecting ? "selecting" : "browsing", adapter.chosenPhotos, adapter.photos,
            picks: hasLimit ? adapter.picks : nil, sheet: adapter.sheet.map { $0 == .share ? "share" : "edit" })
    }
}

/// Request lines, written with JSONSerialization.
enum ProtocolRequest {
    static func start(_ header: TraceHeader) throws -> String {
        let start = header.start
        return try line([
            "type": "start", "photos": header.photoIDs, "limit": header.limit.map { $0 as Any } ?? NSNull(),
            "reduceMotion": header.reduceMotion,
            "start": [
                "mode": start.mode == .selecting ? "selecting" : "browsing", "picks": start.picks,
                "sheet": start.sheet.map { $0 == .share ? "share" : "edit" } ?? NSNull(),
            ] as [String: Any],
        ])
    }

    static func events(_ events: [Event], report: String = "state") throws -> String {
        try line(["type": "events", "report": report, "events": events.map(fields)])
    }

    /// An event as a trace's event line writes it.
    static func fields(_ event: Event) -> [String: Any] {
        var fields: [String: Any] = ["event": event.name.rawValue]
        if let photo = event.photo { fields["photo"] = photo }
        if case .libraryChanged(let removed, let inserted) = event {
            fields["removed"] = removed
            fields["inserted"] = inserted.map { ["photo": $0.photo, "at": $0.at] as [String: Any] }
        }
        return fields
    }

    private static func line(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
}

/// `seedgrid-adapter` as a subprocess, killed if it outlives a minute.
final class AdapterProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()

    init(arguments: [String] = []) throws {
        // An adapter that exits before reading everything (as on a wrong flag) closes the pipe:
        // the write fails with EPIPE instead of killing the test process.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = try Self.executable()
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let process = self.process
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    func send(_ line: String) { try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8)) }

    /// The next answer line, parsed; nil at the end of the output.
    func readAnswer() throws -> [String: Any]? {
        while !buffered.contains(10) {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            buffered += data
        }
        let end = buffered.firstIndex(of: 10)!
        let line = buffered[buffered.startIndex..<end]
        buffered = Data(buffered[(end + 1)...])
        return try JSONSerialization.jsonObject(with: line) as? [String: Any]
    }

    func waitForExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Every request sent, standard input closed, and every answer line read: what a file of
    /// requests piped in gives.
    static func run(_ requests: [String], arguments: [String] = []) throws -> (lines: [String], status: Int32) {
        let adapter = try AdapterProcess(arguments: arguments)
        let writer = adapter.input.fileHandleForWriting
        let text = Data(requests.map { $0 + "\n" }.joined().utf8)
        // Written from another thread: the answers may fill the pipe before the requests are in.
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? writer.write(contentsOf: text)
            try? writer.close()
            written.signal()
        }
        let data = adapter.output.fileHandleForReading.readDataToEndOfFile()
        written.wait()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.dropLast().map(String.init), adapter.waitForExit())
    }

    /// Built beside the tests (the test target depends on it).
    static func executable() throws -> URL {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("seedgrid-adapter"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("seedgrid-adapter"),
        ]
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "seedgrid-adapter is not built beside the tests (\(candidates[0].deletingLastPathComponent().path))")
    }
}
