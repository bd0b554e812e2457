import BenchmarkKit
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// Drag to select (SPEC.md section 6): while selecting, a drag that began on an unchosen photo
/// moves its end, and every photo from the anchor to the end is chosen. Two patterns, each a
/// cyclic list of end positions that every subject follows from the same state:
///
/// - `row`: a finger sweeping back and forth a row at a time (5 photos an update), from the
///   anchor 100 rows down, 200 up, 100 down again (the range holds up to 501 photos);
/// - `jump`: the end jumping between a tenth and two tenths of the grid past the anchor, so
///   every update changes a tenth of the grid (a million photos at 10M).
///
/// Each operation is one update, timed alone (the clock's overhead subtracted), so the
/// percentiles are of single updates. Subjects: the reference model and the fast engine
/// through their events; the seeds' way (the selection rebuilt from the base with every photo
/// of the range inserted into a `Set<String>`) and the same with `Set<Int>`; and a plain
/// bitset that writes only the positions that join or leave the range, a word at a time (the
/// anchor: what the update must at least write).
///
/// A round starts with the updates it is about to time, performed untimed and then undone by
/// one move back to where the round starts: the data is in cache, not what the previous
/// subject left there.
enum DragSuite: BenchmarkSuite {
    static let name = "drag"
    static let summary = "drag to select: a finger sweeping a row at a time, and jumps over a tenth of the grid; latency per update"
    static let columns = 5
    static let sweepRows = 100
    /// `CaseParameters.length` of the jump case.
    static let jumpCase = 1

    /// The grid's size, the anchor and the ends the drag moves to, in turn.
    final class Fixture {
        let photoCount: Int
        let anchor: Int
        let ends: [Int]
        /// Every position a range reaches.
        let span: ClosedRange<Int>
        /// The ids of `span`'s photos, from its first: the seeds' subject hashes these.
        private(set) lazy var idsOfSpan: [String] = span.map(PhotoNaming.id(ofSlot:))

        init(photoCount: Int, jumps: Bool) {
            self.photoCount = photoCount
            let anchor = jumps ? photoCount / 4 : photoCount / 2
            if jumps {
                let tenth = photoCount / 10
                ends = [anchor + tenth, anchor + 2 * tenth]
            } else {
                let rows = Array(1...sweepRows) + Array((-sweepRows..<sweepRows).reversed()) + Array(-sweepRows..<0)
                ends = rows.map { anchor + $0 * DragSuite.columns }
            }
            self.anchor = anchor
            span = min(anchor, ends.min()!)...max(anchor, ends.max()!)
        }

        /// The range's positions for an end, in grid order.
        func range(to end: Int) -> ClosedRange<Int> { min(anchor, end)...max(anchor, end) }
    }

    /// A subject's prepared operation: `move(end)` moves its drag's end, one update. The
    /// drag has begun at the anchor and been moved through the whole cycle once (untimed),
    /// so every subject starts at the cycle's last end with its storage grown.
    static func dragOperation(
        _ fixture: Fixture, move: @escaping (Int) -> Void, result: @escaping () -> ResultFingerprint?
    ) -> PreparedOperation {
        let ends = fixture.ends
        for end in ends { move(end) }
        let cursor = StateBox(0)
        let perform: (Int) -> Void = { count in
            cursor.withValue { cursor in
                for _ in 0..<count {
                    move(ends[cursor])
                    cursor = cursor + 1 == ends.count ? 0 : cursor + 1
                }
            }
        }
        return PreparedOperation(
            perform: perform,
            warmUpBeforeRound: { operations in
                let start = cursor.value
                perform(operations)
                cursor.value = start
                move(ends[(start + ends.count - 1) % ends.count])
            },
            result: result)
    }

    /// Calls `leaving` and `joining` with the positions that leave and join the range when
    /// the end moves from `old` to `new` (both ranges hold the anchor): at most one interval
    /// on each side of the anchor for each.
    @inline(__always)
    static func forEachChange(
        anchor: Int, from old: Int, to new: Int, leaving: (Range<Int>) -> Void, joining: (Range<Int>) -> Void
    ) {
        let (oldLow, oldHigh) = (min(anchor, old), max(anchor, old) + 1)
        let (newLow, newHigh) = (min(anchor, new), max(anchor, new) + 1)
        if newLow > oldLow { leaving(oldLow..<newLow) }
        if oldHigh > newHigh { leaving(newHigh..<oldHigh) }
        if oldLow > newLow { joining(newLow..<oldLow) }
        if newHigh > oldHigh { joining(oldHigh..<newHigh) }
    }

