import SelectionCore
import SelectionTrace

/// Minimises a trace that fails a property: cuts it after the failing step, shrinks the grid,
/// drops the leading events it does not need (a bisection), then shrinks the grid again,
/// drops whole drags (or every move of a drag but its last), runs of events, then single
/// events, simplifies arguments (fewer removals and insertions, smaller positions, simpler
/// ids) and the header, keeping every change after which the trace still fails.
///
/// The first phases make a long trace short in O(log n) checks, so that the greedy phases,
/// which check once per candidate, work on a few events; the grid shrinks early because every
/// check replays over it.
///
/// Every candidate is a valid trace (times stay non-decreasing, header ids unique), so the
/// shrunk trace replays like any other. Greedy, to a fixed point or until `maximumChecks`
/// property evaluations have been spent.
public struct Shrinker {
    /// Whether a trace still shows the failure being shrunk.
    public var stillFails: (Trace) -> Bool
    public var maximumChecks: Int
    public private(set) var checksSpent = 0
    /// Told after every check what the shrinker is doing and how small the trace is so far.
    public var progress: ((ShrinkProgress) -> Void)?
    private var phase = ShrinkProgress.Phase.cuttingAfterTheFailure
    private var smallestEvents = 0
    private var smallestPhotos = 0

    public init(maximumChecks: Int = 5_000, stillFails: @escaping (Trace) -> Bool) {
        self.maximumChecks = maximumChecks
        self.stillFails = stillFails
    }

    /// The smallest failing trace found from `trace`, which must fail; at `failingStep` (1-based)
    /// when known, so that the events after it can go first.
    public mutating func shrink(_ trace: Trace, failingStep: Int? = nil) -> Trace {
        var best = trace
        note(best)
        if let failingStep, failingStep >= 0, failingStep < best.events.count {
            var prefix = best
            prefix.events.removeSubrange(failingStep...)
            if accepts(prefix) { best = prefix }
        }
        // Every check replays over the grid: a smaller one first makes the rest cheap.
        if let smaller = run(.shrinkGrid, on: best) { best = smaller }
        phase = .droppingLeadingEvents
        best = dropLeadingEvents(best)
        var progressed = true
        while progressed && checksSpent < maximumChecks {
            progressed = false
            for pass in Pass.allCases {
                if let smaller = run(pass, on: best) {
                    best = smaller
                    progressed = true
                }
            }
        }
        return best
    }

    private enum Pass: CaseIterable {
        case shrinkGrid, dropDragBursts, dropEventRuns, simplifyEvents, simplifyHeader
    }

    private mutating func run(_ pass: Pass, on trace: Trace) -> Trace? {
        switch pass {
        case .shrinkGrid:
            phase = .shrinkingTheGrid
            return shrinkGrid(trace)
        case .dropDragBursts:
            phase = .droppingEvents
            return dropDragBursts(trace)
        case .dropEventRuns:
            phase = .droppingEvents
            return dropEventRuns(trace)
        case .simplifyEvents:
            phase = .simplifyingEvents
            return simplifyEvents(trace)
        case .simplifyHeader:
            phase = .simplifyingTheHeader
            return simplifyHeader(trace)
        }
    }

    private mutating func accepts(_ candidate: Trace) -> Bool {
        guard checksSpent < maximumChecks else { return false }
        checksSpent += 1
        let fails = stillFails(candidate)
        if fails { note(candidate) }
        progress?(
            ShrinkProgress(phase: phase, checks: checksSpent, events: smallestEvents, photos: smallestPhotos))
        return fails
    }

    private mutating func note(_ failing: Trace) {
        smallestEvents = failing.events.count
        smallestPhotos = failing.header.photos.count
    }

    /// Drops the longest run of leading events that the failure does not need: a binary
    /// search for the latest start from which the trace still fails. O(log n) checks. It
    /// assumes that a trace failing from some start fails from every earlier one; where that
    /// is wrong it keeps more events than needed, which the later phases drop.
    private mutating func dropLeadingEvents(_ trace: Trace) -> Trace {
        var failingStart = 0
        var passingStart = trace.events.count + 1
        while passingStart - failingStart > 1 {
            let middle = failingStart + (passingStart - failingStart) / 2
            var candidate = trace
            candidate.events.removeFirst(middle)
            if accepts(candidate) { failingStart = middle } else { passingStart = middle }
        }
        var best = trace
        best.events.removeFirst(failingStart)
        return best
    }

