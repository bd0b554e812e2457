/// Keeps a value alive and observable so that the optimiser cannot delete the work that made
/// it. Every benchmark operation feeds its result here (or into state that outlives the
/// timing), otherwise a release build may time an empty loop.
///
/// `@_optimize(none)` stops the body from being analysed away; `@inline(never)` keeps callers
/// from seeing through it.
@inline(never)
@_optimize(none)
public func blackHole<T>(_ value: T) {}
