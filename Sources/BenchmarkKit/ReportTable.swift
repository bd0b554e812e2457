/// The report as tables of strings: one header line and one table per case. The text and
/// Markdown renderers share it, so both show the same columns.
public struct ReportTable {
    public struct CaseTable {
        public var title: String
        public var details: [String]
        public var header: [String]
        public var rows: [[String]]
        /// Cells right-aligned (numbers) or left-aligned (names).
        public var rightAligned: [Bool]
    }

    public var preamble: [String]
    public var cases: [CaseTable]
    /// The exact measure (callgrind counts), when the run counted.
    public var counts: CaseTable?

    public static let header = [
        "subject", "p0", "p50", "p90", "p99", "p100", "samples", "throughput",
        "allocs/op", "bytes/op", "peak Δ", "× ref", "× best", "÷ anchor",
    ]

    public init(report: BenchmarkReport) {
        let machine = report.machine
        let build = report.build
        let countsOnly = report.cases.isEmpty && report.counts != nil
        var preamble = [
            "gridsim-bench \(countsOnly ? "exact counts" : report.settings.quick ? "quick run" : "full run"), \(report.createdAt)",
            "machine: \(machine.cpuModel), \(machine.activeProcessors) cores, \(ReportFormat.bytes(Double(machine.memoryBytes))), \(machine.kernel)",
            "build: \(build.configuration), Swift \(build.swiftCompiler), commit \(build.gitCommit)\(build.gitDirty == true ? " (with local changes)" : ""), jemalloc \(build.jemallocVersion)",
            "clock overhead \(ReportFormat.duration(nanoseconds: report.clockOverheadNanoseconds)) per sample (subtracted)"
                + (report.memoryBandwidthBytesPerSecond.map { "; memory copy bandwidth \(ReportFormat.bytes($0))/s" } ?? ""),
            "times are per operation; ratios: × ref = median / reference model's median, × best = median / fastest peer's median, ÷ anchor = median of per-round ratios to the anchor ± its round-to-round spread (gated for the reference model, the engine, the lower bound and the commands)",
        ]
        if countsOnly { preamble.removeLast(2) }
        if let injection = report.settings.injection {
            preamble.append("TEST-ONLY INJECTION ACTIVE: \(injection)")
        }
        self.preamble = preamble
        cases = report.cases.map(Self.caseTable)
        counts = report.counts.map(Self.countTable)
    }

    private static func countTable(_ counts: [CountReport]) -> CaseTable {
        let header = ["case", "subject", "operations", "instructions/op", "LL read misses/op", "LL write misses/op", "result"]
        let rows = counts.map { count -> [String] in
            [
                count.caseID, count.subject + (count.role == .reference ? " (ref)" : ""), String(count.operations),
                ReportFormat.significant(count.instructionsPerOperation),
                count.lastLevelReadMissesPerOperation.map(ReportFormat.significant) ?? "–",
                count.lastLevelWriteMissesPerOperation.map(ReportFormat.significant) ?? "–",
                count.result ?? "",
            ]
        }
        return CaseTable(
            title: "exact counts (callgrind)",
            details: [
                "each subject's operation loop counted alone: a fixed number of operations on seeded data after as many again of warm-up, no timing harness; setup not counted",
                "gated: instructions/op ±\(ReportFormat.percent(GateThresholds.instructionsPerOperation.relative)), LL misses/op ±\(ReportFormat.percent(GateThresholds.lastLevelMissesPerOperation.relative)) (simulated cache: 32 KiB L1s, 8 MiB 16-way last level, 64-byte lines)",
            ],
            header: header, rows: rows, rightAligned: header.indices.map { $0 >= 2 && $0 <= 5 })
    }

    private static func caseTable(_ report: CaseReport) -> CaseTable {
        var details: [String] = []
        let noise = report.noise.map { "A/A noise ±\(ReportFormat.percent($0.width))" } ?? "A/A noise unknown"
        details.append("per \(report.operationName); \(report.itemsPerOperation) \(report.itemName) per operation; anchor \(report.anchor); \(noise); \(report.rounds) rounds")
        let results = report.subjects.compactMap(\.result)
        if let first = results.first {
            details.append("result: \(first.summary); all \(results.count) checked subjects agree")
        }
        for subject in report.subjects {
            if let skipped = subject.skipped { details.append("\(subject.name) not run: \(skipped)") }
        }
        details.append(contentsOf: report.notes)

        let rows = report.subjects.filter { $0.skipped == nil }.map { subject -> [String] in
            let times = subject.nanosecondsPerOperation
            func time(_ keyPath: KeyPath<Percentiles, Double>) -> String {
                times.map { ReportFormat.duration(nanoseconds: $0[keyPath: keyPath]) } ?? "–"
            }
            let anchorRatio: String
            if subject.name == report.anchor {
                anchorRatio = "anchor"
            } else if let ratio = subject.ratioToAnchor {
                anchorRatio = "\(ReportFormat.ratio(ratio.median)) ±\(ReportFormat.significant(ratio.spread * 100))%"
            } else {
                anchorRatio = "–"
            }
            return [
                subject.name + (subject.role == .reference ? " (ref)" : subject.role == .physicalLimit ? " (limit)" : ""),
                time(\.p0), time(\.p50), time(\.p90), time(\.p99), time(\.p100),
                times.map { String($0.count) } ?? "–",
                subject.itemsPerSecond.map { "\(ReportFormat.count($0)) \(report.itemName)/s" } ?? "–",
                subject.allocationsPerOperation.map(ReportFormat.significant) ?? "–",
                subject.allocatedBytesPerOperation.map { ReportFormat.bytes($0) } ?? "–",
                subject.peakGrowthBytes.map { ReportFormat.bytes(Double($0)) } ?? "–",
                subject.ratioToReference.map(ReportFormat.ratio) ?? "–",
                subject.ratioToBestPeer.map(ReportFormat.ratio) ?? "–",
                anchorRatio,
            ]
        }
        var title = "\(report.id)  (\(GridSizeFormat.label(report.size)) photos"
        if let variant = report.variant { title += ", \(variant)" }
        title += ")"
        return CaseTable(
            title: title, details: details, header: header, rows: rows,
            rightAligned: header.indices.map { $0 != 0 })
    }
}
