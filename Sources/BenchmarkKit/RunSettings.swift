/// How long and how finely the runner measures each case.
public struct RunSettings: Sendable, Equatable {
    /// Time spent in alternating rounds per case (warm-up and preparation come on top).
    public var caseBudgetNanoseconds: Double
    /// Rounds taken even when the budget is spent; 3 for cases whose rounds are slow.
    public var minimumRounds: Int
    public var maximumRounds: Int
    /// How long each subject is timed per round (several samples, their median kept).
    public var roundTargetNanoseconds: Double
    /// Samples with `OperationsPerSample.automatic` grow until they last this long, so the
    /// clock's own resolution and overhead stay negligible.
    public var minimumSampleNanoseconds: Double
    public var maximumSamplesPerRound: Int
    /// Samples per subject per round, at least (the round keeps the fastest).
    public var minimumSamplesPerRound: Int
    /// Rounds taken by a subject whose part of a round exceeds an eighth of the budget.
    public var slowSubjectRounds: Int = 3
    /// Time each subject runs untimed before its first sample (caches, branch predictors,
    /// lazily initialised metadata).
    public var warmupNanoseconds: Double

    public init(
        caseBudgetNanoseconds: Double, minimumRounds: Int, maximumRounds: Int,
        roundTargetNanoseconds: Double, minimumSampleNanoseconds: Double,
        maximumSamplesPerRound: Int, minimumSamplesPerRound: Int, warmupNanoseconds: Double
    ) {
        self.caseBudgetNanoseconds = caseBudgetNanoseconds
        self.minimumRounds = minimumRounds
        self.maximumRounds = maximumRounds
        self.roundTargetNanoseconds = roundTargetNanoseconds
        self.minimumSampleNanoseconds = minimumSampleNanoseconds
        self.maximumSamplesPerRound = maximumSamplesPerRound
        self.minimumSamplesPerRound = minimumSamplesPerRound
        self.warmupNanoseconds = warmupNanoseconds
    }

    /// The CI subset: a second and a half of rounds per case.
    public static let quick = RunSettings(
        caseBudgetNanoseconds: 1.5e9, minimumRounds: 9, maximumRounds: 400,
        roundTargetNanoseconds: 2e6, minimumSampleNanoseconds: 20e3,
        maximumSamplesPerRound: 16, minimumSamplesPerRound: 5, warmupNanoseconds: 5e6)

    /// A full run: more rounds, longer warm-up.
    public static let full = RunSettings(
        caseBudgetNanoseconds: 3.0e9, minimumRounds: 9, maximumRounds: 1000,
        roundTargetNanoseconds: 4e6, minimumSampleNanoseconds: 20e3,
        maximumSamplesPerRound: 32, minimumSamplesPerRound: 5, warmupNanoseconds: 20e6)
}