    /// Shrinks drags as drags, before the runs of `dropEventRuns` cut them anywhere: for each
    /// burst (a `dragBegan` and the `dragMoved` and `dragEnded` right after it), the whole
    /// burst, else every move of it but the last (where the range ends, which for a correct
    /// engine is all the moves before it meant). O(bursts) checks.
    private mutating func dropDragBursts(_ trace: Trace) -> Trace? {
        var best = trace
        var improved = false
        var start = 0
        while start < best.events.count {
            guard case .dragBegan = best.events[start].event else {
                start += 1
                continue
            }
            let burst = Self.dragBurst(startingAt: start, in: best.events)
            var whole = best
            whole.events.removeSubrange(burst)
            if accepts(whole) {
                best = whole
                improved = true
                continue
            }
            let moves = burst.filter { if case .dragMoved = best.events[$0].event { true } else { false } }
            if moves.count > 1 {
                var lastMoveOnly = best
                for index in moves.dropLast().reversed() { lastMoveOnly.events.remove(at: index) }
                if accepts(lastMoveOnly) {
                    best = lastMoveOnly
                    improved = true
                }
            }
            start += 1
        }
        return improved ? best : nil
    }

    /// The positions of the burst that starts with the `dragBegan` at `start`: it and the
    /// `dragMoved` and `dragEnded` events right after it, up to the first other event (or the
    /// first `dragEnded`, included). O(burst).
    static func dragBurst(startingAt start: Int, in events: [TraceEvent]) -> Range<Int> {
        var end = start + 1
        loop: while end < events.count {
            switch events[end].event {
            case .dragMoved: end += 1
            case .dragEnded:
                end += 1
                break loop
            default: break loop
            }
        }
        return start..<end
    }

    /// Removes runs of events, halving the run length down to single events.
    private mutating func dropEventRuns(_ trace: Trace) -> Trace? {
        var best = trace
        var improved = false
        var runLength = max(1, best.events.count / 2)
        while runLength >= 1 {
            var start = 0
            while start < best.events.count {
                var candidate = best
                candidate.events.removeSubrange(start..<min(start + runLength, best.events.count))
                if accepts(candidate) {
                    best = candidate
                    improved = true
                } else {
                    start += runLength
                }
            }
            runLength /= 2
        }
        return improved ? best : nil
    }

    /// Simpler events in place: a library change with one removal or insertion fewer or
    /// positions at 0; `selectItem` as `longPress`; times dropped.
    private mutating func simplifyEvents(_ trace: Trace) -> Trace? {
        var best = trace
        var improved = false
        for index in best.events.indices {
            for simpler in Self.simplerEvents(best.events[index]) {
                var candidate = best
                candidate.events[index] = simpler
                if accepts(candidate) {
                    best = candidate
                    improved = true
                }
            }
        }
        return improved ? best : nil
    }

    static func simplerEvents(_ traceEvent: TraceEvent) -> [TraceEvent] {
        var simpler: [TraceEvent] = []
        if traceEvent.t != nil { simpler.append(TraceEvent(traceEvent.event)) }
        switch traceEvent.event {
        case .selectItem(let photo):
            simpler.append(TraceEvent(t: traceEvent.t, .longPress(photo)))
        case .libraryChanged(let removed, let inserted):
            for index in removed.indices {
                var fewer = removed
                fewer.remove(at: index)
                simpler.append(TraceEvent(t: traceEvent.t, .libraryChanged(removed: fewer, inserted: inserted)))
            }
            for index in inserted.indices {
                var fewer = inserted
                fewer.remove(at: index)
                simpler.append(TraceEvent(t: traceEvent.t, .libraryChanged(removed: removed, inserted: fewer)))
                if inserted[index].at != 0 {
                    var atZero = inserted
                    atZero[index].at = 0
                    simpler.append(TraceEvent(t: traceEvent.t, .libraryChanged(removed: removed, inserted: atZero)))
                }
            }
        default:
            break
        }
        return simpler
    }

