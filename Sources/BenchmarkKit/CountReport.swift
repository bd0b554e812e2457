/// One subject's operation loop counted under callgrind: instructions per operation (exact,
/// gated) and, where the cache was simulated, last-level cache misses per operation.
///
/// The loop is a fixed number of operations on seeded data after as many again of warm-up,
/// with no timing harness around it, so the counts repeat from run to run on the same build
/// and toolchain; they move with the code, not with the machine's load.
public struct CountReport: Codable, Sendable, Equatable {
    /// The case of a timed suite whose subject this is (`toggle/10K`, `pruning/10K/1%`).
    public var caseID: String
    public var subject: String
    public var role: SubjectRole
    /// Operations in the counted loop.
    public var operations: Int
    /// Instructions executed per operation (callgrind's `Ir`), gated.
    public var instructionsPerOperation: Double
    /// Simulated last-level cache read misses per operation (instruction and data reads,
    /// `ILmr + DLmr`), when the cache was simulated.
    public var lastLevelReadMissesPerOperation: Double?
    /// Simulated last-level cache write misses per operation (`DLmw`).
    public var lastLevelWriteMissesPerOperation: Double?
    /// The subject's result after the loop, in words (what it computed, for the reader).
    public var result: String?
    /// The loop's own limit on instructions per operation (a fraction: 0.005 = 0.5 %), when
    /// it has one other than `GateThresholds.instructionsPerOperation`, and why.
    public var instructionLimit: Double?
    public var instructionLimitReason: String?
    /// Where the instructions went, function by function: what attributes a change of the
    /// exact gate. Nil in reports and baselines saved before profiles were kept.
    public var profile: CallProfile?

    /// The limit the exact gate applies to this loop's instructions per operation.
    public var instructionThreshold: Threshold {
        instructionLimit.map { Threshold(relative: $0, absoluteFloor: GateThresholds.instructionsPerOperation.absoluteFloor) }
            ?? GateThresholds.instructionsPerOperation
    }

    /// `caseID subject`: how a comparison pairs a count with the baseline's.
    public var key: String { "\(caseID) \(subject)" }
}

extension CountReport {
    /// A loop of `operations` operations (at least one) that callgrind counted as `totals`, as
    /// counts per operation; nil when the totals have no instruction count. O(1).
    public init?(caseID: String, subject: String, role: SubjectRole, operations: Int, totals: CallgrindOutput, result: String?) {
        guard operations > 0, let instructions = totals.instructions else { return nil }
        let perOperation = { (value: UInt64?) in value.map { Double($0) / Double(operations) } }
        self.init(
            caseID: caseID, subject: subject, role: role, operations: operations,
            instructionsPerOperation: Double(instructions) / Double(operations),
            lastLevelReadMissesPerOperation: perOperation(totals.lastLevelReadMisses),
            lastLevelWriteMissesPerOperation: perOperation(totals.lastLevelWriteMisses), result: result)
    }
}
