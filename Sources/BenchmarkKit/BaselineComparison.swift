/// One gated metric of one subject, judged against the baseline.
public struct MetricComparison: Codable, Sendable {
    public var caseID: String
    public var subject: String
    public var metric: GatedMetric
    public var baseline: Double
    public var current: Double
    /// The limit that applied, in words (`×/÷ 1.4`, `±0.01 allocations/op`).
    public var limit: String
    public var change: MetricChange
}

/// The outcome of comparing a run with a baseline.
public enum ComparisonVerdict: String, Codable, Sendable {
    /// Nothing moved beyond its threshold.
    case unchanged
    /// At least one gated metric got worse.
    case regression
    /// Some gated metrics got better and none got worse.
    case improvement
    /// The baseline shares no case and subject with this run.
    case nothingInCommon
}

/// Compares the gated metrics of a run with a saved baseline.
///
/// Gated: allocations and bytes per operation of every subject (exact), and the time ratio to
/// the case's anchor (timed alternately in the same run) of the subjects whose code the
/// project owns (`SubjectRole.isTimeGated`). Not gated: wall times, percentiles, throughput,
/// memory, peers' ratios. Cases or subjects present on one side only are listed, not judged.
///
/// Time ratios are judged only against a baseline measured on the same processor model: a
/// subject and its anchor stress the machine differently (caches, branch predictors, memory
/// latency), so their ratio moves with the processor, in either direction, with no change to
/// the code. Against a baseline from another processor the ratios are listed as information
/// and only the exact gates (instructions, misses, allocations) judge, since those follow the
/// code and the compiler, not the machine.
public struct BaselineComparison: Codable, Sendable {
    public var baselineName: String
    public var comparisons: [MetricComparison]
    /// Cases and subjects of this run that the baseline lacks, and the reverse.
    public var notCompared: [String]
    /// Differences in build or machine that make the comparison less meaningful.
    public var warnings: [String]
    /// Why the time gate judged nothing although both sides timed subjects it gates: the
    /// baseline ran on another processor model. Nil when it judged, or had nothing to judge.
    public var timeGateNote: String? = nil
    /// For each counted loop whose instructions changed past its limit, the functions that
    /// changed most (`Attribution`); empty until attributed.
    public var attributions: [LoopAttribution] = []

    public var regressions: [MetricComparison] { comparisons.filter { $0.change == .regression } }
    public var improvements: [MetricComparison] { comparisons.filter { $0.change == .improvement } }

    /// Each gate's share of the comparison: metrics judged, regressed, improved. O(metrics).
    public func tally(of gate: Gate) -> (judged: Int, regressed: Int, improved: Int) {
        let mine = comparisons.filter { $0.metric.gate == gate }
        return (mine.count, mine.filter { $0.change == .regression }.count, mine.filter { $0.change == .improvement }.count)
    }

    public var verdict: ComparisonVerdict {
        if comparisons.isEmpty { return .nothingInCommon }
        if !regressions.isEmpty { return .regression }
        if !improvements.isEmpty { return .improvement }
        return .unchanged
    }