    /// A smaller grid: fewer photos by count, or explicit ids dropped, or renamed shorter.
    private mutating func shrinkGrid(_ trace: Trace) -> Trace? {
        var best = trace
        var improved = false
        switch best.header.photos {
        case .count(let count):
            var candidates: [PhotoList] = []
            // Only the photos the events name, in grid order: a large grid becomes a few ids.
            let named = Set(best.events.flatMap(Self.namedPhotos))
            let namedInGrid = named.compactMap { id in Int(id).flatMap { String($0) == id && $0 >= 1 && $0 <= count ? $0 : nil } }
                .sorted()
            if namedInGrid.count < count / 2 { candidates.append(.ids(namedInGrid.map { String($0) })) }
            var counts = [0, count / 2, count - 1].filter { $0 >= 0 && $0 < count }
            // The smallest grid that still holds every photo the events name.
            if let highest = namedInGrid.last, highest < count { counts.insert(highest, at: 0) }
            candidates += counts.map { .count($0) }
            for smaller in candidates {
                var candidate = best
                candidate.header.photos = smaller
                if accepts(candidate) {
                    best = candidate
                    improved = true
                    break
                }
            }
        case .ids(let ids):
            var candidate = best
            candidate.header.photos = .count(ids.count)
            if accepts(candidate) { return candidate }
            var remaining = Array(ids)
            var index = remaining.count - 1
            while index >= 0 {
                var fewer = remaining
                fewer.remove(at: index)
                var candidate = best
                candidate.header.photos = .ids(fewer)
                if accepts(candidate) {
                    remaining = fewer
                    best = candidate
                    improved = true
                }
                index -= 1
            }
            if let renamed = Self.renamedShorter(best), accepts(renamed) {
                best = renamed
                improved = true
            }
        }
        return improved ? best : nil
    }

    /// Every id of the trace renamed `a`, `b`, … in order of first appearance, if any is longer.
    static func renamedShorter(_ trace: Trace) -> Trace? {
        guard case .ids(let ids) = trace.header.photos else { return nil }
        var names: [PhotoID: PhotoID] = [:]
        func name(_ id: PhotoID) -> PhotoID {
            if let known = names[id] { return known }
            var index = names.count
            var short = ""
            repeat {
                short = String(UnicodeScalar(UInt8(97 + index % 26))) + short
                index = index / 26 - 1
            } while index >= 0
            names[id] = short
            return short
        }
        var renamed = trace
        renamed.header.photos = .ids(ids.map(name))
        // Every event that names a photo, the tray's and the drag's included, is renamed alike.
        renamed.events = trace.events.map { traceEvent in
            var copy = traceEvent
            copy.event = traceEvent.event.mapPhotos(name)
            return copy
        }
        return renamed == trace ? nil : renamed
    }

    static func namedPhotos(_ traceEvent: TraceEvent) -> [PhotoID] { traceEvent.event.namedPhotos }

    /// No limit (or a smaller one, with an event fewer if need be), no Reduce Motion, no meta,
    /// when the failure does not need them.
    private mutating func simplifyHeader(_ trace: Trace) -> Trace? {
        var best = trace
        var improved = false
        let edits: [(inout TraceHeader) -> Bool] = [
            { header in defer { header.limit = nil }; return header.limit != nil },
            { header in defer { header.limit = 1 }; return (header.limit ?? 1) < 1 },
            // A smaller limit: the fewest photos that show a failure at the limit.
            { header in defer { header.limit = 1 }; return (header.limit ?? 1) > 1 },
            { header in defer { header.limit = header.limit.map { $0 - 1 } }; return (header.limit ?? 1) > 2 },
            { header in defer { header.reduceMotion = false }; return header.reduceMotion },
            { header in defer { header.meta = nil }; return header.meta != nil },
        ]
        for edit in edits {
            var candidate = best
            if edit(&candidate.header), accepts(candidate) {
                best = candidate
                improved = true
            }
        }
        // A failure at the limit needs as many photos chosen before it as the limit allows:
        // a smaller limit goes with one event fewer (a tap that chose one). O(events) checks.
        if let limit = best.header.limit, limit > 1 {
            for index in best.events.indices.reversed() {
                var candidate = best
                candidate.header.limit = limit - 1
                candidate.events.remove(at: index)
                if accepts(candidate) {
                    best = candidate
                    improved = true
                    break
                }
            }
        }
        return improved ? best : nil
    }
}

/// Where a shrink is, for progress reports.
public struct ShrinkProgress: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable {
        case cuttingAfterTheFailure = "cutting after the failing step"
        case droppingLeadingEvents = "dropping leading events"
        case shrinkingTheGrid = "shrinking the grid"
        case droppingEvents = "dropping events"
        case simplifyingEvents = "simplifying events"
        case simplifyingTheHeader = "simplifying the header"
    }

    public var phase: Phase
    /// Checks run so far.
    public var checks: Int
    /// The events and photos of the smallest failing trace so far.
    public var events: Int
    public var photos: Int
}
