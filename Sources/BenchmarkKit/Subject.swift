/// What a subject stands for in a comparison; decides which ratios a table shows and what
/// the gate checks.
public enum SubjectRole: String, Codable, Sendable, CaseIterable {
    /// The reference model of SelectionCore: the oracle, O(n) per tap, size-capped.
    case reference
    /// The seeds' own approach (`Set<String>` and friends) where it differs from the reference.
    case seed
    /// Another implementation of the same operation (Swift `Set<Int>`, CRoaring, stdlib diff…).
    case peer
    /// The simplest fast structure (a plain `[UInt64]` bitset): what "fast" should approach.
    case lowerBound
    /// The project's own fast engine.
    case engine
    /// A kernel that computes nothing useful but moves the bytes the operation must touch at
    /// the machine's memory bandwidth: the physical limit. Exempt from the result check.
    case physicalLimit
    /// A command users run (check, replay, inspect, convert, generate), timed in-process
    /// through the library function the command calls, its report written to memory.
    case command

    /// Whether the gate judges this subject's time ratio: only for code this project owns
    /// (the reference model, the engine, the lower bound standing in for it). A peer's or the
    /// seed approach's ratio moves when the toolchain, a library or the machine changes, not
    /// with our commits, and the peers here (CRoaring, `Set<Int>`) settle at ratios up to
    /// 1.46× apart from one process to the next: reported, never a verdict. Their allocation
    /// counts, being exact, are still gated. A command is this project's code end to end.
    public var isTimeGated: Bool {
        switch self {
        case .reference, .engine, .lowerBound, .command: true
        case .seed, .peer, .physicalLimit: false
        }
    }

    /// Whether this subject counts as a peer when the table names the best one.
    public var isPeer: Bool {
        switch self {
        case .seed, .peer, .lowerBound, .engine: true
        case .reference, .physicalLimit, .command: false
        }
    }
}

/// A subject whose state is built and whose operation is ready to be timed.
///
/// The operation keeps its output in state that outlives the timing (or passes it to
/// `blackHole`), so the optimiser cannot drop it.
public struct PreparedOperation {
    /// Performs `count` operations back to back. This is what is timed.
    public var perform: (_ count: Int) -> Void
    /// Untimed work before each sample, for operations that consume their state (a replay
    /// needs a fresh session each time). Nil when operations can follow each other.
    public var resetBeforeSample: (() -> Void)?
    /// Untimed work before each round's samples, given how many operations the round will
    /// time: brings what those operations touch into the cache without changing the state
    /// (taps done twice, for instance). Without it, an operation on a large state is timed
    /// with whatever the subjects before it in the round left in the cache. Nil: none.
    public var warmUpBeforeRound: ((_ operations: Int) -> Void)?
    /// The canonical result of what has been performed, for the cross-subject check; nil for
    /// a subject that computes no result (the physical limit). Untimed.
    public var result: () -> ResultFingerprint?

    public init(
        perform: @escaping (_ count: Int) -> Void,
        resetBeforeSample: (() -> Void)? = nil,
        warmUpBeforeRound: ((_ operations: Int) -> Void)? = nil,
        result: @escaping () -> ResultFingerprint?
    ) {
        self.perform = perform
        self.resetBeforeSample = resetBeforeSample
        self.warmUpBeforeRound = warmUpBeforeRound
        self.result = result
    }
}

/// One implementation that a suite measures, over the suite's fixture (its shared input).
///
/// A suite keeps a list of these; adding an implementation to a suite is adding one value
/// to its list.
public struct Subject<Fixture> {
    public let name: String
    public let role: SubjectRole
    /// Why the subject sits out a case (its size cap, stated for the output), or nil when it
    /// runs. Decided from the parameters alone, before any fixture is built.
    public let skipReason: (CaseParameters) -> String?
    /// Builds the subject's state from the fixture. Untimed.
    public let prepare: (Fixture, CaseParameters) -> PreparedOperation

    public init(
        name: String,
        role: SubjectRole,
        skipReason: @escaping (CaseParameters) -> String? = { _ in nil },
        prepare: @escaping (Fixture, CaseParameters) -> PreparedOperation
    ) {
        self.name = name
        self.role = role
        self.skipReason = skipReason
        self.prepare = prepare
    }
}

/// The knobs of one case: the grid size and the variant's number (the fraction removed,
/// the distance k…), if the suite has variants.
public struct CaseParameters: Sendable, Hashable {
    public var size: Int
    public var variant: Double?
    /// Events in a replayed trace, operations in a batch… whatever else a suite needs.
    public var length: Int

    public init(size: Int, variant: Double? = nil, length: Int = 0) {
        self.size = size
        self.variant = variant
        self.length = length
    }
}
