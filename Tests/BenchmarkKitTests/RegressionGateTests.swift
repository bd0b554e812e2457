import CommandLineKit
import Foundation
import TestSupport
import Testing
@testable import BenchmarkKit
@testable import GridSimBenchmarks

/// The gate, driven in-process like `gridsim bench` drives it: a baseline is saved, then a
/// run with a deliberately slowed lower-bound subject is compared with it.
///
/// Tests build in debug, hence `--allow-debug`; allocations are counted on the test's own
/// thread (other tests allocate on theirs meanwhile). The ten-runs-out-of-ten self-compare
/// needs release timings and a quiet process: it is `scripts/bench-selfcheck`.
@Suite("The regression gate", .serialized)
struct RegressionGateTests {
    func bench(_ arguments: [String], inject: String? = nil) -> (code: Int32, output: String) {
        runBench(arguments, inject: inject)
    }

    func temporaryDirectory() throws -> String {
        try ScratchDirectory.make("bench").path
    }

    func quickArguments(filter: String, directory: String) -> [String] {
        ["--allow-debug", "--quick", "--quiet", "--filter", filter, "--case-seconds", "0.3", "--baseline-dir", directory]
    }

    /// Saves a quick baseline of the cases `filter` selects, then compares a run with
    /// `injection` against it: what that comparison printed and how it exited.
    func compareInjected(_ injection: String, filter: String) throws -> (code: Int32, output: String) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = quickArguments(filter: filter, directory: directory)
        #expect(bench(arguments + ["--save-baseline", "gate"]).code == 0)
        return bench(arguments + ["--compare", "gate"], inject: injection)
    }

    @Test("an extra allocation per operation makes the comparison exit 2")
    func extraAllocation() throws {
        let injected = try compareInjected("extra-alloc", filter: "pruning/1K/1%")
        #expect(injected.code == ExitCode.regression.rawValue)
        let regression = try #require(injected.output.split(separator: "\n").first {
            $0.hasPrefix("regression") && $0.contains("bitset AND") && $0.contains("allocations/op")
        })
        // baseline 0 allocations per operation, now exactly 1
        #expect(regression.contains(" 0 ") && regression.contains(" 1.00 "))
    }

    @Test("an extra pass over the data per operation makes the comparison exit 2")
    func extraPass() throws {
        let injected = try compareInjected("extra-pass", filter: "toggle/10K")
        #expect(injected.code == ExitCode.regression.rawValue)
        #expect(injected.output.split(separator: "\n").contains {
            $0.hasPrefix("regression") && $0.contains("bitset") && $0.contains("× anchor")
        })
        // The pass reads memory; it allocates nothing, so the counts did not move.
        #expect(!injected.output.contains("allocations/op  "))
    }

    @Test("a missing baseline exits 5 before measuring anything")
    func missingBaseline() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(bench(quickArguments(filter: "toggle/1K", directory: directory) + ["--compare", "absent"]).code == 5)
    }

    @Test("bad usage exits 64; help exits 0 and names the exit codes")
    func usage() {
        #expect(bench(["--frobnicate"]).code == 64)
        #expect(bench(["--sizes", "huge"]).code == 64)
        #expect(bench(["--allow-debug", "--filter", "no-such-benchmark"]).code == 64)
        #expect(bench(["--list"], inject: "make-it-slow").code == 64)
        let help = bench(["--help"])
        #expect(help.code == 0)
        #expect(help.output.contains("exit codes:"))
    }

    @Test("--list names the benchmarks and the capped subjects")
    func list() {
        let listing = bench(["--list", "--sizes", "1K,10M"])
        #expect(listing.code == 0)
        #expect(listing.output.contains("pruning/10M/1%"))
        #expect(listing.output.contains("skips ReferenceModel"))
    }

    #if DEBUG
    @Test("an unoptimised build refuses to measure without --allow-debug")
    func refusesDebug() {
        #expect(bench(["--quick", "--quiet", "--filter", "toggle/1K"]).code == 1)
    }
    #endif

    @Test("JSON output parses back into a report with raw samples and machine facts")
    func json() throws {
        let run = bench(["--allow-debug", "--quick", "--quiet", "--filter", "selection-diff/1K/k=1", "--case-seconds", "0.1", "--json"])
        #expect(run.code == 0)
        let report = try ReportCoding.decode(Data(run.output.utf8))
        #expect(report.build.configuration == "debug")
        #expect(!report.machine.cpuModel.isEmpty)
        let subjects = try #require(report.cases.first?.subjects)
        #expect(subjects.allSatisfy { $0.samples?.isEmpty == false })
        #expect(subjects.filter { $0.role != .physicalLimit }.allSatisfy { $0.result != nil })
    }
}
