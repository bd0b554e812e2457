// The clock, the black hole and the machine's facts live in BenchmarkTiming, which links
// nothing, so that a program timing its own work (load exploration in `gridsim`) need not link
// jemalloc with the rest of the harness. Re-exported: benchmarks keep importing BenchmarkKit alone.
@_exported import BenchmarkTiming
