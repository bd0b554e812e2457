import GridSimBenchmarks

/// Runs `gridsim-bench` in-process with `arguments` (and `GRIDSIM_BENCH_INJECT` set to
/// `inject`); returns its exit code and standard output. Allocations are counted on the
/// calling thread only, so that other tests running at the same time do not count.
func runBench(_ arguments: [String], inject: String? = nil) -> (code: Int32, output: String) {
    final class Output: @unchecked Sendable { var text = "" }
    let output = Output()
    var environment: [String: String] = [:]
    if let inject { environment[Injection.environmentVariable] = inject }
    let code = BenchCommand.run(
        arguments: arguments, environment: environment, standardOutput: { output.text += $0 },
        countAllocationsOnCallingThreadOnly: true)
    return (code, output.text)
}
