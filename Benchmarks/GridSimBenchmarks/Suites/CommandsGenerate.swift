import BenchmarkKit
import GestureInput
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions

extension CommandsSuite {
    /// `gridsim generate --ids photokit` in-process: the session drawn from its seed (the
    /// PhotoKit-style id table included) and written as a text trace by
    /// `SyntheticSession.write(to:)` to a `MemoryByteSink` that only counts the bytes.
    static func generate(injection: Injection) -> Subject<CommandsTrace> {
        commandSubject("gridsim generate", injection: injection) { trace in
            let settings = CommandsTrace.settings(photoCount: trace.photoCount)
            let eventCount = trace.events.count
            return {
                var session = SyntheticSession(settings, eventCount: eventCount)
                var sink = MemoryByteSink(keepsBytes: false)
                return try! session.write(to: &sink)
            }
        } result: { written, trace in
            // The bytes written are the fixture's own trace, or the generator changed.
            guard written == trace.text.count else { return nil }
            return eventsResult(trace.events.count, detail: "\(written) bytes of text trace")
        }
    }
}
