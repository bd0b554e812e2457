/// Measures one case: prepares each subject, counts its allocations, checks that all of them
/// compute the same result, then times them in alternating rounds.
///
/// A round times every subject once, in an order rotated by one each round (so no subject
/// always follows the same neighbour), plus the anchor a second time (its "twin"): the A/A
/// pair that gives the run's own noise band. Per round each subject contributes the fastest
/// of a few samples (at least `minimumSamplesPerRound`, unless one sample takes a tenth of
/// the budget); ratios are taken round by round, so that a machine slowing down for a while
/// slows both sides of a ratio. A subject that offers an untimed warm-up
/// (`PreparedOperation.warmUpBeforeRound`) gets it at the start of its turn, so that it is
/// not timed with the cache the previous subject left.
public struct CaseRunner {
    public var settings: RunSettings
    /// Subtracted from every sample (see `MonotonicClock.calibratedOverhead`).
    public var clockOverhead: UInt64
    /// Where allocations are counted (all arenas in the executable).
    public var allocationCounter: AllocationCounter
    /// Progress lines (stderr in the command).
    public var log: (String) -> Void

    public init(
        settings: RunSettings, clockOverhead: UInt64, allocationCounter: AllocationCounter,
        log: @escaping (String) -> Void = { _ in }
    ) {
        self.settings = settings
        self.clockOverhead = clockOverhead
        self.allocationCounter = allocationCounter
        self.log = log
    }

    /// Everything measured about `benchmarkCase`. Throws when subjects disagree on the result
    /// or the anchor cannot run.
    public func run(_ benchmarkCase: BenchmarkCase) throws -> CaseReport {
        defer { benchmarkCase.finish() }
        var reports = benchmarkCase.subjects.map { SubjectReport(name: $0.name, role: $0.role, skipped: $0.skipReason) }
        guard let anchorIndex = benchmarkCase.subjects.firstIndex(where: { $0.name == benchmarkCase.anchor && $0.skipReason == nil })
        else { throw BenchmarkFailure.anchorDidNotRun(caseID: benchmarkCase.id, anchor: benchmarkCase.anchor) }

        var lanes: [Lane] = []
        for (index, subject) in benchmarkCase.subjects.enumerated() where subject.skipReason == nil {
            log("  \(benchmarkCase.id): preparing \(subject.name)")
            let lane = prepare(subject, of: benchmarkCase, report: &reports[index], index: index)
            lanes.append(lane)
            if index == anchorIndex {
                lanes.append(Lane(subjectIndex: index, isTwin: true, operation: lane.operation,
                                  operationsPerSample: lane.operationsPerSample, samplesPerRound: lane.samplesPerRound,
                                  estimatedRoundNanoseconds: lane.estimatedRoundNanoseconds))
            }
        }
        try checkResultsAgree(reports, caseID: benchmarkCase.id)

        log("  \(benchmarkCase.id): timing \(lanes.count - 1) subjects in alternating rounds")
        let rounds = runRounds(lanes, anchorIndex: anchorIndex)

        return summarise(benchmarkCase, reports: reports, lanes: lanes, anchorIndex: anchorIndex, rounds: rounds)
    }

    // MARK: - Preparation

    /// Builds the subject, counts allocations, records its result and memory peak, and sizes
    /// its samples.
    private func prepare(_ subject: CaseSubject, of benchmarkCase: BenchmarkCase, report: inout SubjectReport, index: Int) -> Lane {
        let memory = ResidentMemory.startPeakWindow()
        let operation = subject.prepare()
        let window = countAllocations(operation, operations: benchmarkCase.allocationOperations)
        let operations = Double(benchmarkCase.allocationOperations)
        report.allocationOperations = benchmarkCase.allocationOperations
        report.allocationsPerOperation = Double(window.delta.allocations) / operations
        report.allocatedBytesPerOperation = Double(window.delta.allocatedBytes) / operations
        report.retainedBytesPerOperation = Double(window.delta.retainedBytes) / operations
        report.result = operation.result()
        let peak = memory.finish()
        report.peakResidentBytes = peak.peakBytes
        report.peakGrowthBytes = peak.growthBytes
        report.peakIsPerBenchmark = memory.isPerBenchmark

        let sizing = sizeSamples(operation, policy: benchmarkCase.operationsPerSample,
                                 estimate: window.nanosecondsPerOperation, alreadyWarmed: window.elapsedNanoseconds)
        report.operationsPerSample = sizing.operationsPerSample
        report.samplesPerRound = sizing.samplesPerRound
        return Lane(subjectIndex: index, isTwin: false, operation: operation,
                    operationsPerSample: sizing.operationsPerSample, samplesPerRound: sizing.samplesPerRound,
                    estimatedRoundNanoseconds: sizing.sampleNanoseconds * Double(sizing.samplesPerRound))
    }