    static func subjects(context: SuiteContext) -> [Subject<Fixture>] {
        [
            engineDrag(ReferenceModel.self, name: "ReferenceModel", role: .reference, skipReason: slowSkipReason),
            Subject(name: "FastEngine", role: .engine) { fixture, _ in
                var engine = FastEngine(configuration: GridConfiguration(photos: .count(fixture.photoCount)))
                _ = engine.apply(SlotEvent.select)
                _ = engine.apply(SlotEvent.dragBegan(PhotoSlot(fixture.anchor)))
                let state = StateBox(engine)
                return dragOperation(
                    fixture,
                    move: { end in
                        let outcome = state.withValue { $0.apply(SlotEvent.dragMoved(PhotoSlot(end))).outcome }
                        blackHole(outcome)
                    },
                    result: { slotsResult(state.value.selection.map(\.index)) })
            },
            rebuiltSet(
                name: "Set<String>", role: .seed, skipReason: slowSkipReason,
                element: { fixture in
                    let (ids, first) = (fixture.idsOfSpan, fixture.span.lowerBound)
                    return { ids[$0 - first] }
                },
                slot: PhotoNaming.slot(of:)),
            rebuiltSet(name: "Set<Int>", role: .peer, element: { _ in { $0 } }, slot: { $0 }),
            Subject(name: "bitset range fill", role: .lowerBound) { fixture, _ in
                let base = PlainBitset(slotCapacity: fixture.photoCount)
                var selection = base
                selection.insert(fixture.anchor..<fixture.anchor + 1)
                let state = StateBox((selection: selection, end: fixture.anchor))
                let anchor = fixture.anchor
                let injection = context.injection
                return dragOperation(
                    fixture,
                    move: { end in
                        state.withValue { state in
                            forEachChange(
                                anchor: anchor, from: state.end, to: end,
                                leaving: { state.selection.copy($0, from: base) },
                                joining: { state.selection.insert($0) })
                            state.end = end
                            injection.afterOperation(readingAgain: state.selection.words)
                        }
                    },
                    result: { slotsResult(state.value.selection.slots) })
            },
        ] + OutsideEngine.current.map { $0.dragSubject() }
    }

    /// The seeds' way, on slots or ids: at every update the selection is the base again (a
    /// copy) with each photo of the range inserted. O(range) hashing per update.
    static func rebuiltSet<Element: Hashable>(
        name: String, role: SubjectRole, skipReason: @escaping (CaseParameters) -> String? = { _ in nil },
        element: @escaping (Fixture) -> (Int) -> Element, slot: @escaping (Element) -> Int
    ) -> Subject<Fixture> {
        Subject(name: name, role: role, skipReason: skipReason) { fixture, _ in
            let elementAt = element(fixture)
            let base = Set<Element>()
            let state = StateBox(base)
            return dragOperation(
                fixture,
                move: { end in
                    state.withValue { selection in
                        selection = base
                        for position in fixture.range(to: end) {
                            selection.insert(elementAt(position))
                        }
                    }
                },
                result: { slotsResult(state.value.map(slot)) })
        }
    }

    /// The drag through any `SelectionEngine`'s events: Select, a drag begun at the anchor,
    /// then one `dragMoved` per update.
    static func engineDrag<Engine: SelectionEngine>(
        _ engine: Engine.Type, name: String, role: SubjectRole,
        skipReason: @escaping (CaseParameters) -> String? = { _ in nil }
    ) -> Subject<Fixture> {
        Subject(name: name, role: role, skipReason: skipReason) { fixture, _ in
            var engine = Engine(configuration: GridConfiguration(photos: .count(fixture.photoCount)))
            _ = engine.apply(.select)
            _ = engine.apply(.dragBegan(PhotoNaming.id(ofSlot: fixture.anchor)))
            let events = fixture.ends.map { Event.dragMoved(PhotoNaming.id(ofSlot: $0)) }
            let eventOfEnd = Dictionary(zip(fixture.ends, events), uniquingKeysWith: { first, _ in first })
            let state = StateBox(engine)
            return dragOperation(
                fixture,
                move: { end in
                    let outcome = state.withValue { $0.apply(eventOfEnd[end]!).outcome }
                    blackHole(outcome)
                },
                result: { slotsResult(EngineSetup.selectedSlots(state.value)) })
        }
    }

    /// The subjects that hash every photo of the range at every update, over a million
    /// photos: a jump there hashes two million ids per update.
    static func slowSkipReason(_ parameters: CaseParameters) -> String? {
        parameters.size > 1_000_000 && parameters.length == jumpCase
            ? "hashes every photo of a range of up to 2M photos at every update (~1 s); capped at 1M photos" : nil
    }

    /// Two cases per size from 10K: `drag/SIZE/row` and `drag/SIZE/jump`.
    static func cases(size: Int, context: SuiteContext, include: (String) -> Bool) -> [BenchmarkCase] {
        guard size >= 10_000 else { return [] }
        return ["row", "jump"].compactMap { variant -> BenchmarkCase? in
            guard include(BenchmarkCase.id(suite: name, size: size, variant: variant)) else { return nil }
            let jumps = variant == "jump"
            let fixture = SharedFixture(users: 1) { Fixture(photoCount: size, jumps: jumps) }
            return BenchmarkCase(
                suite: name, size: size, variant: variant, parameters: CaseParameters(size: size, length: jumps ? jumpCase : 0),
                operationName: "update", itemName: "updates", itemsPerOperation: 1,
                operationsPerSample: .fixed(1), allocationOperations: jumps ? 4 : 400,
                anchor: "bitset range fill",
                notes: [
                    "one dragMoved per operation, timed alone (clock overhead subtracted): percentiles are of single updates",
                    jumps
                        ? "the end jumps between \(size / 10) and \(size / 5) photos past the anchor (photo \(size / 4)): each update changes \(size / 10) photos"
                        : "the end sweeps a row (\(columns) photos) at a time, \(sweepRows) rows past the anchor (photo \(size / 2)) and back to \(sweepRows) rows before it",
                    "the drag began on an unchosen photo, nothing else chosen (Select, then dragBegan); the cycle of ends is run once untimed first",
                    "each round's updates are performed untimed first and undone by one move back, so they are timed with their data in cache",
                ],
                fixture: fixture, subjects: subjects(context: context))
        }
    }
}
