import BenchmarkKit
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

// The fast engine (SelectionCore's FastEngine: slots, chunked bitmaps, snapshots) as a
// subject of every suite. Events reach it interned, as the codecs hand them over; the
// interning is done once, untimed, like the peers' own slot conversions.

extension ToggleSuite {
    /// The engine with its event log: each tap is appended to a log of interned events
    /// (the `EventStore`'s log, without its checkpoints, which share chunks and so make the
    /// next write to each chunk copy it: a cost of holding snapshots, not of a tap). The log
    /// is emptied, keeping its capacity, between samples once it holds 65,536 events.
    ///
    /// Each tap's event is made from its slot, as the grid makes it from the photo touched,
    /// then logged and applied; the other subjects are handed the slot too.
    static func fastEngineTaps(injection: Injection = .none) -> Subject<Fixture> {
        Subject(name: "FastEngine + log", role: .engine) { fixture, _ in
            var engine = FastEngine(configuration: GridConfiguration(photos: .count(fixture.photoCount)))
            _ = engine.apply(SlotEvent.longPress(PhotoSlot(Fixture.firstSlot)))
            let slots = fixture.tapSlots.map { PhotoSlot(Int($0)) }
            // Two whole cycles of the sequence tap every photo an even number of times: back to
            // the starting selection, with the bitmap's change journal full (it stops recording
            // at 4,096 flips) and every chunk allocated. That is the steady state.
            for slot in slots + slots { _ = engine.apply(SlotEvent.tap(slot)) }
            var log: [SlotEvent] = []
            log.reserveCapacity(Fixture.sequenceLength * 2)
            // The log's memory written once, as a session's log has been by its first events:
            // the counted loop then sees what the timed rounds see, not first-touch misses.
            log.append(contentsOf: repeatElement(SlotEvent.done, count: log.capacity))
            log.removeAll(keepingCapacity: true)
            let state = StateBox(TapState(selection: (engine: engine, log: log)))
            return tapOperation(
                state,
                perform: { count in
                    let applied = state.withValue { state in
                        var applied = 0
                        for _ in 0..<count {
                            let tap = SlotEvent.tap(slots[state.cursor])
                            state.selection.log.append(tap)
                            if state.selection.engine.apply(tap).outcome == .applied { applied &+= 1 }
                            injection.afterEngineTap(at: state.cursor) {
                                if state.selection.engine.apply(tap).outcome == .applied { applied &+= 1 }
                            }
                            state.cursor = (state.cursor + 1) & Fixture.mask
                        }
                        return applied
                    }
                    blackHole(applied)
                    injection.tapWork(taps: count)
                },
                resetBeforeSample: {
                    if state.value.selection.log.count >= Fixture.sequenceLength {
                        state.value.selection.log.removeAll(keepingCapacity: true)
                    }
                },
                result: { slotsResult(state.value.selection.engine.selection.map(\.index)) })
        }
    }
}

extension PruningSuite {
    /// The whole library-change event, grid included, applied to a copy of the selecting
    /// engine (copy-on-write: the copy shares everything until the event writes).
    static func fastEngineLibraryChange(injection: Injection = .none) -> Subject<Fixture> {
        Subject(name: "FastEngine event", role: .engine) { fixture, parameters in
            let base = fixture.selecting(FastEngine.self)
            let event = SlotEvent.libraryChanged(
                removed: fixture.change(removing: parameters.variant!).removedSlots.map { PhotoSlot($0) }, inserted: [])
            _ = base.selection.count
            let last = StateBox(base)
            return PreparedOperation(
                perform: { count in
                    last.withValue { last in
                        for _ in 0..<count {
                            var state = base
                            blackHole(state.apply(event).announcement)
                            injection.pruneWork(rounds: InjectedWork.roundsPerEventPrune)
                            last = state
                        }
                    }
                },
                result: { slotsResult(last.value.selection.map(\.index)) })
        }
    }

