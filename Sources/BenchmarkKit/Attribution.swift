import Foundation

/// One function's part in a counted loop's change: its instructions per operation in the
/// baseline and in this run, its own (self) and with everything it called (inclusive).
public struct FunctionChange: Codable, Sendable, Equatable {
    /// Demangled, without module names (`static InjectedWork.burn(rounds:)`).
    public var function: String
    /// As callgrind named it.
    public var symbol: String
    /// The Swift module, or the object file for code that is not Swift.
    public var module: String
    /// `file:line` of the function's first line, where the binary's debug information told
    /// callgrind; paths inside the package are relative to its root.
    public var location: String?
    public var selfBefore: Double
    public var selfAfter: Double
    public var inclusiveBefore: Double
    public var inclusiveAfter: Double

    public var selfChange: Double { selfAfter - selfBefore }
    public var inclusiveChange: Double { inclusiveAfter - inclusiveBefore }
}

/// Where the instructions of one counted loop moved, when the exact gate saw them move past
/// its limit: the functions with the largest change, base against head.
public struct LoopAttribution: Codable, Sendable {
    public var caseID: String
    public var subject: String
    public var change: MetricChange
    public var baselineInstructionsPerOperation: Double
    public var currentInstructionsPerOperation: Double
    /// The functions whose own instructions per operation changed most (absolute change).
    public var bySelf: [FunctionChange]
    /// The functions whose inclusive instructions per operation changed most; among equal
    /// changes the deepest (least inclusive) first, so a changed callee comes before the
    /// chain of callers that carries its change up to the loop.
    public var byInclusive: [FunctionChange]
    /// The differential call graph (SVG) as the path the report links, nil when none was drawn.
    public var graph: String?
    /// Why the attribution, or its graph, is missing.
    public var note: String?

    /// `caseID subject`, as `CountReport.key`.
    public var key: String { "\(caseID) \(subject)" }
}

/// Attribution of the exact gate's instruction changes to functions, from the per-function
/// counts each count keeps (`CountReport.profile`) in this run and in the baseline: no base
/// build, no second counting.
public enum Attribution {
    /// Functions listed per table.
    public static let rows = 10

