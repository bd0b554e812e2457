import GridSimKit

/// TEST-ONLY slow-downs of an adapter, which the benchmark gates must catch
/// (`SEEDGRID_BENCH_INJECT`): `Base` does the work, `Extra` adds some after each event.
struct Slower<Base: SelectionAdapter, Extra: Slowdown>: SelectionAdapter {
    var base: Base
    private var extra = Extra()

    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        base = Base(photos: photos, limit: limit, reduceMotion: reduceMotion)
    }

    mutating func apply(_ event: Event) -> Step? {
        let step = base.apply(event)
        extra.after(event, of: base)
        return step
    }

    var mode: Mode { base.mode }
    var chosenPhotos: [PhotoID] { base.chosenPhotos }
    var photos: [PhotoID] { base.photos }
    var tray: [PhotoID] { base.tray }
    var sheet: Sheet? { base.sheet }
    static var exposes: AdapterExposure { Base.exposes }
    static var unhandledEvents: Set<EventName> { Base.unhandledEvents }
}

/// Work added after each event. Its result is kept, so that the optimiser keeps the work.
protocol Slowdown {
    init()
    mutating func after<Adapter: SelectionAdapter>(_ event: Event, of adapter: Adapter)
}

/// `extra-pass`: one more read of the whole grid per event, O(photos): what the time
/// ratios catch.
struct OnePass: Slowdown {
    private(set) var checksum = 0

    mutating func after<Adapter: SelectionAdapter>(_ event: Event, of adapter: Adapter) {
        for id in adapter.photos { checksum &+= id.utf8.count }
    }
}

/// `tap-work`: about 1 % more instructions per tap, all of them in `spend(rounds:)`, far
/// below what the time ratios see and what the exact gate must fail, naming the function.
/// Every `period`-th tap spends `rounds` rounds.
struct TapWork: Slowdown {
    /// One tap in this many spends (a power of two: the test is a mask).
    static let period = 8
    /// 1 % of the seed model's tap at 10K photos (its counted loop: TAP_COST instructions per
    /// tap, release build), a round costing about 13 instructions.
    static let rounds = 9

    private var taps = 0
    private(set) var checksum: UInt64 = 0

    mutating func after<Adapter: SelectionAdapter>(_ event: Event, of adapter: Adapter) {
        guard case .tap = event else { return }
        taps &+= 1
        if taps & (Self.period - 1) == 0 { checksum &+= Self.spend(rounds: Self.rounds) }
    }

    /// `rounds` steps of a 64-bit linear congruential generator, left unoptimised so that a
    /// round costs the same in every build. O(rounds).
    @inline(never)
    @_optimize(none)
    static func spend(rounds: Int) -> UInt64 {
        var value: UInt64 = 0x9E37_79B9_7F4A_7C15
        var round = 0
        while round < rounds {
            value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            round &+= 1
        }
        return value
    }
}
