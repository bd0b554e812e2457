@_spi(GridSimInternals) import SelectionCore

/// Building engine states through events only (the `SelectionEngine` protocol has no other
/// way in), so the same code serves the reference model and any later engine.
enum EngineSetup {
    /// A grid of `photoCount` counted photos, selecting, with exactly `selected` chosen.
    /// Costs `selected.count` taps: O(selected · n) for the reference model (its tap scans
    /// the grid), O(selected) for an engine with O(1) taps.
    static func selecting<Engine: SelectionEngine>(_ engine: Engine.Type, photoCount: Int, selected: [Int]) -> Engine {
        var engine = Engine(configuration: GridConfiguration(photos: .count(photoCount)))
        if let first = selected.first {
            _ = engine.apply(.longPress(PhotoNaming.id(ofSlot: first)))
            for slot in selected.dropFirst() { _ = engine.apply(.tap(PhotoNaming.id(ofSlot: slot))) }
        } else {
            _ = engine.apply(.select)
        }
        return engine
    }

    /// The chosen photos of `engine` as sorted slots (untimed result checks).
    static func selectedSlots<Engine: SelectionEngine>(_ engine: Engine) -> [Int] {
        engine.chosenPhotos.map(PhotoNaming.slot(of:)).sorted()
    }
}

/// A grid of `photoCount` photos with a random half selected (each photo with probability
/// ½, drawn from the workload's seed): the starting state of the suites that compare two
/// selections, shared by every variant of a case.
class HalfSelectedGrid {
    let photoCount: Int
    let selected: PlainBitset
    private(set) lazy var selectedSlots: [Int] = selected.slots
    private var engines: [ObjectIdentifier: Any] = [:]

    /// O(photoCount/64).
    init(photoCount: Int, workload: String) {
        self.photoCount = photoCount
        selected = PlainBitset(randomHalfOf: photoCount, workload: workload)
    }

    /// An engine selecting exactly `selected`, built on the first call for its type (through
    /// its events: see `EngineSetup.selecting`). An engine is a value: each subject copies it
    /// before writing.
    func selecting<Engine: SelectionEngine>(_ engine: Engine.Type) -> Engine {
        if let built = engines[ObjectIdentifier(engine)] as? Engine { return built }
        let built = EngineSetup.selecting(engine, photoCount: photoCount, selected: selectedSlots)
        engines[ObjectIdentifier(engine)] = built
        return built
    }
}

/// Keeps an operation's state alive between calls: closures capture one box per prepared
/// subject, so the optimiser sees the work escape.
///
/// Timed loops go through `withValue`, which is one exclusive access for the whole loop. A
/// class property touched once per operation would pay Swift's dynamic exclusivity check
/// each time, a cost of the harness rather than of the subject (and larger than a bitset
/// toggle).
final class StateBox<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }

    @inline(__always)
    func withValue<Result>(_ body: (inout Value) -> Result) -> Result {
        body(&value)
    }
}
