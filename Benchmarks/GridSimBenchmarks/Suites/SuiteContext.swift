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
    /// What every subject of a case reads, built once per case (or shared by its variants).
    associatedtype Fixture
    static var name: String { get }
    /// One line for `--list`.
    static var summary: String { get }
    /// Every subject the suite can run, in the order a case runs them.
    static func subjects(context: SuiteContext) -> [Subject<Fixture>]
    /// The suite's cases at `size`, keeping only ids that `include` accepts.
    static func cases(size: Int, context: SuiteContext, include: (String) -> Bool) -> [BenchmarkCase]
}

extension BenchmarkSuite {
    /// Subject names and roles, for `--list`.
    static func subjectNames(context: SuiteContext) -> [(name: String, role: SubjectRole)] {
        subjects(context: context).map { ($0.name, $0.role) }
    }

    /// One case per variant that `include` accepts, all reading one fixture: built for the
    /// first of them that runs and released after the last.
    static func casesSharingOneFixture<Variant>(
        _ variants: [Variant], label: (Variant) -> String, size: Int, include: (String) -> Bool,
        fixture: @escaping () -> Fixture, makeCase: (Variant, SharedFixture<Fixture>) -> BenchmarkCase
    ) -> [BenchmarkCase] {
        let kept = variants.filter { include(BenchmarkCase.id(suite: name, size: size, variant: label($0))) }
        guard !kept.isEmpty else { return [] }
        let shared = SharedFixture(users: kept.count, build: fixture)
        return kept.map { makeCase($0, shared) }
    }
}

/// Every suite, in the order a run goes through them.
enum SuiteCatalog {
    static var suites: [any BenchmarkSuite.Type] {
        if !OutsideEngine.current.isEmpty { return OutsideEngine.suites }
        return [
            ToggleSuite.self, DragSuite.self, PruningSuite.self, SelectionDiffSuite.self, GridDiffSuite.self, ReplaySuite.self, MemorySuite.self,
            CommandsSuite.self, RecorderSuite.self,
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
