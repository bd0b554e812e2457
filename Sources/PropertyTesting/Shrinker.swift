import SelectionCore
import SelectionTrace

/// Minimises a trace that fails a property: drops runs of events, then single events,
/// simplifies arguments (fewer removals and insertions, smaller positions, simpler ids), and
/// shrinks the grid, keeping every change after which the trace still fails.
///
/// Every candidate is a valid trace (times stay non-decreasing, header ids unique), so the
/// shrunk trace replays like any other. Greedy, to a fixed point or until `maximumChecks`
/// property evaluations have been spent.
public struct Shrinker {
    /// Whether a trace still shows the failure being shrunk.
    public var stillFails: (Trace) -> Bool
    public var maximumChecks: Int
    public private(set) var checksSpent = 0

    public init(maximumChecks: Int = 5_000, stillFails: @escaping (Trace) -> Bool) {
        self.maximumChecks = maximumChecks
        self.stillFails = stillFails
    }

    /// The smallest failing trace found from `trace`, which must fail.
    public mutating func shrink(_ trace: Trace) -> Trace {
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

    private enum Pass: CaseIterable {
        case dropEventRuns, simplifyEvents, shrinkGrid, simplifyHeader
    }

    private mutating func run(_ pass: Pass, on trace: Trace) -> Trace? {
        switch pass {
        case .dropEventRuns: dropEventRuns(trace)
        case .simplifyEvents: simplifyEvents(trace)
        case .shrinkGrid: shrinkGrid(trace)
        case .simplifyHeader: simplifyHeader(trace)
        }
    }

    private mutating func accepts(_ candidate: Trace) -> Bool {
        guard checksSpent < maximumChecks else { return false }
        checksSpent += 1
        return stillFails(candidate)
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
            var candidates = [0, count / 2, count - 1].filter { $0 >= 0 && $0 < count }
            // The smallest grid that still holds every photo the events name.
            let named = best.events.flatMap(Self.namedPhotos).compactMap(Int.init).filter { $0 <= count }
            if let highest = named.max(), highest < count { candidates.insert(highest, at: 0) }
            for smaller in candidates {
                var candidate = best
                candidate.header.photos = .count(smaller)
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
        renamed.events = trace.events.map { traceEvent in
            var copy = traceEvent
            switch traceEvent.event {
            case .longPress(let p): copy.event = .longPress(name(p))
            case .selectItem(let p): copy.event = .selectItem(name(p))
            case .tap(let p): copy.event = .tap(name(p))
            case .libraryChanged(let removed, let inserted):
                copy.event = .libraryChanged(
                    removed: removed.map(name), inserted: inserted.map { Insertion(photo: name($0.photo), at: $0.at) })
            default: break
            }
            return copy
        }
        return renamed == trace ? nil : renamed
    }

    static func namedPhotos(_ traceEvent: TraceEvent) -> [PhotoID] {
        switch traceEvent.event {
        case .longPress(let p), .selectItem(let p), .tap(let p): [p]
        case .libraryChanged(let removed, let inserted): removed + inserted.map(\.photo)
        default: []
        }
    }

    /// No limit, no Reduce Motion, no meta, when the failure does not need them.
    private mutating func simplifyHeader(_ trace: Trace) -> Trace? {
        var best = trace
        var improved = false
        let edits: [(inout TraceHeader) -> Bool] = [
            { header in defer { header.limit = nil }; return header.limit != nil },
            { header in defer { header.limit = 1 }; return (header.limit ?? 1) < 1 },
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
        return improved ? best : nil
    }
}
