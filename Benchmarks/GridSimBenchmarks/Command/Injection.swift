import Foundation
import BenchmarkKit

/// TEST-ONLY: deliberate slow-downs that prove the regression gate works.
///
/// Set `GRIDSIM_BENCH_INJECT` to a comma-separated list of `extra-pass`, `extra-alloc`,
/// `command-pass`, `engine-work`, `tap-work` and `prune-work`. The first two target every subject with the
/// `lowerBound` role (the plain bitset, and the dense-slot grid diff): the stand-ins for the
/// project's engine until it existed; the third targets the `commands` suite's command
/// subjects; the fourth the fast engine's tap.
/// - `extra-pass`: after each operation, one more read pass over the subject's data
///   (O(n/64) words for a bitset): a toggle becomes O(n), a pruning reads its input twice.
/// - `extra-alloc`: one more heap allocation per operation.
/// - `command-pass`: each command runs a second time per operation (a command reading its
///   trace twice): its time doubles, its allocations too.
/// - `engine-work`: about 5 % more work in the fast engine's tap (`FastEngine + log` of the
///   toggle suite): every `engineWorkPeriod`-th tap of the sequence is applied twice more,
///   which leaves the selection as it was. A regression far below what the time gate sees,
///   and what the exact gate must catch.
/// - `tap-work`: about 1 % more instructions per tap of the fast engine (`FastEngine + log`),
///   spent in `InjectedWork.burn(rounds:)`: the smallest change the exact gate is set to
///   catch, in one function its attribution must name.
/// - `prune-work`: the same in the pruning loop (`FastEngine selection` and `FastEngine
///   event` of the pruning suite): about 1 % more instructions per library change.
/// - `kit-step-work`: about 1 % more instructions in the kit's step path
///   (`AdapterEngine.apply`), which every adopter's benchmark runs: the `kit step` loop of
///   the toggle suite, and a team's adapters too. Read from the process's environment, since
///   the engine is built by the suites with nothing but its grid.
///
/// Never set it for a baseline: a report records the injection, and the comparison warns.
public struct Injection: Sendable, Equatable {
    public var extraPass: Bool
    public var extraAllocation: Bool
    public var commandPass: Bool
    public var engineWork: Bool
    public var tapWork: Bool
    public var pruneWork: Bool
    public var kitStepWork: Bool

    public static let none = Injection(extraPass: false, extraAllocation: false)
    public static let environmentVariable = "GRIDSIM_BENCH_INJECT"
    /// The words the variable accepts.
    public static let words = ["extra-pass", "extra-alloc", "command-pass", "engine-work", "tap-work", "prune-work", "kit-step-work"]
    /// One tap in this many of the toggle sequence is applied twice more under `engine-work`
    /// (a power of two, so that the test per tap is a mask): 2 applications more in 32 taps,
    /// which the counted loop measures as 5.2 % more instructions per tap (the loop and the
    /// log append are not repeated).
    public static let engineWorkPeriod = 32

    public init(
        extraPass: Bool, extraAllocation: Bool, commandPass: Bool = false, engineWork: Bool = false, tapWork: Bool = false,
        pruneWork: Bool = false, kitStepWork: Bool = false
    ) {
        self.extraPass = extraPass
        self.extraAllocation = extraAllocation
        self.commandPass = commandPass
        self.engineWork = engineWork
        self.tapWork = tapWork
        self.pruneWork = pruneWork
        self.kitStepWork = kitStepWork
    }

    /// The injection this process's environment names (none when it names none or garbage:
    /// the command refuses garbage before any engine is built). Read once.
    static let process = Injection(environmentValue: ProcessInfo.processInfo.environment[environmentVariable]) ?? .none

    /// Parses the variable's value; nil for anything but the known words.
    public init?(environmentValue: String?) {
        self = .none
        guard let value = environmentValue, !value.isEmpty else { return }
        for word in value.split(separator: ",") {
            switch word.trimmingCharacters(in: .whitespaces) {
            case "extra-pass": extraPass = true
            case "extra-alloc": extraAllocation = true
            case "command-pass": commandPass = true
            case "engine-work": engineWork = true
            case "tap-work": tapWork = true
            case "prune-work": pruneWork = true
            case "kit-step-work": kitStepWork = true
            default: return nil
            }
        }
    }

    public var isActive: Bool {
        extraPass || extraAllocation || commandPass || engineWork || tapWork || pruneWork || kitStepWork
    }

    /// How a report records it.
    public var label: String? {
        let words = [
            extraPass ? "extra-pass" : nil, extraAllocation ? "extra-alloc" : nil, commandPass ? "command-pass" : nil,
            engineWork ? "engine-work" : nil, tapWork ? "tap-work" : nil, pruneWork ? "prune-work" : nil,
            kitStepWork ? "kit-step-work" : nil,
        ].compactMap { $0 }
        return words.isEmpty ? nil : words.joined(separator: ",")
    }

