import BenchmarkKit

/// What every suite needs to know about the run when it builds its cases.
struct SuiteContext {
    /// Test-only slow-downs for the lower-bound subjects.
    var injection: Injection
    /// Events in each replayed trace.
    var replayEvents: Int
}

/// A family of benchmarks over one operation, parameterised by grid size (and variants).
///
/// Each suite keeps its subjects in one list; to measure another implementation (the
/// chunked bitmap engine), add one `Subject` to that list.
protocol BenchmarkSuite {
    static var name: String { get }
    /// One line for `--list`.
    static var summary: String { get }
    /// The suite's cases at `size`, keeping only ids that `include` accepts.
    static func cases(size: Int, context: SuiteContext, include: (String) -> Bool) -> [BenchmarkCase]
    /// Subject names and roles, for `--list`.
    static func subjectNames(context: SuiteContext) -> [(name: String, role: SubjectRole)]
}

/// Every suite, in the order a run goes through them.
enum SuiteCatalog {
    static var suites: [any BenchmarkSuite.Type] {
        if !OutsideEngine.current.isEmpty { return OutsideEngine.suites }
        return [
            ToggleSuite.self, DragSuite.self, PruningSuite.self, SelectionDiffSuite.self, GridDiffSuite.self, ReplaySuite.self, MemorySuite.self,
            CommandsSuite.self,
        ]
    }

    /// Cases for `sizes`, size by size within each suite, filtered by substring of their id
    /// and, if given, to exactly the ids in `only`.
    static func cases(sizes: [Int], filter: String?, context: SuiteContext, only: Set<String>? = nil) -> [BenchmarkCase] {
        let include: (String) -> Bool = { id in
            (filter.map { id.contains($0) } ?? true) && (only?.contains(id) ?? true)
        }
        return suites.flatMap { suite in
            sizes.flatMap { suite.cases(size: $0, context: context, include: include) }
        }
    }
}