    /// Runs `operations` operations as a warm-up, then counts what the next `operations`
    /// allocate. Both runs start from the same prepared state for every process, so the
    /// count is reproducible. Operations that need a reset get one before each, outside the
    /// counted window.
    private func countAllocations(_ operation: PreparedOperation, operations: Int)
        -> (delta: AllocationDelta, nanosecondsPerOperation: Double, elapsedNanoseconds: Double)
    {
        let started = MonotonicClock.now()
        var total = AllocationDelta.zero
        var timed: UInt64 = 0
        if let reset = operation.resetBeforeSample {
            for _ in 0..<operations {
                reset()
                operation.perform(1)
            }
            for _ in 0..<operations {
                reset()
                let before = allocationCounter.snapshot()
                let start = MonotonicClock.now()
                operation.perform(1)
                timed &+= MonotonicClock.now() &- start
                let delta = AllocationCounter.delta(from: before, to: allocationCounter.snapshot())
                total.allocations += delta.allocations
                total.allocatedBytes += delta.allocatedBytes
                total.retainedBytes += delta.retainedBytes
            }
        } else {
            operation.perform(operations)
            let before = allocationCounter.snapshot()
            let start = MonotonicClock.now()
            operation.perform(operations)
            timed = MonotonicClock.now() &- start
            total = AllocationCounter.delta(from: before, to: allocationCounter.snapshot())
        }
        let elapsed = Double(MonotonicClock.now() &- started)
        return (total, Double(timed) / Double(max(operations, 1)), elapsed)
    }

    /// Picks operations per sample and samples per round, and finishes the warm-up.
    private func sizeSamples(_ operation: PreparedOperation, policy: OperationsPerSample, estimate: Double, alreadyWarmed: Double)
        -> (operationsPerSample: Int, samplesPerRound: Int, sampleNanoseconds: Double)
    {
        var operations: Int
        switch policy {
        case .fixed(let count):
            operations = count
        case .automatic:
            operations = 1
            var perOperation = max(estimate, 1)
            while Double(operations) * perOperation < settings.minimumSampleNanoseconds && operations < 1 << 26 {
                let wanted = Int((settings.minimumSampleNanoseconds * 1.25 / perOperation).rounded(.up))
                operations = min(max(wanted, operations * 2), 1 << 26)
                perOperation = max(timeSample(operation, operations: operations), 0.01)
            }
        }
        var warmed = alreadyWarmed
        while warmed < settings.warmupNanoseconds {
            let start = MonotonicClock.now()
            _ = timeSample(operation, operations: operations)
            warmed += Double(MonotonicClock.now() &- start)
        }
        // The median of a few samples: one page fault or preemption must not decide the
        // round's shape. Slow subjects (a second or more per sample) settle for one.
        var estimates: [Double] = []
        repeat {
            estimates.append(timeSample(operation, operations: operations) * Double(operations))
        } while estimates.count < 5 && estimates.reduce(0, +) < 1e9
        let sampleNanoseconds = Percentiles.median(estimates) ?? 1
        let wanted = Int(settings.roundTargetNanoseconds / max(sampleNanoseconds, 1))
        let floor = sampleNanoseconds > settings.caseBudgetNanoseconds / 10 ? 1 : settings.minimumSamplesPerRound
        return (operations, min(max(wanted, floor), max(settings.maximumSamplesPerRound, floor)), sampleNanoseconds)
    }

    // MARK: - Timing

    /// One sample: nanoseconds per operation, clock overhead removed.
    @inline(never)
    private func timeSample(_ operation: PreparedOperation, operations: Int) -> Double {
        operation.resetBeforeSample?()
        let start = MonotonicClock.now()
        operation.perform(operations)
        let end = MonotonicClock.now()
        let elapsed = end &- start
        let net = elapsed > clockOverhead ? elapsed - clockOverhead : 0
        return Double(net) / Double(operations)
    }

    /// Alternating rounds until the budget is spent (and at least the minimum taken).
    ///
    /// A subject whose part of a round would take more than an eighth of the budget (the
    /// stdlib's quadratic diff, the reference model replaying a long trace) takes part in
    /// the first `slowSubjectRounds` rounds only, so that it does not starve the others of
    /// rounds; the anchor and its twin take part in every round.
    private func runRounds(_ lanes: [Lane], anchorIndex: Int) -> Int {
        let started = MonotonicClock.now()
        let slowLimit = settings.caseBudgetNanoseconds / 8
        for lane in lanes where lane.subjectIndex != anchorIndex && lane.estimatedRoundNanoseconds > slowLimit {
            lane.roundLimit = settings.slowSubjectRounds
        }
        // When the anchor itself is slow, every round is: three rounds must do.
        let anchorIsSlow = lanes.contains { $0.subjectIndex == anchorIndex && $0.estimatedRoundNanoseconds > slowLimit }
        let minimumRounds = anchorIsSlow ? settings.slowSubjectRounds : settings.minimumRounds
        var rounds = 0
        while rounds < settings.maximumRounds {
            for offset in 0..<lanes.count {
                let lane = lanes[(offset + rounds) % lanes.count]
                guard rounds < lane.roundLimit else { continue }
                var perRound: [Double] = []
                perRound.reserveCapacity(lane.samplesPerRound)
                lane.operation.warmUpBeforeRound?(lane.samplesPerRound * lane.operationsPerSample)
                for _ in 0..<lane.samplesPerRound {
                    perRound.append(timeSample(lane.operation, operations: lane.operationsPerSample))
                }
                lane.samples.append(contentsOf: perRound)
                lane.roundMinimums.append(perRound.min() ?? 0)
            }
            for lane in lanes where lane.roundMinimums.count <= rounds { lane.roundMinimums.append(nil) }
            rounds += 1
            let elapsed = Double(MonotonicClock.now() &- started)
            if elapsed >= settings.caseBudgetNanoseconds && rounds >= minimumRounds { break }
        }
        return rounds
    }

