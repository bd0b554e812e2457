import BenchmarkKit
@_spi(GridSimInternals) import SelectionCore

/// Memory: what a selecting session on a grid given by count holds, read as the "peak Δ"
/// column (resident growth while the subject's session is built and tapped; divide by the
/// photo count for bytes per photo). Each session: a grid of n photos, a long press and 99
/// taps near it; the timed operation is one more tap there and back, so that the figure is
/// a session in use, not an idle one.
enum MemorySuite: BenchmarkSuite {
    static let name = "memory"
    static let summary = "resident memory of a selecting session on a grid given by count (the peak Δ column)"

    /// The 100 photos every session chooses: 0, 7, 14, … (nearby, as a person taps).
    static let chosen = (0..<100).map { $0 * 7 }

    static func subjects(context: SuiteContext) -> [Subject<Int>] {
        [
            // Its grid is n strings and its selection a set of strings.
            session(ReferenceModel.self, name: "ReferenceModel", role: .reference) { parameters in
                parameters.size > 1_000_000 ? "n strings of ids; capped at 1M photos" : nil
            },
            session(FastEngine.self, name: "FastEngine", role: .engine),
            slotSession(Set<Int>.self, name: "Set<Int>", role: .peer),
            slotSession(RoaringBitmap.self, name: "CRoaring", role: .peer),
            slotSession(PlainBitset.self, name: "bitset", role: .lowerBound),
        ]
    }

    /// A session of any `SelectionEngine`, built by events.
    static func session<Engine: SelectionEngine>(
        _ engine: Engine.Type, name: String, role: SubjectRole,
        skipReason: @escaping (CaseParameters) -> String? = { _ in nil }
    ) -> Subject<Int> {
        Subject(name: name, role: role, skipReason: skipReason) { photoCount, _ in
            let state = StateBox(EngineSetup.selecting(Engine.self, photoCount: photoCount, selected: chosen))
            let tap = Event.tap(PhotoNaming.id(ofSlot: 3))
            return PreparedOperation(
                perform: { count in
                    state.withValue { engine in
                        for _ in 0..<count { blackHole(engine.apply(tap).outcome == .applied) }
                    }
                },
                result: { slotsResult(EngineSetup.selectedSlots(state.value)) })
        }
    }

    /// The peers' minimal session: a grid set and a selection set (see `SlotReplayer`).
    static func slotSession<Storage: SlotSet>(_ storage: Storage.Type, name: String, role: SubjectRole) -> Subject<Int> {
        Subject(name: name, role: role) { photoCount, _ in
            var session = SlotReplayer<Storage>(photoCount: photoCount)
            session.apply(.longPress(Int32(chosen[0])))
            for slot in chosen.dropFirst() { session.apply(.tap(Int32(slot))) }
            let state = StateBox(session)
            return PreparedOperation(
                perform: { count in
                    state.withValue { session in
                        for _ in 0..<count { session.apply(.tap(3)) }
                    }
                },
                result: { slotsResult(state.value.selection.sortedSlots) })
        }
    }

    static func cases(size: Int, context: SuiteContext, include: (String) -> Bool) -> [BenchmarkCase] {
        guard include(BenchmarkCase.id(suite: name, size: size)) else { return [] }
        return [
            BenchmarkCase(
                suite: name, size: size, parameters: CaseParameters(size: size),
                operationName: "tap", itemName: "taps", itemsPerOperation: 1,
                operationsPerSample: .fixed(64), allocationOperations: 1024,
                // Not Set<Int>: its per-process hash seed moves its tap time between runs.
                anchor: "bitset",
                notes: [
                    "read the peak Δ column: resident growth while the session is built and tapped; bytes per photo = peak Δ / \(size) photos",
                    "a session: a grid of \(size) photos given by count, a long press and 99 taps nearby (100 chosen); the operation is one tap",
                    "the peers hold a grid set and a selection set of the same type (Set<Int>, CRoaring, a plain bitset)",
                ],
                fixture: SharedFixture(users: 1) { size }, subjects: subjects(context: context)),
        ]
    }
}