    /// Attributes every instruction change of the exact gate in `comparison` (regression or
    /// improvement) and, with `graphDirectory`, draws each one's differential call graph
    /// there (SVG through graphviz's `dot`; its DOT source beside it). O(functions of the
    /// changed loops × log) plus one `swift demangle` and one `dot` per changed loop.
    public static func attribute(
        _ comparison: inout BaselineComparison, current: [CountReport], baseline: [CountReport],
        graphDirectory: URL? = nil, packageRoot: String? = nil,
        names: ([String]) -> SymbolNames = SymbolNames.demangling
    ) {
        let changed = comparison.comparisons.filter { $0.metric == .instructionsPerOperation && $0.change != .unchanged }
        guard !changed.isEmpty else { return }
        let currentCounts = Dictionary(current.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let baselineCounts = Dictionary(baseline.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let profiled = changed.compactMap { item -> (MetricComparison, CountReport, CountReport)? in
            let key = "\(item.caseID) \(item.subject)"
            guard let head = currentCounts[key], let base = baselineCounts[key] else { return nil }
            return (item, head, base)
        }
        let symbols = profiled.flatMap { _, head, base in
            (head.profile?.functions ?? []).map(\.symbol) + (base.profile?.functions ?? []).map(\.symbol)
        }
        let symbolNames = names(symbols)
        for (item, head, base) in profiled {
            var attribution = LoopAttribution(
                caseID: item.caseID, subject: item.subject, change: item.change,
                baselineInstructionsPerOperation: item.baseline, currentInstructionsPerOperation: item.current,
                bySelf: [], byInclusive: [])
            guard let headProfile = head.profile, let baseProfile = base.profile else {
                attribution.note = head.profile == nil
                    ? "this run kept no per-function counts"
                    : "the baseline keeps no per-function counts: save it again with --count or --count-only"
                comparison.attributions.append(attribution)
                continue
            }
            let changes = functionChanges(
                base: baseProfile, baseOperations: base.operations, head: headProfile, headOperations: head.operations,
                names: symbolNames, packageRoot: packageRoot)
            attribution.bySelf = Array(
                changes.filter { $0.selfChange != 0 }
                    .sorted { abs($0.selfChange) != abs($1.selfChange) ? abs($0.selfChange) > abs($1.selfChange) : $0.symbol < $1.symbol }
                    .prefix(rows))
            attribution.byInclusive = Array(
                changes.filter { $0.inclusiveChange != 0 }
                    .sorted {
                        if abs($0.inclusiveChange) != abs($1.inclusiveChange) { return abs($0.inclusiveChange) > abs($1.inclusiveChange) }
                        if $0.inclusiveAfter != $1.inclusiveAfter { return $0.inclusiveAfter < $1.inclusiveAfter }
                        return $0.symbol < $1.symbol
                    }
                    .prefix(rows))
            if let graphDirectory {
                let graph = DifferentialCallGraph(
                    title: "\(item.caseID) \(item.subject): \(ReportFormat.significant(item.baseline)) → \(ReportFormat.significant(item.current)) instructions/op (\(signedPercent(item.current / item.baseline - 1)))",
                    changes: changes, base: baseProfile, baseOperations: base.operations, head: headProfile,
                    headOperations: head.operations, highlighted: Set(attribution.bySelf.prefix(3).map(\.symbol)))
                do {
                    attribution.graph = try graph.write(named: fileName(caseID: item.caseID, subject: item.subject), in: graphDirectory)
                } catch {
                    attribution.note = "no call graph: \(error)"
                }
            }
            comparison.attributions.append(attribution)
        }
    }

    /// Every function of either profile inside the counted region, paired by object and
    /// symbol, per operation. The region's frame is left out: `countedRegion` and its
    /// callers (the harness, `main`, the C library's start), whose inclusive cost is the
    /// whole loop's and says nothing of where it changed. O(functions).
    static func functionChanges(
        base: CallProfile, baseOperations: Int, head: CallProfile, headOperations: Int, names: SymbolNames,
        packageRoot: String?
    ) -> [FunctionChange] {
        let frame = base.regionFrame.union(head.regionFrame)
        let before = Dictionary(base.functions.filter { !frame.contains($0.key) }.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(head.functions.filter { !frame.contains($0.key) }.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let baseScale = 1 / Double(max(baseOperations, 1))
        let headScale = 1 / Double(max(headOperations, 1))
        return Set(before.keys).union(after.keys).sorted().map { key in
            let old = before[key]
            let new = after[key]
            let known = (new ?? old)!
            let file = new?.file ?? old?.file
            let line = new?.file != nil ? new?.line : old?.line
            return FunctionChange(
                function: names.name(of: known.symbol), symbol: known.symbol,
                module: SymbolNames.module(of: known.symbol, object: known.object),
                location: file.map { "\(relative($0, to: packageRoot))\(line.map { ":\($0)" } ?? "")" },
                selfBefore: Double(old?.selfInstructions ?? 0) * baseScale,
                selfAfter: Double(new?.selfInstructions ?? 0) * headScale,
                inclusiveBefore: Double(old?.inclusiveInstructions ?? 0) * baseScale,
                inclusiveAfter: Double(new?.inclusiveInstructions ?? 0) * headScale)
        }
    }

    package static func relative(_ path: String, to root: String?) -> String {
        guard let root, path.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return path }
        return String(path.dropFirst(root.hasSuffix("/") ? root.count : root.count + 1))
    }

    /// `toggle-10K-FastEngine-log`: the case and subject in letters, digits and dashes.
    static func fileName(caseID: String, subject: String) -> String {
        var name = ""
        for character in "\(caseID) \(subject)" {
            if character.isASCII && (character.isLetter || character.isNumber) {
                name.append(character)
            } else if character == "%" {
                name += "pct"
            } else if name.last != "-" {
                name.append("-")
            }
        }
        while name.last == "-" { name.removeLast() }
        return name
    }

    /// `+1.02 %`, `-3.5 %`.
    static func signedPercent(_ fraction: Double) -> String {
        (fraction > 0 ? "+" : "") + ReportFormat.percent(fraction)
    }
}

extension LoopAttribution {
    /// The heading of the loop's attribution: what moved, by how much, and where its graph is.
    public var heading: String {
        let fraction = baselineInstructionsPerOperation > 0 ? currentInstructionsPerOperation / baselineInstructionsPerOperation - 1 : 0
        return "\(change.rawValue) \(caseID) \(subject): \(ReportFormat.significant(baselineInstructionsPerOperation)) → \(ReportFormat.significant(currentInstructionsPerOperation)) instructions/op (\(Attribution.signedPercent(fraction)))"
    }

    public static let tableHeader = [
        "function", "module", "file:line", "self base", "self now", "self Δ", "incl. base", "incl. now", "incl. Δ",
    ]
    public static let tableRightAligned = [false, false, false, true, true, true, true, true, true]

    /// One row per function of `changes`, figures per operation.
    public static func rows(_ changes: [FunctionChange]) -> [[String]] {
        changes.map { change in
            [
                change.function, change.module, change.location ?? "–",
                ReportFormat.significant(change.selfBefore), ReportFormat.significant(change.selfAfter), signed(change.selfChange),
                ReportFormat.significant(change.inclusiveBefore), ReportFormat.significant(change.inclusiveAfter),
                signed(change.inclusiveChange),
            ]
        }
    }

    static func signed(_ value: Double) -> String {
        (value > 0 ? "+" : "") + ReportFormat.significant(value)
    }
}