    /// Call once per tap of the fast engine, with the tap's position in the sequence and the
    /// work to repeat: done twice more on every `engineWorkPeriod`-th position under
    /// `engine-work`.
    @inline(__always)
    func afterEngineTap(at position: Int, _ work: () -> Void) {
        if engineWork && position & (Self.engineWorkPeriod - 1) == 0 {
            work()
            work()
        }
    }

    /// Call after `taps` taps of the fast engine: under `tap-work`, burns about 1 % of their
    /// instructions at once. Once per batch rather than per tap: a test per tap would cost
    /// as much as the 1 % itself, and show in the loop rather than in `InjectedWork`.
    @inline(__always)
    func tapWork(taps: Int) {
        if tapWork { blackHole(InjectedWork.burn(rounds: taps &* InjectedWork.roundsPerThousandTaps / 1000)) }
    }

    /// Call once per library change of a pruning subject, with the rounds that make about
    /// 1 % of its instructions: burnt under `prune-work`.
    @inline(__always)
    func pruneWork(rounds: Int) {
        if pruneWork { blackHole(InjectedWork.burn(rounds: rounds)) }
    }

    /// Call once per operation of a target subject; `words` is the data one more pass reads
    /// (an autoclosure, so that without injection not even a retain is paid).
    @inline(__always)
    func afterOperation(readingAgain words: @autoclosure () -> [UInt64]) {
        guard isActive else { return }
        if extraPass { blackHole(WordKernels.readPass(words())) }
        if extraAllocation { blackHole(AllocationProbe(1)) }
    }

    /// The same for subjects whose data are anything else (a replay's events): the extra
    /// pass hands every element to `blackHole`.
    @inline(__always)
    func afterOperation<Data: Sequence>(rereading data: @autoclosure () -> Data) {
        guard isActive else { return }
        if extraPass { for element in data() { blackHole(element) } }
        if extraAllocation { blackHole(AllocationProbe(1)) }
    }

    /// The same for subjects whose data are slot arrays.
    @inline(__always)
    func afterOperation(readingAgain slots: @autoclosure () -> [Int32]) {
        guard isActive else { return }
        if extraPass { blackHole(slots().reduce(0, &+)) }
        if extraAllocation { blackHole(AllocationProbe(1)) }
    }

    /// Call once per operation of a command subject, with the command's work: run again
    /// under `command-pass`.
    @inline(__always)
    func afterCommand(_ command: () -> Void) {
        if commandPass { command() }
    }
}

/// TEST-ONLY: instructions spent on nothing, in a function of their own so that the exact
/// gate's attribution can name where a `tap-work` or `prune-work` injection went.
enum InjectedWork {
    /// Rounds burnt per thousand taps under `tap-work`: 1 % of a tap's instructions (120 in
    /// the counted loop, release build) at about 13 instructions a round, measured under
    /// callgrind.
    static let roundsPerThousandTaps = scaled(92)
    /// Rounds per library change under `prune-work`: about 1 % of the selection's pruning
    /// loop (3,710 instructions) and of the whole event (15,775).
    static let roundsPerSelectionPrune = scaled(3)
    static let roundsPerEventPrune = scaled(12)
    /// Under `kit-step-work`, called once per step of the kit's path: about 1 % of the `kit
    /// step` loop (505 instructions per tap, release build) in the call alone. A function of
    /// its own, like `burn`, so that the attribution names it. The tests' unoptimised build
    /// spends some 10 times the instructions on a step (4,910): there it burns 10 rounds
    /// besides, about 1.2 %.
    @inline(never)
    @_optimize(none)
    static func kitStep() {
        #if DEBUG
        _ = burn(rounds: 10)
        #endif
    }

    /// A round costs the same in every build (`burn` is never optimised), but an
    /// unoptimised build (the tests') spends some 60 times the instructions on the
    /// selection's pruning loop (225,723 a change against 3,710): there the rounds are 100
    /// times as many, about 1.7 %, past the 0.5 % limit with room to spare.
    private static func scaled(_ rounds: Int) -> Int {
        #if DEBUG
        return rounds * 100
        #else
        return rounds
        #endif
    }

    /// `rounds` steps of a 64-bit linear congruential generator. Left unoptimised
    /// (`@_optimize(none)`), so that a round costs the same few instructions in every build
    /// and for every count: the optimiser would unroll the chain and fold constant counts.
    /// O(rounds).
    @inline(never)
    @_optimize(none)
    static func burn(rounds: Int) -> UInt64 {
        var value: UInt64 = 0x9E37_79B9_7F4A_7C15
        var round = 0
        while round < rounds {
            value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            round &+= 1
        }
        return value
    }
}
