import Foundation
import GridSimKitBenchmarks
import SeedGridConformance

// TEST-ONLY, like gridsim-bench's GRIDSIM_BENCH_INJECT: `SEEDGRID_BENCH_INJECT=extra-pass`
// makes the model one pass slower (one more read of its whole grid per event), and
// `tap-work` spends about 1 % more instructions per tap in `TapWork.spend(rounds:)`, to show
// that the gates catch them: the time gate the first, the exact gate the second. Never set
// it when saving a baseline.
if let word = ProcessInfo.processInfo.environment["SEEDGRID_BENCH_INJECT"], Slowdown(word: word) == nil {
    FileHandle.standardError.write(Data("seedgrid-bench: SEEDGRID_BENCH_INJECT takes extra-pass or tap-work\n".utf8))
    exit(64)
}

AdapterBenchmarks.main(AdapterSubject(Injectable<SeedGridAdapter>.self, name: "SeedGrid"))
