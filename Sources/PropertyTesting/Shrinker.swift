@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace

/// Minimises a trace that fails a property: cuts it after the failing step, shrinks the grid,
/// drops the leading events it does not need (a bisection), then drops whole drags (or every
/// move of a drag but its last), runs of events, simplifies arguments (fewer removals and
/// insertions, smaller positions, simpler ids), then shrinks the grid and the header, keeping
/// every change after which the trace still fails.
///
/// Fewer events come first, fewer photos second: once no pass changes the trace, it tries a
/// grid of a photo or two more with an event fewer, and starts again from what that finds.
///
/// The first phases make a long trace short in O(log n) checks, so that the greedy phases,
/// which check once per candidate, work on a few events; the grid shrinks early because every
/// check replays over it. Once the trace has at most `smallTrace` events, every window of
/// events is tried, not only aligned ones, and every single photo: the result is 1-minimal
/// (no one event and no one photo of the header can go) unless the checks run out.
///
/// Every candidate is a valid trace (times stay non-decreasing, header ids unique), so the
/// shrunk trace replays like any other. Greedy, to a fixed point or until `maximumChecks`
/// property evaluations have been spent.
package struct Shrinker {
    /// Whether a trace still shows the failure being shrunk.
    package var stillFails: (Trace) -> Bool
    package var maximumChecks: Int
    package private(set) var checksSpent = 0
    /// Told after every check what the shrinker is doing and how small the trace is so far.
    package var progress: ((ShrinkProgress) -> Void)?
    private var phase = ShrinkProgress.Phase.cuttingAfterTheFailure
    private var smallestEvents = 0
    private var smallestPhotos = 0

    package init(maximumChecks: Int = 5_000, stillFails: @escaping (Trace) -> Bool) {
        self.maximumChecks = maximumChecks
        self.stillFails = stillFails
    }

    /// The smallest failing trace found from `trace`, which must fail; at `failingStep` (1-based)
    /// when known, so that the events after it can go first.
    package mutating func shrink(_ trace: Trace, failingStep: Int? = nil) -> Trace {
        var best = trace
        // What the app showed (`seen`) belongs to the sequence it recorded: once events go, it
        // no longer says anything true, and no property reads it. The shrunk trace has none.
        for index in best.events.indices { best.events[index].seen = nil }
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
        while true {
            best = toFixedPoint(best)
            // Fewer events on a grid of a photo or two more: the passes then take photos again
            // as long as they keep the events as few.
            phase = .droppingEvents
            guard checksSpent < maximumChecks, let fewerEvents = fewerEventsOnALargerGrid(best) else { return best }
            best = fewerEvents
        }
    }

    /// Every pass in turn until none changes the trace.
    private mutating func toFixedPoint(_ trace: Trace) -> Trace {
        var best = trace
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

    /// Event passes before grid passes: a photo kept is cheaper than an event kept.
    private enum Pass: CaseIterable {
        case dropDragBursts, dropEventRuns, simplifyEvents, shrinkGrid, simplifyHeader
    }

    /// At most this many events, every window of events and every single photo is tried.
    static let smallTrace = 32

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
        // A smaller grid or limit may leave the start state's picks outside it: such a header is
        // no trace at all, and costs no check.
        guard checksSpent < maximumChecks, candidate.header.startViolation == nil else { return false }
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

    /// Removes runs of events, halving the run length down to single events: runs at multiples
    /// of their length on a long trace, every window (each length, each start) on a small one.
    /// O(n) checks a length on a long trace, O(n²) in all on a small one.
    private mutating func dropEventRuns(_ trace: Trace) -> Trace? {
        var best = trace
        var improved = false
        let everyWindow = best.events.count <= Self.smallTrace
        var runLength = everyWindow ? max(1, best.events.count - 1) : max(1, best.events.count / 2)
        while runLength >= 1 {
            var start = 0
            while start < best.events.count {
                var candidate = best
                candidate.events.removeSubrange(start..<min(start + runLength, best.events.count))
                if accepts(candidate) {
                    best = candidate
                    improved = true
                } else {
                    start += everyWindow ? 1 : runLength
                }
            }
            runLength = everyWindow ? runLength - 1 : runLength / 2
        }
        return improved ? best : nil
    }

    /// The trace on a grid of one or two photos more, with one event or two adjacent events
    /// fewer, when that still fails: fewer events are worth more photos. First the photos of a
    /// library change that only inserts, moved into the header in its place. O(n) checks.
    private mutating func fewerEventsOnALargerGrid(_ trace: Trace) -> Trace? {
        guard trace.events.count > 1, trace.events.count <= Self.smallTrace else { return nil }
        if let hoisted = insertionsInTheHeader(trace) { return hoisted }
        for extra in 1...2 {
            var larger = trace
            larger.header.photos = Self.grown(trace.header.photos, by: extra)
            for length in 1...2 {
                for start in 0...(larger.events.count - length) {
                    var candidate = larger
                    candidate.events.removeSubrange(start..<(start + length))
                    if accepts(candidate) { return candidate }
                }
            }
        }
        return nil
    }

    /// A library change that only inserts photos new to the header, dropped, its photos put in
    /// the header where it would have put them: a grid that started empty and filled through
    /// events becomes a grid with those photos from the start. O(changes) checks.
    private mutating func insertionsInTheHeader(_ trace: Trace) -> Trace? {
        for (index, traceEvent) in trace.events.enumerated() {
            guard case .libraryChanged(let removed, let inserted) = traceEvent.event, removed.isEmpty,
                !inserted.isEmpty
            else { continue }
            var ids = trace.header.photos.ids
            var known = Set(ids)
            guard inserted.allSatisfy({ known.insert($0.photo).inserted }) else { continue }
            for insertion in inserted { ids.insert(insertion.photo, at: min(max(insertion.at, 0), ids.count)) }
            var candidate = trace
            candidate.header.photos = .ids(ids)
            candidate.events.remove(at: index)
            if accepts(candidate) { return candidate }
        }
        return nil
    }

    /// `photos` with `extra` photos more at the end: by count, or ids no event names.
    static func grown(_ photos: PhotoList, by extra: Int) -> PhotoList {
        switch photos {
        case .count(let count):
            return .count(count + extra)
        case .ids(let ids):
            var grown = Array(ids)
            var taken = Set(grown)
            var number = 0
            while grown.count < ids.count + extra {
                number += 1
                let id = "new\(number)"
                if taken.insert(id).inserted { grown.append(id) }
            }
            return .ids(grown)
        }
    }

    /// The grid without the photo at `index` (0-based, in grid order): a grid by count becomes
    /// the list of the ids left. O(photos).
    package static func photos(_ photos: PhotoList, without index: Int) -> PhotoList {
        switch photos {
        case .count(let count):
            if index == count - 1 { return .count(count - 1) }
            return .ids((1...count).filter { $0 != index + 1 }.map { String($0) })
        case .ids(let ids):
            var fewer = Array(ids)
            fewer.remove(at: index)
            return .ids(fewer)
        }
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

    /// Grids of at most this many photos given by count are shrunk a photo at a time too.
    static let smallGrid = 64

    /// A smaller grid: fewer photos by count, or explicit ids dropped, or renamed shorter.
    private mutating func shrinkGrid(_ trace: Trace) -> Trace? {
        var best = trace
        var improved = false
        switch best.header.photos {
        case .count(let count):
            var candidates: [PhotoList] = []
            // Only the photos the events name, in grid order: a large grid becomes a few ids.
            let named = Set(best.events.flatMap(Self.namedPhotos) + best.header.start.picks)
            let namedInGrid = named.compactMap { id in Int(id).flatMap { String($0) == id && $0 >= 1 && $0 <= count ? $0 : nil } }
                .sorted()
            if namedInGrid.count < count / 2 { candidates.append(.ids(namedInGrid.map { String($0) })) }
            var counts = [0, count / 2, count - 1].filter { $0 >= 0 && $0 < count }
            // The smallest grid that still holds every photo the events name.
            if let highest = namedInGrid.last, highest < count { counts.insert(highest, at: 0) }
            candidates += counts.map { .count($0) }
            // On a small grid, each photo on its own (the last one is `count - 1` above).
            if count <= Self.smallGrid && count > 1 {
                candidates += (0..<(count - 1)).reversed().map { Self.photos(.count(count), without: $0) }
            }
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
        renamed.header.start.picks = trace.header.start.picks.map(name)
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
            // A trace that begins mid-session: browsing instead, or no sheet, or fewer picks.
            { header in defer { header.start = .browsing }; return !header.start.isBrowsing },
            { header in defer { header.start.sheet = nil }; return header.start.sheet != nil },
            { header in header.start.picks.popLast() != nil },
            { header in
                guard !header.start.picks.isEmpty else { return false }
                header.start.picks.removeFirst()
                return true
            },
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
package struct ShrinkProgress: Hashable, Sendable {
    package enum Phase: String, Hashable, Sendable {
        case cuttingAfterTheFailure = "cutting after the failing step"
        case droppingLeadingEvents = "dropping leading events"
        case shrinkingTheGrid = "shrinking the grid"
        case droppingEvents = "dropping events"
        case simplifyingEvents = "simplifying events"
        case simplifyingTheHeader = "simplifying the header"
    }

    package var phase: Phase
    /// Checks run so far.
    package var checks: Int
    /// The events and photos of the smallest failing trace so far.
    package var events: Int
    package var photos: Int
}
