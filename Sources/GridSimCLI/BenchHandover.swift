import CommandLineKit
import Foundation

/// `gridsim bench`: hands the command line over to the `gridsim-bench` executable that was
/// built beside this one.
///
/// The benchmarks stay a separate executable so that `gridsim` links none of their peers
/// (CRoaring, the seeds' implementations): a program that replays traces should not carry
/// a bitmap library it never calls. A child process, rather than `exec`, keeps tests that
/// call `GridSim.main` in-process alive; its output goes straight to this process's
/// standard output and error, and its exit code is passed on unchanged.
enum BenchHandover {
    static let executableName = "gridsim-bench"

    /// The directory of the running executable, symbolic links resolved (so that a linked
    /// `gridsim` still finds the `gridsim-bench` built next to the real one).
    static var executableDirectory: URL? {
        Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Runs `gridsim-bench` from `directory` with `arguments` and returns its exit code; when
    /// it is not there, says so on `console` and returns 1 (as `gridsim-bench` does for a run
    /// that cannot start). A child killed by a signal returns 128 + the signal, as a shell does.
    static func run(_ arguments: [String], from directory: URL? = executableDirectory, console: Console) -> Int32 {
        guard let directory else {
            console.err("gridsim: error: cannot tell where this executable is, so cannot find \(executableName) beside it\n")
            return ExitCode.failure.rawValue
        }
        let executable = directory.appendingPathComponent(executableName)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            console.err("""
                gridsim: error: 'gridsim bench' runs \(executableName), which is not at \(executable.path)
                  Build it beside gridsim: swift build -c release --product \(executableName)

                """)
            return ExitCode.failure.rawValue
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        do {
            try process.run()
        } catch {
            console.err("gridsim: error: cannot start \(executable.path): \(error.localizedDescription)\n")
            return ExitCode.failure.rawValue
        }
        process.waitUntilExit()
        switch process.terminationReason {
        case .exit: return process.terminationStatus
        case .uncaughtSignal: return 128 + process.terminationStatus
        @unknown default: return ExitCode.failure.rawValue
        }
    }
}
