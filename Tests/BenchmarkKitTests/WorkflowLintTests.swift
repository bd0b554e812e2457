import Foundation
import Testing
import TestSupport
@testable import BenchmarkKit

/// The CI workflow users copy (`.github/workflows/performance.yml`) is checked by actionlint
/// (installed by scripts/setup into .build/tools/venv), and holds the jobs docs/benchmarks.md says
/// it holds.
@Suite("The performance workflow")
struct WorkflowLintTests {
    static let workflow = PackageRoot.appending(".github/workflows/performance.yml")

    /// actionlint from scripts/setup's venv, else from PATH.
    static var actionlint: String? {
        let candidates = [PackageRoot.appending(".build/tools/venv/bin/actionlint").path]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/actionlint" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test("actionlint finds nothing to say about it")
    func actionlintPasses() throws {
        guard let actionlint = Self.actionlint else {
            Issue.record("actionlint is not installed: run scripts/setup (it installs actionlint into .build/tools/venv)")
            return
        }
        let (status, text) = try ChildProcess.runMerged(
            URL(fileURLWithPath: actionlint), ["-no-color", Self.workflow.path], in: PackageRoot.url)
        #expect(status == 0, "actionlint:\n\(text)")
    }

    @Test("it builds, gates against the target branch's baseline, summarises, shards the exploration and merges it")
    func holdsTheJobs() throws {
        let text = try String(contentsOf: Self.workflow, encoding: .utf8)
        for needle in [
            "scripts/bench-check --baseline-dir .build/target-baseline",
            "git show \"origin/$TARGET:Benchmarks/baselines/ci.json\"",
            "GITHUB_STEP_SUMMARY",
            "gridsim explore --shard \"$SHARD/$SHARDS\"",
            "gridsim explore merge shards/explore-shard-*.json",
            "name: explore-results",
            "name: bench-report",
            "--attribution-dir bench-attribution",
            "scripts/bench-comment bench-report.json \"$ARTIFACTS\" > bench-comment.md",
            "steps.upload.outputs.artifact-url",
            "const marker = '<!-- gridsim-bench gate -->';",
            "pull-requests: write",
        ] {
            #expect(text.contains(needle), "missing: \(needle)")
        }
        // The matrix and SHARDS agree.
        #expect(text.contains("SHARDS: 4") && text.contains("shard: [1, 2, 3, 4]"))
    }

    /// Runs scripts/bench-comment, as the workflow's comment step does, on `report` saved as
    /// JSON; returns its exit code and standard output.
    static func comment(on report: BenchmarkReport, artifacts: String) throws -> (code: Int32, body: String) {
        let file = try ScratchDirectory.make("comment").appendingPathComponent("bench-report.json")
        try ReportCoding.encode(report, pretty: false).write(to: file)
        let output = try ChildProcess.run(PackageRoot.appending("scripts/bench-comment"), [file.path, artifacts])
        return (output.status, output.text)
    }

    @Test("the comment step's script builds the comment from a saved report: verdict, metrics, attribution, artifacts")
    func commentFromReport() throws {
        let base = AttributionTests.count(try CallProfile(parsing: AttributionTests.output(), name: "base"))
        let head = AttributionTests.count(try CallProfile(parsing: AttributionTests.output(extra: 30), name: "head"))
        var report = ExactGateTests.report(counts: [head])
        var comparison = BaselineComparison(current: report, baseline: ExactGateTests.report(counts: [base]), baselineName: "ci")
        Attribution.attribute(&comparison, current: [head], baseline: [base], packageRoot: "/src", names: AttributionTests.names)
        report.comparison = comparison
        let (code, body) = try Self.comment(on: report, artifacts: "https://example.invalid/artifacts/7")
        #expect(code == 0)
        let lines = body.split(separator: "\n").map(String.init)
        #expect(lines.first == "<!-- gridsim-bench gate -->")
        #expect(lines.contains("### Benchmark gate: regression (1 regressed, 0 improved, against baseline `ci`)"))
        #expect(lines.contains("| **regression** | exact (callgrind) | toggle/10K | Engine | instructions/op | 100 | 103 | ±0.5 instructions/op (0.5 %) |")
            || lines.contains { $0.hasPrefix("| **regression** | exact (callgrind) | toggle/10K | Engine | instructions/op | 100 | 103 |") })
        #expect(lines.contains("#### Where: regression of toggle/10K Engine, 100 → 103 instructions per operation (+3.00 %)"))
        // The attribution's first row, as the report has it.
        #expect(lines.contains("| extra() | Test | Region.swift:40 | 0 | 3.00 | +3.00 | 0 | 3.00 | +3.00 |"))
        #expect(lines.last == "Full report and differential call graphs (SVG): [artifacts](https://example.invalid/artifacts/7).")
    }

    @Test("the comment step's script says nothing when the gate found no change, or there is no report")
    func silentWithoutChange() throws {
        let base = AttributionTests.count(try CallProfile(parsing: AttributionTests.output(), name: "base"))
        var report = ExactGateTests.report(counts: [base])
        report.comparison = BaselineComparison(current: report, baseline: report, baselineName: "ci")
        let (code, body) = try Self.comment(on: report, artifacts: "https://example.invalid/artifacts/7")
        #expect(code == 0 && body.isEmpty)
        report.comparison = nil
        #expect(try Self.comment(on: report, artifacts: "").body.isEmpty)
    }
}
