import Foundation
import GridSimKit

/// TEST-ONLY slow-downs of the benchmarked adapter, which the gates must catch, chosen by
/// `SEEDGRID_BENCH_INJECT` (`nil` when it is unset or names none).
enum Slowdown: Sendable {
    /// `extra-pass`: one more read of the whole grid per event, O(photos): what the time
    /// ratios catch.
    case onePass
    /// `tap-work`: about 1 % more instructions per tap, all of them in
    /// `TapWork.spend(rounds:)`: far below what the time ratios see, and what the exact gate
    /// must fail, naming the function.
    case tapWork

    init?(word: String) {
        switch word {
        case "extra-pass": self = .onePass
        case "tap-work": self = .tapWork
        default: return nil
        }
    }

    /// The slow-down of this process, read once.
    static let current: Slowdown? = ProcessInfo.processInfo.environment["SEEDGRID_BENCH_INJECT"].flatMap(Slowdown.init(word:))
}

/// The adapter the benchmark runs: `Base`, plus the slow-down of the process if any. Always
/// this type, with or without a slow-down, so that an injected run and its baseline count
/// the same functions: a wrapper type per slow-down would rename every specialisation of
/// the kit's loops, and the attribution would list them as gone and new.
struct Injectable<Base: PhotoGridAdapter & SheetExposing>: PhotoGridAdapter, SheetExposing {
    var base: Base
    private var taps = 0
    /// Where the slow-downs' results go, so that the optimiser keeps their work.
    private(set) var checksum: UInt64 = 0

    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        base = Base(photos: photos, limit: limit, reduceMotion: reduceMotion)
    }

    mutating func apply(_ event: Event) -> Step? {
        let step = base.apply(event)
        switch Slowdown.current {
        case nil: break
        case .onePass:
            for id in base.photos { checksum &+= UInt64(id.utf8.count) }
        case .tapWork:
            guard case .tap = event else { break }
            taps &+= 1
            if taps & (TapWork.period - 1) == 0 { checksum &+= TapWork.spend(rounds: TapWork.rounds) }
        }
        return step
    }

    var mode: Mode { base.mode }
    var chosenPhotos: [PhotoID] { base.chosenPhotos }
    var photos: [PhotoID] { base.photos }
    var picks: [PhotoID] { base.picks }
    var sheet: Sheet? { base.sheet }
    static var unhandledEvents: Set<EventName> { Base.unhandledEvents }
}

/// Instructions spent on nothing, in a function of their own.
enum TapWork {
    /// One tap in this many spends (a power of two: the test is a mask).
    static let period = 8
    /// With the count of taps, 1 % of the seed model's tap at 10K photos (its counted loop:
    /// 2,252 instructions per tap, release build), a round costing about 13 instructions.
    static let rounds = 10

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
