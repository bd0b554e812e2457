import BenchmarkKit
import SeededRandom
@_spi(GridSimInternals) import SelectionCore

/// Set-intersection pruning: the library loses 0.1 %, 1 % or 10 % of the photos while half
/// the grid is selected, and the selection must keep only photos still in the grid.
///
/// The reference model and the fast engine's two event subjects time the whole
/// `libraryChanged` event (grid update included); every other subject times pruning the
/// selection against the already-updated grid, each in its natural form.
///
/// The fast engine's subjects work on state they own, as an app's engine does between events
/// (no snapshot shares it): each operation starts from that state, put back untimed, so a
/// sample is one operation. "FastEngine event, snapshot held" keeps the cost of a held
/// snapshot in view: the event on a copy that shares every chunk. The peers and the seed's
/// sets include the copy of the held selection they must not destroy (so that the
/// operation can repeat).
enum PruningSuite: BenchmarkSuite {
    static let name = "pruning"
    static let summary = "a library change removes 0.1/1/10 % of photos while half the grid is selected"
    static let fractions: [(label: String, fraction: Double)] = [("0.1%", 0.001), ("1%", 0.01), ("10%", 0.1)]

    /// The grid of one size and its held selection (`selected`, a random half), shared by the
    /// three variants.
    final class Fixture: HalfSelectedGrid {
        private(set) lazy var gridIDs: [String] = PhotoNaming.ids(count: photoCount)
        private var changes: [Double: Change] = [:]

        init(photoCount: Int) {
            super.init(photoCount: photoCount, workload: PruningSuite.name)
        }

        /// The change removing `fraction` of the photos, built once per fraction.
        func change(removing fraction: Double) -> Change {
            if let change = changes[fraction] { return change }
            let change = Change(fixture: self, fraction: fraction)
            changes[fraction] = change
            return change
        }
    }

    /// One library change, in every form a subject needs.
    final class Change {
        let removedSlots: [Int]
        let live: PlainBitset
        private unowned let fixture: Fixture
        private(set) lazy var removedIDs: [String] = removedSlots.map(PhotoNaming.id(ofSlot:))
        private(set) lazy var survivingSlots: [Int] = live.slots
        private(set) lazy var survivingIDs: [String] = survivingSlots.map(PhotoNaming.id(ofSlot:))
        private(set) lazy var event: Event = .libraryChanged(removed: removedIDs, inserted: [])

        init(fixture: Fixture, fraction: Double) {
            self.fixture = fixture
            let count = Int((Double(fixture.photoCount) * fraction).rounded())
            var random = SplitMix64(workload: "pruning-removal", size: fixture.photoCount, variant: count)
            removedSlots = random.distinct(count, below: fixture.photoCount)
            var live = PlainBitset(allSlotsBelow: fixture.photoCount)
            for slot in removedSlots { live.remove(slot) }
            self.live = live
        }
    }

    static func subjects(context: SuiteContext) -> [Subject<Fixture>] {
        [
            engineLibraryChange(ReferenceModel.self, name: "ReferenceModel", role: .reference, skipReason: referenceSkipReason),
            fastEngineLibraryChange(injection: context.injection),
            fastEngineLibraryChangeSnapshotHeld(injection: context.injection),
            fastSelectionPrune(injection: context.injection),
            setIntersection(
                name: "Set<String>.formIntersection", role: .seed, slot: PhotoNaming.slot(of:),
                held: { $0.selectedSlots.map(PhotoNaming.id(ofSlot:)) }, surviving: { $0.survivingIDs }),
            setIntersection(
                name: "Set<Int>.formIntersection", role: .peer, slot: { $0 },
                held: { $0.selectedSlots }, surviving: { $0.survivingSlots }),
            Subject(name: "CRoaring copy+and", role: .peer) { fixture, parameters in
                let held = RoaringBitmap(slots: fixture.selectedSlots)
                let live = RoaringBitmap(slots: fixture.change(removing: parameters.variant!).survivingSlots)
                let last = StateBox(held)
                return PreparedOperation(
                    perform: { count in
                        last.withValue { last in
                            for _ in 0..<count {
                                var selection = held.copy()
                                selection.formIntersection(live)
                                blackHole(selection.count)
                                last = selection
                            }
                        }
                    },
                    result: { slotsResult(last.value.slots) })
            },
            Subject(name: "bitset AND", role: .lowerBound) { fixture, parameters in
                let held = fixture.selected
                let live = fixture.change(removing: parameters.variant!).live
                let injection = context.injection
                let result = StateBox(PlainBitset(slotCapacity: fixture.photoCount))
                return PreparedOperation(
                    perform: { count in
                        result.withValue { result in
                            for _ in 0..<count {
                                result.assignIntersection(of: held, and: live)
                                injection.afterOperation(readingAgain: held.words)
                            }
                        }
                    },
                    result: { slotsResult(result.value.slots) })
            },
            MemoryKernelSubject.make(name: "memcpy", bytes: { parameters in parameters.size / 4 }),
        ] + OutsideEngine.current.map { $0.pruningSubject() }
    }

