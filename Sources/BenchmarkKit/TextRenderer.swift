/// Renders a report, and a comparison, as aligned plain text for a terminal.
public enum TextRenderer {
    public static func render(_ report: BenchmarkReport) -> String {
        let table = ReportTable(report: report)
        var lines = table.preamble
        for caseTable in table.cases {
            lines.append("")
            lines.append("== \(caseTable.title)")
            lines.append(contentsOf: caseTable.details.map { "   \($0)" })
            lines.append(contentsOf: aligned([caseTable.header] + caseTable.rows, rightAligned: caseTable.rightAligned))
        }
        if let counts = table.counts {
            lines.append("")
            lines.append("== \(counts.title)")
            lines.append(contentsOf: counts.details.map { "   \($0)" })
            lines.append(contentsOf: aligned([counts.header] + counts.rows, rightAligned: counts.rightAligned))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func render(_ comparison: BaselineComparison) -> String {
        var lines = ["", "== comparison with baseline \(comparison.baselineName): \(summary(comparison))"]
        lines.append(contentsOf: comparison.warnings.map { "   warning: \($0)" })
        lines.append(contentsOf: gateLines(comparison).map { "   \($0)" })
        let changed = comparison.comparisons.filter { $0.change != .unchanged }
        if !changed.isEmpty {
            let header = ["change", "gate", "case", "subject", "metric", "baseline", "now", "limit"]
            let rows = changed.map { item in
                [item.change.rawValue, item.metric.gate.rawValue, item.caseID, item.subject, item.metric.unit,
                 ReportFormat.significant(item.baseline), ReportFormat.significant(item.current), item.limit]
            }
            lines.append(contentsOf: aligned([header] + rows, rightAligned: header.indices.map { $0 == 5 || $0 == 6 }))
        }
        for attribution in comparison.attributions {
            lines.append("")
            lines.append("== attribution: \(attribution.heading)")
            if let graph = attribution.graph { lines.append("   differential call graph: \(graph)") }
            if let note = attribution.note { lines.append("   \(note)") }
            for (title, changes) in [("by self instructions/op", attribution.bySelf), ("by inclusive instructions/op", attribution.byInclusive)] where !changes.isEmpty {
                lines.append("   \(title):")
                lines.append(contentsOf: aligned([LoopAttribution.tableHeader] + LoopAttribution.rows(changes), rightAligned: LoopAttribution.tableRightAligned).map { "   " + $0 })
            }
        }
        if !comparison.notCompared.isEmpty {
            lines.append("   not compared: \(comparison.notCompared.count) (\(comparison.notCompared.prefix(5).joined(separator: "; "))\(comparison.notCompared.count > 5 ? "; …" : ""))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per gate that judged anything: what it judged and its verdicts; and the time
    /// gate's line saying why it judged nothing, when the processor differs.
    static func gateLines(_ comparison: BaselineComparison) -> [String] {
        Gate.allCases.compactMap { gate in
            let tally = comparison.tally(of: gate)
            if gate == .timeRatio, let note = comparison.timeGateNote { return "gate \(gate.rawValue): \(note)" }
            guard tally.judged > 0 else { return nil }
            let metrics = GatedMetric.allCases.filter { $0.gate == gate }.map(\.unit).joined(separator: ", ")
            return "gate \(gate.rawValue): \(tally.judged) metrics (\(metrics)), \(tally.regressed) regressed, \(tally.improved) improved"
        }
    }

    static func summary(_ comparison: BaselineComparison) -> String {
        let counts = "\(comparison.comparisons.count) gated metrics, \(comparison.regressions.count) regressed, \(comparison.improvements.count) improved"
        switch comparison.verdict {
        case .unchanged: return "no change (\(counts))"
        case .regression: return "REGRESSION (\(counts))"
        case .improvement: return "improvement only (\(counts))"
        case .nothingInCommon: return "nothing in common with this run"
        }
    }

    /// Pads every column to its widest cell; two spaces between columns.
    static func aligned(_ rows: [[String]], rightAligned: [Bool]) -> [String] {
        guard let columns = rows.map(\.count).max() else { return [] }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column < rightAligned.count && rightAligned[column] ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
