import CommandLineKit
import Testing
@testable import BenchmarkKit
@testable import GridSimBenchmarks

@Suite("Command line of gridsim-bench")
struct BenchOptionsTests {
    @Test("defaults: full run over all sizes")
    func defaults() throws {
        let options = try BenchOptions.parse([])
        #expect(options.effectiveSizes == [1_000, 10_000, 100_000, 1_000_000, 10_000_000])
        #expect(options.effectiveEvents == 200_000)
        #expect(!options.quick)
    }

    @Test("--quick picks the small sizes; --sizes overrides; both spellings of values")
    func sizes() throws {
        #expect(try BenchOptions.parse(["--quick"]).effectiveSizes == [1_000, 10_000])
        #expect(try BenchOptions.parse(["--quick", "--sizes", "100K,1m"]).effectiveSizes == [100_000, 1_000_000])
        #expect(try BenchOptions.parse(["--sizes=1K,1K,2500"]).effectiveSizes == [1_000, 2_500])
    }

    @Test("every flag is understood")
    func everyFlag() throws {
        let options = try BenchOptions.parse([
            "--quick", "--filter", "pruning", "--json", "--output", "r.json", "--save-baseline", "ci",
            "--compare", "ci", "--baseline-dir", "/tmp/b", "--case-seconds", "0.5", "--events", "5000",
            "--allow-debug", "--quiet",
        ])
        #expect(options.filter == "pruning")
        #expect(options.json && options.output == "r.json")
        #expect(options.saveBaseline == "ci" && options.compare == "ci")
        #expect(options.baselineDirectory == "/tmp/b")
        #expect(options.caseSeconds == 0.5 && options.events == 5000)
        #expect(options.allowDebug && options.quiet)
        #expect(try BenchOptions.parse(["--list"]).list)
        #expect(try BenchOptions.parse(["--markdown"]).markdown)
        #expect(try BenchOptions.parse(["--help"]).help)
    }

    @Test("bad command lines are refused with a reason", arguments: [
        ["--nonsense"], ["--sizes"], ["--sizes", "12X"], ["--sizes", "1K,,10K"], ["--sizes", "0"],
        ["--case-seconds", "-1"], ["--events", "ten"], ["--compare", "../x"], ["--save-baseline", ""],
        ["--output", "x.json"], ["--json", "--markdown"], ["--quick=yes"], ["--filter"],
    ])
    func refused(arguments: [String]) {
        #expect(throws: UsageError.self) { try BenchOptions.parse(arguments) }
    }

    @Test("grid sizes as people write them")
    func gridSizes() {
        #expect(GridSizeFormat.parse("10K") == 10_000)
        #expect(GridSizeFormat.parse(" 10m ") == 10_000_000)
        #expect(GridSizeFormat.parse("-1") == nil)
        #expect(GridSizeFormat.label(1_000) == "1K")
        #expect(GridSizeFormat.label(10_000_000) == "10M")
        #expect(GridSizeFormat.label(1_500) == "1500")
    }

    @Test("the usage names every flag and every exit code")
    func usage() {
        let text = BenchUsage.text()
        for flag in ["--quick", "--sizes", "--filter", "--list", "--json", "--output", "--markdown", "--save-baseline",
                     "--compare", "--baseline-dir", "--case-seconds", "--events", "--allow-debug", "--quiet", "--help",
                     "GRIDSIM_BENCH_INJECT"] {
            #expect(text.contains(flag), "usage lacks \(flag)")
        }
        for code in BenchUsage.exitCodes.map(\.code) {
            #expect(text.contains("  \(code.rawValue) "), "usage lacks exit code \(code.rawValue)")
        }
    }

    @Test("the usage shows each declared option's help; --count-child is accepted but not shown")
    func usageFromDeclarations() throws {
        let text = BenchUsage.text()
        for option in BenchUsage.syntax.options where !option.isHidden {
            let firstLine = option.help.split(separator: "\n").first.map(String.init) ?? ""
            #expect(text.contains(firstLine), "usage lacks the help of \(option.name)")
        }
        #expect(!text.contains("--count-child"))
        #expect(text.contains("events per replayed trace (default \(BenchOptions.Defaults.events.quick) with --quick"))
        #expect(try BenchOptions.parse(["--count-child=1"]).countChild == 1)
    }

    @Test("mistakes in the command line are worded as gridsim words them")
    func sharedWording() {
        #expect(throws: UsageError("unknown option '--nonsense'")) { try BenchOptions.parse(["--nonsense"]) }
        #expect(throws: UsageError("option '--sizes' needs a value")) { try BenchOptions.parse(["--sizes", "--quick"]) }
        #expect(throws: UsageError("option '--quick' takes no value")) { try BenchOptions.parse(["--quick=yes"]) }
    }

    @Test("the injection knob accepts only its words")
    func injection() {
        #expect(Injection(environmentValue: nil) == Injection.none)
        #expect(Injection(environmentValue: "extra-pass")?.extraPass == true)
        #expect(Injection(environmentValue: "extra-pass,extra-alloc") == Injection(extraPass: true, extraAllocation: true))
        #expect(Injection(environmentValue: "faster") == nil)
    }
}