    // MARK: - Results

    private func checkResultsAgree(_ reports: [SubjectReport], caseID: String) throws {
        let checked = reports.filter { $0.skipped == nil && $0.role != .physicalLimit }
        for report in checked where report.result == nil {
            throw BenchmarkFailure.missingResult(caseID: caseID, subject: report.name)
        }
        guard let first = checked.first?.result else { return }
        if checked.contains(where: { !($0.result!.isSameResult(as: first)) }) {
            throw BenchmarkFailure.resultsDisagree(
                caseID: caseID, results: checked.map { ($0.name, $0.result!.description) })
        }
    }

    private func summarise(_ benchmarkCase: BenchmarkCase, reports: [SubjectReport], lanes: [Lane], anchorIndex: Int, rounds: Int) -> CaseReport {
        var reports = reports
        let anchorLane = lanes.first { $0.subjectIndex == anchorIndex && !$0.isTwin }!
        let twinLane = lanes.first { $0.isTwin }!
        for lane in lanes where !lane.isTwin {
            var report = reports[lane.subjectIndex]
            report.samples = lane.samples
            report.nanosecondsPerOperation = Percentiles(samples: lane.samples)
            if let median = report.nanosecondsPerOperation?.p50, median > 0 {
                report.itemsPerSecond = Double(benchmarkCase.itemsPerOperation) / (median / 1e9)
            }
            report.ratioToAnchor = RatioEstimate(subjectPerRound: lane.roundMinimums, anchorPerRound: anchorLane.roundMinimums)
            report.rounds = lane.roundsTaken
            reports[lane.subjectIndex] = report
        }
        let medians = reports.map { $0.nanosecondsPerOperation?.p50 }
        let referenceMedian = zip(reports, medians).first { $0.0.role == .reference }?.1 ?? nil
        let bestPeer = zip(reports, medians).compactMap { $0.0.role.isPeer ? $0.1 : nil }.min()
        let kernel = zip(reports, medians).first { $0.0.role == .physicalLimit }?.1 ?? nil
        for index in reports.indices {
            guard let median = medians[index], median > 0 else { continue }
            if let referenceMedian { reports[index].ratioToReference = median / referenceMedian }
            if let bestPeer, bestPeer > 0 { reports[index].ratioToBestPeer = median / bestPeer }
            if let kernel { reports[index].bandwidthShare = kernel / median }
        }
        return CaseReport(
            id: benchmarkCase.id, suite: benchmarkCase.suite, size: benchmarkCase.size,
            variant: benchmarkCase.variant, operationName: benchmarkCase.operationName,
            itemName: benchmarkCase.itemName, itemsPerOperation: benchmarkCase.itemsPerOperation,
            anchor: benchmarkCase.anchor,
            noise: NoiseBand(anchorPerRound: anchorLane.roundMinimums, twinPerRound: twinLane.roundMinimums),
            rounds: rounds, notes: benchmarkCase.notes, subjects: reports)
    }
}

/// One timed slot of a round: a subject, or the anchor's A/A twin.
private final class Lane {
    let subjectIndex: Int
    let isTwin: Bool
    let operation: PreparedOperation
    let operationsPerSample: Int
    let samplesPerRound: Int
    /// Sample time × samples per round, as estimated while sizing.
    let estimatedRoundNanoseconds: Double
    /// Rounds this lane takes part in (all, unless it is slow).
    var roundLimit = Int.max
    var samples: [Double] = []
    /// Per round, the fastest of the round's samples: noise on a shared machine only ever adds
    /// time (preemption, a busy neighbour process), so the least disturbed
    /// sample is the best estimate of the round's cost.
    /// Nil for the rounds it sat out.
    var roundMinimums: [Double?] = []

    var roundsTaken: Int { roundMinimums.count { $0 != nil } }

    init(subjectIndex: Int, isTwin: Bool, operation: PreparedOperation, operationsPerSample: Int, samplesPerRound: Int,
         estimatedRoundNanoseconds: Double) {
        self.subjectIndex = subjectIndex
        self.isTwin = isTwin
        self.operation = operation
        self.operationsPerSample = operationsPerSample
        self.samplesPerRound = samplesPerRound
        self.estimatedRoundNanoseconds = estimatedRoundNanoseconds
    }
}
