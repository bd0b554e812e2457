@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An adapter's steps timed through its pipes: batched (what checks send) and one event per
/// request (a round trip each), so that beside an echo adapter's figures a team sees what
/// their code costs and what the pipe costs. The answers are checked once, on a first pass,
/// then read as lines in the timed passes; every pass starts a new session at the trace's
/// start. Medians of `repetitions` passes.
package struct PipeBenchmark {
    package var batchSize: Int
    package var repetitions: Int
    /// The events sent one per request (a prefix of the trace: round trips are slow).
    package var singleEvents: Int

    package init(batchSize: Int = 1000, repetitions: Int = 5, singleEvents: Int = 2000) {
        self.batchSize = batchSize
        self.repetitions = repetitions
        self.singleEvents = singleEvents
    }

    /// One adapter's figures.
    package struct Figures: Sendable {
        package var name: String
        package var batchedEventsPerSecond: Double
        package var singleEventsPerSecond: Double
        /// Nanoseconds per event, batched.
        package var batchedNanoseconds: Double { 1e9 / batchedEventsPerSecond }
        /// Microseconds per round trip, one event per request.
        package var roundTripMicroseconds: Double { 1e6 / singleEventsPerSecond }
    }

    /// Times `trace`'s events through `connection`, checking every answer of the first pass.
    package func measure(_ trace: Trace, on connection: AdapterConnection) throws(AdapterFault) -> Figures {
        let events = trace.events.map(\.event)
        _ = try connection.startSession(trace.header)
        try pass(events, connection, batch: batchSize, checked: true)
        var batched: [Double] = []
        var single: [Double] = []
        let prefix = Array(events.prefix(singleEvents))
        for _ in 0..<repetitions {
            _ = try connection.startSession(trace.header)
            batched.append(Double(events.count) / (try timed { () throws(AdapterFault) in try pass(events, connection, batch: batchSize, checked: false) }))
            _ = try connection.startSession(trace.header)
            single.append(Double(prefix.count) / (try timed { () throws(AdapterFault) in try pass(prefix, connection, batch: 1, checked: false) }))
        }
        return Figures(
            name: connection.handshake.name, batchedEventsPerSecond: Self.median(batched),
            singleEventsPerSecond: Self.median(single))
    }

    private func pass(_ events: [Event], _ connection: AdapterConnection, batch: Int, checked: Bool) throws(AdapterFault) {
        var start = 0
        while start < events.count {
            let end = min(start + batch, events.count)
            try connection.send(events[start..<end], report: .step)
            for step in start..<end {
                if checked {
                    _ = try connection.nextAnswer(withState: false, step: step + 1)
                } else {
                    _ = try connection.skipAnswer(step: step + 1)
                }
            }
            start = end
        }
    }

    private func timed(_ body: () throws(AdapterFault) -> Void) throws(AdapterFault) -> Double {
        let begin = Self.now()
        try body()
        return max(Self.now() - begin, 1e-9)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
