import Foundation
import GridSimKitBenchmarks
import SeedGridConformance

/// TEST-ONLY, like gridsim-bench's GRIDSIM_BENCH_INJECT: `SEEDGRID_BENCH_INJECT=extra-pass`
/// makes the model one pass slower (one more read of its whole grid per event), to show that
/// the gate catches it. Never set it when saving a baseline.
let injection = ProcessInfo.processInfo.environment["SEEDGRID_BENCH_INJECT"]
guard injection == nil || injection == "extra-pass" else {
    FileHandle.standardError.write(Data("seedgrid-bench: SEEDGRID_BENCH_INJECT takes extra-pass only\n".utf8))
    exit(64)
}

AdapterBenchmarks.main(
    injection == nil
        ? AdapterSubject(SeedGridAdapter.self, name: "SeedGrid")
        : AdapterSubject(OnePassSlower<SeedGridAdapter>.self, name: "SeedGrid"))
