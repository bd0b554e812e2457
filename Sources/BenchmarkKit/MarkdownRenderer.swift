import Foundation

/// Renders a report, and a comparison, as GitHub-flavoured Markdown for a CI job summary.
public enum MarkdownRenderer {
    public static func render(_ report: BenchmarkReport) -> String {
        let table = ReportTable(report: report)
        var lines = ["## gridsim-bench", ""]
        lines.append(contentsOf: table.preamble.map { "- \(escape($0))" })
        // The counts, when the run counted, are one more section after the timed cases'.
        for section in table.cases + (table.counts.map { [$0] } ?? []) {
            lines.append("")
            lines.append("### \(escape(section.title))")
            lines.append("")
            lines.append(contentsOf: section.details.map { "- \(escape($0))" })
            lines.append("")
            lines.append(contentsOf: markdownTable(header: section.header, rows: section.rows, rightAligned: section.rightAligned))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func render(_ comparison: BaselineComparison) -> String {
        var lines = ["", "### Comparison with baseline `\(comparison.baselineName)`: \(TextRenderer.summary(comparison))", ""]
        lines.append(contentsOf: comparison.warnings.map { "- warning: \(escape($0))" })
        lines.append(contentsOf: TextRenderer.gateLines(comparison).map { "- \(escape($0))" })
        let changed = comparison.comparisons.filter { $0.change != .unchanged }
        if !changed.isEmpty {
            lines.append("")
            lines.append(contentsOf: markdownTable(
                header: ["change", "gate", "case", "subject", "metric", "baseline", "now", "limit"],
                rows: changed.map { item in
                    [item.change == .regression ? "**regression**" : "improvement", item.metric.gate.rawValue, item.caseID, item.subject,
                     item.metric.unit, ReportFormat.significant(item.baseline), ReportFormat.significant(item.current), item.limit]
                },
                rightAligned: [false, false, false, false, false, true, true, false]))
        }
        lines.append(contentsOf: attributionLines(comparison.attributions))
        if !comparison.notCompared.isEmpty {
            lines.append("")
            lines.append("<details><summary>not compared (\(comparison.notCompared.count))</summary>")
            lines.append("")
            lines.append(contentsOf: comparison.notCompared.map { "- \(escape($0))" })
            lines.append("</details>")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Per changed counted loop: a heading, the link to its differential call graph, and the
    /// functions that changed most by self and by inclusive instructions.
    public static func attributionLines(_ attributions: [LoopAttribution]) -> [String] {
        var lines: [String] = []
        for attribution in attributions {
            lines.append("")
            lines.append("#### Where: \(escape(attribution.heading))")
            lines.append("")
            if let graph = attribution.graph {
                lines.append("Differential call graph: [\(escape(graph.split(separator: "/").last.map(String.init) ?? graph))](\(graph.replacingOccurrences(of: " ", with: "%20")))")
                lines.append("")
            }
            if let note = attribution.note {
                lines.append(escape(note))
                lines.append("")
            }
            for (title, changes) in [("By self instructions per operation", attribution.bySelf), ("By inclusive instructions per operation", attribution.byInclusive)] where !changes.isEmpty {
                lines.append("\(title):")
                lines.append("")
                lines.append(contentsOf: markdownTable(
                    header: LoopAttribution.tableHeader, rows: LoopAttribution.rows(changes),
                    rightAligned: LoopAttribution.tableRightAligned))
                lines.append("")
            }
        }
        return lines
    }

    private static func markdownTable(header: [String], rows: [[String]], rightAligned: [Bool]) -> [String] {
        var lines = ["| " + header.map(escape).joined(separator: " | ") + " |"]
        lines.append("|" + rightAligned.map { $0 ? " ---: |" : " --- |" }.joined())
        lines.append(contentsOf: rows.map { "| " + $0.map(escape).joined(separator: " | ") + " |" })
        return lines
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
