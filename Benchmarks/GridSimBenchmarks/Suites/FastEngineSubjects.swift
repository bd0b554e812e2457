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
    /// The whole library-change event, grid included, on an engine that holds its state
    /// alone, as an app's engine does between events: before each operation, untimed, the
    /// change is undone through events (the photos come back where they were, and those
    /// that were chosen are tapped again), which leaves the engine as it was, in chunks and
    /// blocks it owns. One operation per sample: each must start from that state.
    static func fastEngineLibraryChange(injection: Injection = .none) -> Subject<Fixture> {
        Subject(name: "FastEngine event", role: .engine) { fixture, parameters in
            let change = fixture.change(removing: parameters.variant!)
            let removed = change.removedSlots.map { PhotoSlot($0) }
            let event = SlotEvent.libraryChanged(removed: removed, inserted: [])
            let undo = OwnedEngineUndo(fixture: fixture, change: change, removed: removed)
            // The first change makes the engine's copy of the fixture's state its own; the
            // undo then puts the state back in what it owns.
            var engine = fixture.selecting(FastEngine.self)
            _ = engine.apply(event)
            undo.apply(to: &engine)
            let state = StateBox((engine: engine, changed: false))
            return PreparedOperation(
                perform: { count in
                    precondition(count == 1, "each library change starts from the undone state")
                    state.withValue { state in
                        blackHole(state.engine.apply(event).announcement)
                        injection.pruneWork(rounds: InjectedWork.roundsPerEventPrune)
                        state.changed = true
                    }
                },
                resetBeforeSample: {
                    guard state.value.changed else { return }
                    undo.apply(to: &state.value.engine)
                    state.value.changed = false
                },
                result: { slotsResult(state.value.engine.selection.map(\.index)) })
        }
    }

    /// The events that take an engine back from after a change to before it: the removed
    /// photos inserted again at their former positions (in ascending order, so that each
    /// lands where it was), then a tap on each of them that was chosen.
    struct OwnedEngineUndo {
        let insertion: SlotEvent
        let taps: [SlotEvent]
        /// The change's own list of removed photos, the array its event holds.
        let removed: [PhotoSlot]

        init(fixture: Fixture, change: Change, removed: [PhotoSlot]) {
            let sorted = change.removedSlots.sorted()
            insertion = .libraryChanged(removed: [], inserted: sorted.map { SlotInsertion(slot: PhotoSlot($0), at: $0) })
            taps = sorted.filter(fixture.selected.contains).map { .tap(PhotoSlot($0)) }
            self.removed = removed
        }

        func apply(to engine: inout FastEngine) {
            _ = engine.apply(insertion)
            for tap in taps { _ = engine.apply(tap) }
            // The insertion lays the grid out again (tens of megabytes at 10M photos), which
            // leaves the caches as no library change would find them: the two bitmaps that
            // the next change reads and writes, and its list of photos (just built by whoever
            // reports the change), are read once more.
            blackHole(engine.selection.isSubset(of: engine.grid.live))
            blackHole(removed.reduce(0) { $0 &+ $1.rawValue })
        }
    }

    /// The whole event on a copy of the selecting engine while the original is held (a
    /// snapshot, a checkpoint): the copy shares every chunk and block, so the change copies
    /// each chunk it writes, of the live slots and of the selection. Operations follow each
    /// other, each on a fresh copy.
    static func fastEngineLibraryChangeSnapshotHeld(injection: Injection = .none) -> Subject<Fixture> {
        Subject(name: "FastEngine event, snapshot held", role: .engine) { fixture, parameters in
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

    /// The selection alone, a bitmap that owns its chunks, ANDed in place with the live
    /// bitmap, count kept: what "bitset AND" does into its preallocated result. Before each
    /// operation, untimed, the union with the held selection puts the pruned bits back, in
    /// the same chunks. One operation per sample.
    static func fastSelectionPrune(injection: Injection = .none) -> Subject<Fixture> {
        Subject(name: "FastEngine selection", role: .engine) { fixture, parameters in
            let held = SelectionBitmap(fixture.selectedSlots.lazy.map { PhotoSlot($0) })
            let live = SelectionBitmap(fixture.change(removing: parameters.variant!).survivingSlots.lazy.map { PhotoSlot($0) })
            // Built slot by slot: its chunks are its own, shared with neither bitmap above.
            let state = StateBox((selection: SelectionBitmap(fixture.selectedSlots.lazy.map { PhotoSlot($0) }), pruned: false))
            return PreparedOperation(
                perform: { count in
                    precondition(count == 1, "each pruning starts from the held selection")
                    state.withValue { state in
                        state.selection.formIntersection(live)
                        blackHole(state.selection.count)
                        injection.pruneWork(rounds: InjectedWork.roundsPerSelectionPrune)
                        state.pruned = true
                    }
                },
                resetBeforeSample: {
                    guard state.value.pruned else { return }
                    state.value.selection.formUnion(held)
                    state.value.pruned = false
                },
                result: { slotsResult(state.value.selection.map(\.index)) })
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
