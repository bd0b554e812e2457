import Foundation
@testable import GridSimCLI
import TestSupport
import Testing

@Suite("gridsim bench --help, with and without gridsim-bench")
struct BenchHelpTests {
    /// What `gridsim bench ARGUMENTS` did, run beside a stand-in `gridsim-bench` or none.
    struct Outcome {
        var code: Int32
        var out: String
        var err: String
        /// Where gridsim-bench is looked for.
        var benchPath: String
        /// The arguments the stand-in was given, one a line; nil when it did not run.
        var handedOver: String?
    }

    /// Runs `gridsim bench arguments` from a scratch directory holding a stand-in
    /// `gridsim-bench` that records its arguments and exits with `benchExit`, or none (nil).
    private func bench(_ arguments: [String], benchExit: Int32?) throws -> Outcome {
        let directory = try ScratchDirectory.make("bench-help")
        let executable = directory.appendingPathComponent(BenchHandover.executableName)
        let record = directory.appendingPathComponent("arguments.txt")
        if let benchExit {
            let script = "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record.path)'\nexit \(benchExit)\n"
            try script.write(to: executable, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
        }
        let captured = Captured()
        let code = BenchSubcommand.run(arguments, from: directory, console: captured.console)
        return Outcome(
            code: code, out: captured.out, err: captured.err, benchPath: executable.path,
            handedOver: try? String(contentsOf: record, encoding: .utf8))
    }

    @Test func withoutGridSimBenchTheHelpSaysWhatItIsAndHowToBuildIt() throws {
        let help = try bench(["--help"], benchExit: nil)
        #expect(help.code == 0)
        #expect(help.err == "")
        #expect(help.out.hasPrefix("OVERVIEW: Run the benchmark suites and the regression gate"))
        #expect(help.out.contains("'gridsim bench' runs gridsim-bench"))
        #expect(help.out.contains("swift build -c release --product gridsim-bench"))
        #expect(help.out.contains("Not built yet. It is looked for at\n    \(help.benchPath)\n"))
        #expect(!help.out.contains("own help"))
    }

    @Test func withGridSimBenchTheHelpIsHandedOverAfterOurs() throws {
        let help = try bench(["--quick", "-h"], benchExit: 3)
        #expect(help.code == 3)
        #expect(help.handedOver == "--quick\n-h\n")
        #expect(help.err == "")
        #expect(help.out.contains("swift build -c release --product gridsim-bench"))
        #expect(help.out.contains("Found at \(help.benchPath)."))
        #expect(help.out.hasSuffix("gridsim-bench's own help, with its options:\n\n"))
    }

    @Test func withoutHelpAMissingGridSimBenchIsStillAnError() throws {
        let run = try bench(["--quick"], benchExit: nil)
        #expect(run.code == 1)
        #expect(run.out == "")
        #expect(run.err.contains("runs gridsim-bench, which is not at \(run.benchPath)"))
    }

    @Test func withoutHelpTheArgumentsGoToGridSimBenchAlone() throws {
        let run = try bench(["--filter", "toggle"], benchExit: 0)
        #expect(run.code == 0)
        #expect(run.handedOver == "--filter\ntoggle\n")
        #expect(run.out == "" && run.err == "")
    }

    @Test(arguments: [
        (["--help"], true), (["-h"], true), (["--quick", "--help"], true), (["--quick"], false), ([], false),
        (["--", "--help"], false),
    ])
    func helpIsAskedForAsGridSimBenchReadsIt(_ arguments: [String], _ wantsHelp: Bool) {
        #expect(BenchSubcommand.wantsHelp(arguments) == wantsHelp)
    }
}
