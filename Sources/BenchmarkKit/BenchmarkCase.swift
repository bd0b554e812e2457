/// How many operations one timed sample covers.
public enum OperationsPerSample: Sendable, Equatable {
    /// Exactly this many (a toggle sample is a batch of 64 taps, so that its latency
    /// distribution means the same for every subject).
    case fixed(Int)
    /// As many as it takes for a sample to last `RunSettings.minimumSampleNanoseconds`.
    case automatic
}

/// A subject of one case, with the fixture bound: ready to prepare.
public struct CaseSubject {
    public let name: String
    public let role: SubjectRole
    /// Why it does not run in this case (its size cap), or nil.
    public let skipReason: String?
    public let prepare: () -> PreparedOperation
}

/// One measured situation: a suite at a grid size (and variant), with every subject that
/// runs on the same data.
public struct BenchmarkCase {
    public let suite: String
    public let size: Int
    /// The variant's label (`1%`, `k=100`), if the suite has variants.
    public let variant: String?
    /// `suite/size[/variant]`, e.g. `pruning/10K/1%`; what `--filter` matches.
    public let id: String
    /// What one operation is, singular (`tap`, `library change`, `diff`, `replay`).
    public let operationName: String
    /// What throughput counts, plural (`taps`, `photos`, `events`), and how many per operation.
    public let itemName: String
    public let itemsPerOperation: Int
    public let operationsPerSample: OperationsPerSample
    /// Operations counted in the allocation window (after as many again as a warm-up).
    public let allocationOperations: Int
    /// The subject every time ratio is taken against, timed alternately with the others.
    public let anchor: String
    public let subjects: [CaseSubject]
    /// Sentences for the reader: what is timed, what was capped and why.
    public let notes: [String]
    /// Called once the case is measured (releases shared fixtures).
    public let finish: () -> Void

    /// Binds `subjects` to a shared fixture. `anchor` must name a subject that runs.
    public init<Fixture>(
        suite: String, size: Int, variant: String? = nil, parameters: CaseParameters,
        operationName: String, itemName: String, itemsPerOperation: Int,
        operationsPerSample: OperationsPerSample, allocationOperations: Int,
        anchor: String, notes: [String] = [],
        fixture: SharedFixture<Fixture>, subjects: [Subject<Fixture>]
    ) {
        self.suite = suite
        self.size = size
        self.variant = variant
        self.id = Self.id(suite: suite, size: size, variant: variant)
        self.operationName = operationName
        self.itemName = itemName
        self.itemsPerOperation = itemsPerOperation
        self.operationsPerSample = operationsPerSample
        self.allocationOperations = allocationOperations
        self.anchor = anchor
        self.notes = notes
        self.subjects = subjects.map { subject in
            CaseSubject(
                name: subject.name, role: subject.role,
                skipReason: subject.skipReason(parameters),
                prepare: { subject.prepare(fixture.get(), parameters) })
        }
        self.finish = { fixture.finishUse() }
    }

    /// `suite/size[/variant]`: known before a case is built, so that a filter can drop cases
    /// before their fixture is counted.
    public static func id(suite: String, size: Int, variant: String? = nil) -> String {
        [suite, GridSizeFormat.label(size), variant].compactMap { $0 }.joined(separator: "/")
    }
}

/// Grid sizes as people write them: 1K, 10K, 100K, 1M, 10M.
public enum GridSizeFormat {
    /// `1000` → `1K`, `10_000_000` → `10M`, `1500` → `1500`.
    public static func label(_ size: Int) -> String {
        if size >= 1_000_000, size % 1_000_000 == 0 { return "\(size / 1_000_000)M" }
        if size >= 1_000, size % 1_000 == 0 { return "\(size / 1_000)K" }
        return String(size)
    }

    /// `10K` → 10_000, `1m` → 1_000_000, `2500` → 2500; nil for anything else or ≤ 0.
    public static func parse(_ text: String) -> Int? {
        let trimmed = String(text.filter { !$0.isWhitespace }).uppercased()
        let multiplier: Int
        var digits = Substring(trimmed)
        switch trimmed.last {
        case "K": multiplier = 1_000; digits = digits.dropLast()
        case "M": multiplier = 1_000_000; digits = digits.dropLast()
        default: multiplier = 1
        }
        guard let value = Int(digits), value > 0 else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }
}
