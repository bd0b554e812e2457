/// Everything one run measured, as written by `--json` and (without raw samples) saved as a
/// baseline.
public struct BenchmarkReport: Codable, Sendable {
    /// Bumped when a field changes meaning; a baseline of another version is not compared.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int = BenchmarkReport.currentSchemaVersion
    public var tool: String = "gridsim-bench"
    /// ISO 8601, UTC.
    public var createdAt: String
    public var machine: MachineFacts
    public var build: BuildFacts
    public var settings: RunSettingsRecord
    /// Cost of one pair of clock readings, subtracted from every sample.
    public var clockOverheadNanoseconds: Double
    /// Streaming copy bandwidth (bytes copied per second), measured at the start of the run.
    public var memoryBandwidthBytesPerSecond: Double?
    public var cases: [CaseReport]
    /// The exact measure: owned subjects' operation loops counted under callgrind
    /// (`--count`, `--count-only`); nil when not counted.
    public var counts: [CountReport]?
    /// The comparison with a baseline, with its attribution, in a run that compared (`--json`
    /// output only: a saved baseline leaves it out).
    public var comparison: BaselineComparison?

    public init(
        createdAt: String, machine: MachineFacts, build: BuildFacts, settings: RunSettingsRecord,
        clockOverheadNanoseconds: Double, memoryBandwidthBytesPerSecond: Double?, cases: [CaseReport],
        counts: [CountReport]? = nil
    ) {
        self.createdAt = createdAt
        self.machine = machine
        self.build = build
        self.settings = settings
        self.clockOverheadNanoseconds = clockOverheadNanoseconds
        self.memoryBandwidthBytesPerSecond = memoryBandwidthBytesPerSecond
        self.cases = cases
        self.counts = counts
    }

    /// The same report without raw samples and without its comparison: what a baseline keeps.
    public func withoutRawSamples() -> BenchmarkReport {
        var copy = self
        copy.comparison = nil
        for caseIndex in copy.cases.indices {
            for subjectIndex in copy.cases[caseIndex].subjects.indices {
                copy.cases[caseIndex].subjects[subjectIndex].samples = nil
            }
        }
        return copy
    }
}

/// How a run was configured, for the record.
public struct RunSettingsRecord: Codable, Sendable {
    public var quick: Bool
    public var sizes: [Int]
    public var filter: String?
    public var caseBudgetSeconds: Double
    public var minimumRounds: Int
    public var maximumRounds: Int
    public var replayEvents: Int
    /// The test-only slow-down in effect (`GRIDSIM_BENCH_INJECT`), if any. Never set in a
    /// real baseline.
    public var injection: String?
    /// Whether `SWIFT_DETERMINISTIC_HASHING` was set (hash seeds fixed across runs).
    public var deterministicHashing: Bool

    public init(
        quick: Bool, sizes: [Int], filter: String?, caseBudgetSeconds: Double, minimumRounds: Int,
        maximumRounds: Int, replayEvents: Int, injection: String?, deterministicHashing: Bool
    ) {
        self.quick = quick
        self.sizes = sizes
        self.filter = filter
        self.caseBudgetSeconds = caseBudgetSeconds
        self.minimumRounds = minimumRounds
        self.maximumRounds = maximumRounds
        self.replayEvents = replayEvents
        self.injection = injection
        self.deterministicHashing = deterministicHashing
    }
}

/// One case: a suite at a size (and variant), every subject on the same data.
public struct CaseReport: Codable, Sendable {
    public var id: String
    public var suite: String
    public var size: Int
    public var variant: String?
    public var operationName: String
    public var itemName: String
    public var itemsPerOperation: Int
    /// The subject all time ratios are taken against.
    public var anchor: String
    /// The run's own measure of timing noise for this case (anchor timed twice per round).
    public var noise: NoiseBand?
    public var rounds: Int
    public var notes: [String]
    public var subjects: [SubjectReport]

    public func subject(named name: String) -> SubjectReport? {
        subjects.first { $0.name == name }
    }
}

/// One subject in one case.
public struct SubjectReport: Codable, Sendable {
    public var name: String
    public var role: SubjectRole
    /// Why it did not run (its cap), or nil.
    public var skipped: String?

    /// Operations per timed sample, and samples per round.
    public var operationsPerSample: Int?
    public var samplesPerRound: Int?
    /// Rounds this subject took part in (slow subjects sit out all but the first three).
    public var rounds: Int?
    /// Wall time per operation in nanoseconds (information only, never gated).
    public var nanosecondsPerOperation: Percentiles?
    /// Every sample, nanoseconds per operation, in the order taken. Omitted in baselines.
    public var samples: [Double]?
    /// Items (taps, photos, events) per second at the median.
    public var itemsPerSecond: Double?

    /// Allocation requests per operation, counted over `allocationOperations` (gated).
    public var allocationsPerOperation: Double?
    /// Bytes allocated per operation (gated).
    public var allocatedBytesPerOperation: Double?
    /// Bytes that stayed allocated per operation (information).
    public var retainedBytesPerOperation: Double?
    public var allocationOperations: Int?

    /// Peak resident memory while the subject was prepared and warmed up.
    public var peakResidentBytes: UInt64?
    /// How much that peak exceeded the resident size at the start of the subject.
    public var peakGrowthBytes: UInt64?
    /// False when the kernel's peak could not be reset (the peak is the process's).
    public var peakIsPerBenchmark: Bool?

    /// Subject time / anchor time, from alternating rounds (gated).
    public var ratioToAnchor: RatioEstimate?
    /// The same ratio from re-measurements of the case, taken only when a comparison with a
    /// baseline saw it move: a change counts only if every measurement shows it.
    public var remeasuredRatios: [RatioEstimate]?
    /// Median time over the reference model's median time, when the reference ran.
    public var ratioToReference: Double?
    /// Median time over the fastest peer's median time.
    public var ratioToBestPeer: Double?
    /// The memory-copy kernel's median time over this subject's: the share of memory
    /// bandwidth this subject achieves, when the case has a kernel.
    public var bandwidthShare: Double?

    /// The subject's result, checked equal across subjects.
    public var result: ResultFingerprint?

    public init(name: String, role: SubjectRole, skipped: String? = nil) {
        self.name = name
        self.role = role
        self.skipped = skipped
    }
}
