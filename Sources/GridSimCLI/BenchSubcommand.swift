import CommandLineKit
import Foundation

/// `gridsim bench`: help of its own, then the hand-over to `gridsim-bench`.
///
/// The flags are `gridsim-bench`'s, so only it can list them; but a user who asks
/// `gridsim bench --help` before building it should learn what the command is and how to get
/// it, not read an error. So the help says that first, and hands `--help` over only when the
/// executable is there.
enum BenchSubcommand {
    static let abstract = "Run the benchmark suites and the regression gate (as gridsim-bench)."

    /// Runs `gridsim bench arguments`: the help when they ask for it (`-h` or `--help` before
    /// any `--`), else `BenchHandover.run`. Returns the exit code: with help, `gridsim-bench`'s
    /// when it is there (its flags follow this text), else 0.
    static func run(
        _ arguments: [String], from directory: URL? = BenchHandover.executableDirectory, console: Console
    ) -> Int32 {
        guard wantsHelp(arguments) else { return BenchHandover.run(arguments, from: directory, console: console) }
        let executable = directory?.appendingPathComponent(BenchHandover.executableName)
        console.out(help(executable: executable))
        guard let executable, FileManager.default.isExecutableFile(atPath: executable.path) else {
            return ExitCode.success.rawValue
        }
        console.out("\n\(BenchHandover.executableName)'s own help, with its options:\n\n")
        return BenchHandover.run(arguments, from: directory, console: console)
    }

    /// Whether `arguments` ask for help as `gridsim-bench`'s parser reads them. O(arguments).
    static func wantsHelp(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
    }

    /// What the command does, what it runs and how to build that; where it is looked for, and
    /// whether it is there.
    static func help(executable: URL?) -> String {
        let name = BenchHandover.executableName
        let whereItIs: String
        if let executable {
            whereItIs =
                FileManager.default.isExecutableFile(atPath: executable.path)
                ? "  Found at \(executable.path)."
                : "  Not built yet. It is looked for at\n    \(executable.path)\n"
                    + "  and, once built, 'gridsim bench --help' lists its options here."
        } else {
            whereItIs = "  This executable cannot tell where it is, so it cannot find \(name) beside it."
        }
        return """
            OVERVIEW: \(abstract)

            USAGE: gridsim bench [options]

              Benchmarks of photo-grid selection over grid sizes 1K … 10M (toggle latency, pruning,
              snapshot and grid diffs, replay, drag, memory, the commands), gated against a saved
              baseline on allocations per operation, time ratios and, with --count, instructions
              counted under callgrind.

              'gridsim bench' runs \(name), the benchmark executable built beside gridsim, with the
              same arguments, and exits with its code: gridsim itself links none of the benchmark
              peers (CRoaring) and no allocation counter (jemalloc).

              Build it beside gridsim (into the same build directory):
                swift build -c release --product \(name)

            \(whereItIs)

            """
    }
}