    /// O(cases × subjects).
    public init(current: BenchmarkReport, baseline: BenchmarkReport, baselineName: String) {
        self.baselineName = baselineName
        comparisons = []
        notCompared = []
        warnings = Self.warnings(current: current, baseline: baseline)
        let sameProcessor = current.machine.cpuModel == baseline.machine.cpuModel
        var ratiosLeftOut = 0

        let baselineCases = Dictionary(baseline.cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for currentCase in current.cases {
            guard let baselineCase = baselineCases[currentCase.id] else {
                notCompared.append("\(currentCase.id): not in the baseline")
                continue
            }
            if baselineCase.anchor != currentCase.anchor {
                notCompared.append("\(currentCase.id): anchor changed from \(baselineCase.anchor) to \(currentCase.anchor); ratios not compared")
            }
            for subject in currentCase.subjects where subject.skipped == nil {
                guard let baselineSubject = baselineCase.subject(named: subject.name), baselineSubject.skipped == nil else {
                    notCompared.append("\(currentCase.id) \(subject.name): not measured in the baseline")
                    continue
                }
                compareAllocations(caseID: currentCase.id, current: subject, baseline: baselineSubject)
                guard baselineCase.anchor == currentCase.anchor else { continue }
                if sameProcessor {
                    compareRatio(currentCase: currentCase, baselineCase: baselineCase, current: subject, baseline: baselineSubject)
                } else if subject.name != currentCase.anchor, subject.role.isTimeGated, subject.ratioToAnchor != nil {
                    ratiosLeftOut += 1
                }
            }
        }
        if ratiosLeftOut > 0 {
            timeGateNote =
                "\(ratiosLeftOut) ratios not judged: the baseline ran on \(baseline.machine.cpuModel), this run on \(current.machine.cpuModel), and a ratio moves with the processor (the exact gates hold across machines; save a baseline on this processor to gate time)"
        }
        // A run that counted only (`--count-only`) timed no case: the baseline's timed cases
        // are not missing from it, they were not asked for.
        if !current.cases.isEmpty {
            let currentIDs = Set(current.cases.map(\.id))
            for baselineCase in baseline.cases where !currentIDs.contains(baselineCase.id) {
                notCompared.append("\(baselineCase.id): in the baseline, not in this run")
            }
        }
        if let counts = current.counts {
            compareCounts(counts, baseline: baseline.counts)
        }
    }

    /// The exact gate: instructions (and simulated last-level misses, where both sides
    /// simulated the cache) per operation of each counted subject. O(counts).
    private mutating func compareCounts(_ counts: [CountReport], baseline: [CountReport]?) {
        guard let baseline else {
            notCompared.append("exact counts: the baseline has none (save one with --count or --count-only)")
            return
        }
        let baselineCounts = Dictionary(baseline.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for count in counts {
            guard let before = baselineCounts[count.key] else {
                notCompared.append("\(count.caseID) \(count.subject): not counted in the baseline")
                continue
            }
            let pairs: [(GatedMetric, Double?, Double?)] = [
                (.instructionsPerOperation, count.instructionsPerOperation, before.instructionsPerOperation),
                (.lastLevelReadMissesPerOperation, count.lastLevelReadMissesPerOperation, before.lastLevelReadMissesPerOperation),
                (.lastLevelWriteMissesPerOperation, count.lastLevelWriteMissesPerOperation, before.lastLevelWriteMissesPerOperation),
            ]
            for (metric, currentValue, baselineValue) in pairs {
                guard let currentValue, let baselineValue else { continue }
                // A loop's own limit is the one its entry sets in this run's code; the
                // baseline records it beside the count for the reader.
                let threshold = metric == .instructionsPerOperation
                    ? (count.instructionLimit != nil ? count.instructionThreshold : before.instructionThreshold)
                    : GateThresholds.threshold(for: metric)
                comparisons.append(MetricComparison(
                    caseID: count.caseID, subject: count.subject, metric: metric, baseline: baselineValue,
                    current: currentValue,
                    limit: "±\(ReportFormat.decimal(threshold.allowedChange(from: baselineValue))) \(metric.unit) (\(ReportFormat.percent(threshold.relative)))",
                    change: MetricChange.judge(baseline: baselineValue, current: currentValue, threshold: threshold)))
            }
        }
        let counted = Set(counts.map(\.key))
        for before in baseline where !counted.contains(before.key) {
            notCompared.append("\(before.caseID) \(before.subject): counted in the baseline, not in this run")
        }
    }

    private mutating func compareAllocations(caseID: String, current: SubjectReport, baseline: SubjectReport) {
        let pairs: [(GatedMetric, Double?, Double?)] = [
            (.allocationsPerOperation, current.allocationsPerOperation, baseline.allocationsPerOperation),
            (.allocatedBytesPerOperation, current.allocatedBytesPerOperation, baseline.allocatedBytesPerOperation),
        ]
        for (metric, currentValue, baselineValue) in pairs {
            guard let currentValue, let baselineValue else { continue }
            let threshold = GateThresholds.threshold(for: metric)
            let change = MetricChange.judge(baseline: baselineValue, current: currentValue, threshold: threshold)
            comparisons.append(MetricComparison(
                caseID: caseID, subject: current.name, metric: metric, baseline: baselineValue,
                current: currentValue,
                limit: "±\(ReportFormat.decimal(threshold.allowedChange(from: baselineValue))) \(metric.unit)",
                change: change))
        }
    }

    private mutating func compareRatio(currentCase: CaseReport, baselineCase: CaseReport, current: SubjectReport, baseline: SubjectReport) {
        guard current.name != currentCase.anchor, current.role.isTimeGated,
              let currentRatio = current.ratioToAnchor?.median, let baselineRatio = baseline.ratioToAnchor?.median,
              let anchorNanoseconds = currentCase.subject(named: currentCase.anchor)?.nanosecondsPerOperation?.p50
        else { return }
        for (side, report, caseReport) in [("this run", current, currentCase), ("the baseline", baseline, baselineCase)] {
            let samples = report.samplesPerRound ?? 0
            let rounds = report.rounds ?? caseReport.rounds
            if samples < GateThresholds.minimumSamplesPerRoundForRatio || rounds < GateThresholds.minimumRoundsForRatio {
                notCompared.append("\(currentCase.id) \(current.name): time ratio not gated, \(side) had \(rounds) rounds of \(samples) sample(s) (too slow to filter noise)")
                return
            }
        }
        // The band is the widest noise either run measured: the A/A spread of the case, and
        // this subject's own round-to-round spread of its ratio.
        let noise = [
            currentCase.noise?.width, baselineCase.noise?.width,
            current.ratioToAnchor?.spread, baseline.ratioToAnchor?.spread,
        ].compactMap { $0 }.max() ?? 0
        let threshold = GateThresholds.timeRatio
        func judge(_ ratio: Double) -> MetricChange {
            MetricChange.judgeRatio(
                baseline: baselineRatio, current: ratio, noise: noise,
                anchorNanosecondsPerOperation: anchorNanoseconds, threshold: threshold,
                noiseMultiplier: GateThresholds.noiseMultiplier)
        }
        var change = judge(currentRatio)
        // A neighbour process busy for a few seconds can slow one subject's whole case and
        // not the anchor (seen once: a 2× ratio, gone in the next run). A change counts only
        // if every re-measurement shows it too.
        let remeasured = (current.remeasuredRatios ?? []).map(\.median)
        if change != .unchanged, let differing = remeasured.first(where: { judge($0) != change }) {
            notCompared.append(
                "\(currentCase.id) \(current.name): time ratio \(ReportFormat.significant(currentRatio)) (baseline \(ReportFormat.significant(baselineRatio))) did not hold on re-measurement (\(ReportFormat.significant(differing))): noise, not a change")
            change = .unchanged
        }
        let limit = MetricChange.relativeRatioLimit(noise: noise, threshold: threshold, noiseMultiplier: GateThresholds.noiseMultiplier)
        let confirmation = remeasured.isEmpty ? "" : ", \(remeasured.count + 1) measurements"
        comparisons.append(MetricComparison(
            caseID: currentCase.id, subject: current.name, metric: .timeRatio, baseline: baselineRatio,
            current: currentRatio,
            limit: "×/÷ \(ReportFormat.decimal(1 + limit)) (noise \(ReportFormat.percent(noise))\(confirmation))",
            change: change))
    }

    private static func warnings(current: BenchmarkReport, baseline: BenchmarkReport) -> [String] {
        var warnings: [String] = []
        if current.schemaVersion != baseline.schemaVersion {
            warnings.append("baseline schema \(baseline.schemaVersion) differs from \(current.schemaVersion)")
        }
        if current.build.configuration != baseline.build.configuration {
            warnings.append("baseline was built \(baseline.build.configuration), this run \(current.build.configuration)")
        }
        if current.machine.cpuModel != baseline.machine.cpuModel {
            warnings.append("baseline ran on \(baseline.machine.cpuModel), this run on \(current.machine.cpuModel)")
        }
        if current.build.swiftCompiler != baseline.build.swiftCompiler {
            warnings.append("baseline compiled by Swift \(baseline.build.swiftCompiler), this run by \(current.build.swiftCompiler)")
        }
        if let injection = current.settings.injection {
            warnings.append("this run has the test-only injection \(injection) switched on")
        }
        return warnings
    }
}

extension BaselineComparison {
    /// Cases with a time ratio that moved beyond its limit in every measurement so far: the
    /// ones to measure again before the verdict stands.
    public var casesToRemeasure: [String] {
        var seen = Set<String>()
        return comparisons.filter { $0.metric == .timeRatio && $0.change != .unchanged }
            .map(\.caseID).filter { seen.insert($0).inserted }
    }
}