    /// The selection alone: a copy of the held bitmap ANDed with the live bitmap, chunk by
    /// chunk, count kept: what CRoaring's copy + and_inplace + cardinality does.
    static func fastSelectionPrune(injection: Injection = .none) -> Subject<Fixture> {
        Subject(name: "FastEngine selection", role: .engine) { fixture, parameters in
            let held = SelectionBitmap(fixture.selectedSlots.lazy.map { PhotoSlot($0) })
            let live = SelectionBitmap(fixture.change(removing: parameters.variant!).survivingSlots.lazy.map { PhotoSlot($0) })
            let last = StateBox(held)
            return PreparedOperation(
                perform: { count in
                    last.withValue { last in
                        for _ in 0..<count {
                            var selection = held
                            selection.formIntersection(live)
                            blackHole(selection.count)
                            injection.pruneWork(rounds: InjectedWork.roundsPerSelectionPrune)
                            last = selection
                        }
                    }
                },
                result: { slotsResult(last.value.map(\.index)) })
        }
    }
}

extension SelectionDiffSuite {
    /// Two snapshots of the engine k taps apart (the later one a copy of the earlier that
    /// then took the taps), diffed by `changes(since:)`: chunks both share are skipped and
    /// the journal lists the flips, so the cost follows k, not the grid.
    static func fastSnapshotDiff() -> Subject<Fixture> {
        Subject(name: "FastEngine snapshot diff", role: .engine) { fixture, parameters in
            let before = fixture.selecting(FastEngine.self)
            var after = before
            for slot in fixture.taps(parameters.length) { _ = after.apply(SlotEvent.tap(PhotoSlot(slot))) }
            let (old, new) = (before.selection, after.selection)
            let changed = StateBox(SelectionChanges())
            return PreparedOperation(
                perform: { count in
                    changed.withValue { changed in
                        for _ in 0..<count { changed = new.changes(since: old) }
                    }
                },
                result: { diffResult((changed.value.added + changed.value.removed).map(\.index)) })
        }
    }
}

extension GridDiffSuite {
    /// The engine's grid diff (`GridDiff`: dense slots, minimal moves), checked by applying it.
    static func fastGridDiff() -> Subject<Fixture> {
        Subject(name: "FastEngine GridDiff", role: .engine) { fixture, _ in
            let old = fixture.oldSlots.map { PhotoSlot(Int($0)) }
            let new = fixture.newSlots.map { PhotoSlot(Int($0)) }
            let last = StateBox<GridDiff?>(nil)
            return PreparedOperation(
                perform: { count in
                    last.withValue { last in
                        for _ in 0..<count { last = GridDiff(from: old, to: new) }
                    }
                },
                result: {
                    guard let diff = last.value else { return nil }
                    let applied = diff.apply(to: old)
                    return ResultFingerprint(
                        canonical: applied.map(\.index),
                        summary: "new order of \(applied.count) ids (this script: \(diff.deletions.count + diff.moves.count) removals, \(diff.insertions.count + diff.moves.count) insertions, \(diff.moves.count) of them moves)")
                })
        }
    }
}

extension ReplaySuite {
    /// The synthetic trace as a binary `.gstrace`, read and replayed by slot into the fast
    /// engine: decoding (varints, CRC-32C per record) and the engine, no string per event.
    /// A fresh reader and engine are made untimed before each sample.
    static func fastEngineFromBinary() -> Subject<SyntheticTrace> {
        Subject(name: "FastEngine from .gstrace", role: .engine) { trace, _ in
            let bytes = binaryTrace(trace)
            let configuration = GridConfiguration(photos: .count(trace.photoCount))
            func fresh() -> (reader: BinaryTraceReader, engine: FastEngine, tally: OutcomeTally) {
                (try! BinaryTraceReader(bytes: bytes), FastEngine(configuration: configuration), OutcomeTally())
            }
            let state = StateBox(fresh())
            return PreparedOperation(
                perform: { count in
                    state.withValue { state in
                        for _ in 0..<count {
                            _ = try! BinaryTraceReplay.replay(&state.reader, into: &state.engine) { _, step in
                                state.tally.count(step.outcome)
                            }
                        }
                    }
                },
                resetBeforeSample: { state.value = fresh() },
                result: {
                    replayResult(mode: state.value.engine.mode, photoCount: state.value.engine.photoCount,
                                 tally: state.value.tally, selected: state.value.engine.selection.map(\.index).sorted())
                })
        }
    }

    /// The synthetic trace encoded as a binary trace.
    static func binaryTrace(_ trace: SyntheticTrace) -> [UInt8] {
        Trace(header: TraceHeader(photos: .count(trace.photoCount)), events: trace.events.map { TraceEvent($0) })
            .binaryEncoded(salt: 0x5EED)
    }
}