    /// The seed's pruning, `Set.formIntersection`, on a copy of the held selection, for ids
    /// (the seed's own) or slots.
    static func setIntersection<Element: Hashable>(
        name: String, role: SubjectRole, slot: @escaping (Element) -> Int,
        held: @escaping (Fixture) -> [Element], surviving: @escaping (Change) -> [Element]
    ) -> Subject<Fixture> {
        Subject(name: name, role: role) { fixture, parameters in
            let heldSet = Set(held(fixture))
            let survivors = surviving(fixture.change(removing: parameters.variant!))
            let last = StateBox(heldSet)
            return PreparedOperation(
                perform: { count in
                    last.withValue { last in
                        for _ in 0..<count {
                            var selection = heldSet
                            selection.formIntersection(survivors)
                            last = selection
                        }
                    }
                },
                result: { slotsResult(last.value.map(slot)) })
        }
    }

    /// The whole `libraryChanged` event through any `SelectionEngine`, applied to a copy of
    /// the selecting state (the reference model; the chunked engine goes in the list above as
    /// `engineLibraryChange(ChunkedEngine.self, name: …, role: .engine)`).
    static func engineLibraryChange<Engine: SelectionEngine>(
        _ engine: Engine.Type, name: String, role: SubjectRole,
        skipReason: @escaping (CaseParameters) -> String? = { _ in nil }
    ) -> Subject<Fixture> {
        Subject(name: name, role: role, skipReason: skipReason) { fixture, parameters in
            let base = fixture.selecting(engine)
            let event = fixture.change(removing: parameters.variant!).event
            let last = StateBox(base)
            return PreparedOperation(
                perform: { count in
                    last.withValue { last in
                        for _ in 0..<count {
                            var state = base
                            blackHole(state.apply(event).effectCount)
                            last = state
                        }
                    }
                },
                result: { slotsResult(EngineSetup.selectedSlots(last.value)) })
        }
    }

    /// The reference model's library change makes several O(n) passes with string hashing
    /// (filter the grid, rebuild its set, intersect the selection): about a second at 1M.
    static func referenceSkipReason(_ parameters: CaseParameters) -> String? {
        parameters.size > 1_000_000 ? "its libraryChanged makes hashing passes over the grid's numbers and the selection (~0.2 s at 1M); capped at 1M photos" : nil
    }

    static func cases(size: Int, context: SuiteContext, include: (String) -> Bool) -> [BenchmarkCase] {
        casesSharingOneFixture(
            fractions, label: \.label, size: size, include: include, fixture: { Fixture(photoCount: size) }
        ) { variant, fixture in
            BenchmarkCase(
                suite: name, size: size, variant: variant.label,
                parameters: CaseParameters(size: size, variant: variant.fraction),
                operationName: "library change", itemName: "photos", itemsPerOperation: size,
                // The fast engine's subjects start each operation from state put back before
                // the sample: one operation per sample, for every subject alike.
                operationsPerSample: .fixed(1), allocationOperations: 2,
                anchor: "Set<String>.formIntersection",
                notes: [
                    "half the grid is selected (random); \(variant.label) of the photos disappear",
                    "ReferenceModel and both FastEngine event subjects time the whole libraryChanged event; the others prune the selection against the updated grid",
                    "FastEngine event and FastEngine selection work on state they own (as an app's engine does between events), put back untimed before each operation; bitset AND writes a preallocated result",
                    "FastEngine event, snapshot held: the event on a copy whose original is held, so that each chunk it writes is copied first; the peers and the seeds' sets prune a copy of the held selection",
                    "the seed's pruning is selection.formIntersection(photos.map(\\.id)); here the ids are already an array, so the map is left out",
                    "memcpy copies n/4 bytes, the bytes the bitset reads (two n-bit sets): the memory-bandwidth floor",
                ],
                fixture: fixture, subjects: subjects(context: context))
        }
    }
}
