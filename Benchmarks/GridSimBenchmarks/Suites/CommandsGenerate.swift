import BenchmarkKit
import GestureInput
import SelectionTrace

extension CommandsSuite {
    /// `gridsim generate --ids photokit` in-process: the session drawn from its seed (the
    /// PhotoKit-style id table included) and written as a text trace by
    /// `SyntheticSession.write(to:)` to a `MemoryByteSink` that only counts the bytes.
    static func generate(injection: Injection) -> Subject<CommandsTrace> {
        Subject(name: "gridsim generate", role: .command) { trace, _ in
            let settings = CommandsTrace.settings(photoCount: trace.photoCount)
            let eventCount = trace.events.count
            let written = StateBox(0)
            func run() -> Int {
                var session = SyntheticSession(settings, eventCount: eventCount)
                var sink = MemoryByteSink(keepsBytes: false)
                return try! session.write(to: &sink)
            }
            return PreparedOperation(
                perform: { count in
                    written.withValue { written in
                        for _ in 0..<count {
                            written = run()
                            injection.afterCommand { _ = run() }
                        }
                    }
                },
                result: {
                    // The bytes written are the fixture's own trace, or the generator changed.
                    guard written.value == trace.text.count else { return nil }
                    return eventsResult(eventCount, detail: "\(written.value) bytes of text trace")
                })
        }
    }
}
