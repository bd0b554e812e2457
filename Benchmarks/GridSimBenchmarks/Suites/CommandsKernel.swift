import BenchmarkKit
@_spi(GridSimInternals) import SelectionCore

extension CommandsSuite {
    static let kernelName = "FastEngine kernel"

    /// The anchor of every `commands` case: the fast engine applying the trace's events,
    /// interned beforehand, from memory, into a fresh engine made untimed before each sample.
    /// What a command costs beyond this is reading, interning, checking and writing.
    static func kernel() -> Subject<CommandsTrace> {
        Subject(name: kernelName, role: .engine) { trace, _ in
            let events = trace.slotEvents
            let state = StateBox((engine: trace.freshEngine(), tally: OutcomeTally()))
            return PreparedOperation(
                perform: { count in
                    state.withValue { state in
                        for _ in 0..<count {
                            for event in events { state.tally.count(state.engine.apply(event).outcome) }
                        }
                    }
                },
                resetBeforeSample: { state.value = (trace.freshEngine(), OutcomeTally()) },
                result: {
                    let tally = state.value.tally
                    return eventsResult(
                        tally.applied + tally.ignored + tally.rejected,
                        detail: "\(tally.applied) applied, \(tally.ignored) ignored, \(tally.rejected) rejected")
                })
        }
    }

    /// What every subject of a case must agree on: the number of events it went through.
    /// The commands' outputs (a check's verdicts, a summary) have nothing else in common
    /// with an engine's state; a command that stops early or skips events disagrees.
    static func eventsResult(_ events: Int, detail: String) -> ResultFingerprint {
        ResultFingerprint(canonical: [events], summary: "\(events) events; \(detail)")
    }
}
