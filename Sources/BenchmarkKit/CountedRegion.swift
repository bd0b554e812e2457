/// The code whose instructions the exact gate counts, marked for callgrind by name.
///
/// Callgrind runs with `--collect-atstart=no --toggle-collect=gridsim_bench_counted_region
/// --dump-after=gridsim_bench_counted_region` (see `CallgrindInvocation`): it counts only
/// while this function is on the stack, so a subject's setup, its warm-up, the harness and
/// the process's start-up are not counted, and it writes one dump each time the function
/// returns: one dump per counted subject, in call order. This needs no header from valgrind
/// and no C target: the symbol name is all callgrind needs.
///
/// `@_silgen_name` fixes the symbol; `@inline(never)` and `@_optimize(none)` keep the call a
/// real call. The optimiser may still call a clone specialised for the closure, whose
/// mangled name contains the symbol (`$s28gridsim_bench_counted_region…`), so callgrind is
/// given the name between wildcards. The body is counted in full: the closure call costs a
/// handful of instructions once per region, not per operation. O(1) plus `body`.
@_silgen_name("gridsim_bench_counted_region")
@inline(never)
@_optimize(none)
public func countedRegion(_ body: () -> Void) {
    body()
}

/// The symbol of `countedRegion`, as callgrind's options name it.
public let countedRegionSymbol = "gridsim_bench_counted_region"
