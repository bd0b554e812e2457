import Foundation
import Testing

/// The CI workflow users copy (`.github/workflows/performance.yml`) is checked by actionlint
/// (installed by scripts/setup into .build/tools/venv), and holds the jobs the README says
/// it holds.
@Suite("The performance workflow")
struct WorkflowLintTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let workflow = root.appendingPathComponent(".github/workflows/performance.yml")

    /// actionlint from scripts/setup's venv, else from PATH.
    static var actionlint: String? {
        let candidates = [root.appendingPathComponent(".build/tools/venv/bin/actionlint").path]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/actionlint" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test("actionlint finds nothing to say about it")
    func actionlintPasses() throws {
        guard let actionlint = Self.actionlint else {
            Issue.record("actionlint is not installed: run scripts/setup (it installs actionlint into .build/tools/venv)")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: actionlint)
        process.arguments = ["-no-color", Self.workflow.path]
        process.currentDirectoryURL = Self.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "actionlint:\n\(text)")
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
        ] {
            #expect(text.contains(needle), "missing: \(needle)")
        }
        // The matrix and SHARDS agree.
        #expect(text.contains("SHARDS: 4") && text.contains("shard: [1, 2, 3, 4]"))
    }
}
