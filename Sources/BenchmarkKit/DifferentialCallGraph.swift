import Foundation

/// A counted loop's call graph, base against head: one box per function whose inclusive
/// instructions changed (the larger changes, at most `maximumNodes`), red where it got
/// dearer and blue where cheaper, the deeper the colour the larger the change; a thick
/// border where its own (self) instructions changed; arrows for the calls between them,
/// labelled with the change of their cost and their counts. All figures per operation.
///
/// Written as DOT and laid out by graphviz's `dot` into a self-contained SVG. gprof2dot
/// (`--compare`) was tried first: it compares two callgrind files of the same structure
/// only, and fails (`UnboundLocalError`, gprof2dot 2025.4.14) as soon as a function exists
/// on one side alone, which is the case a regression most often is.
public struct DifferentialCallGraph {
    public static let maximumNodes = 40

    var title: String
    var changes: [FunctionChange]
    var base: CallProfile
    var baseOperations: Int
    var head: CallProfile
    var headOperations: Int
    /// Symbols to outline (the top of the self table).
    var highlighted: Set<String>

    /// The DOT source. O(functions + calls).
    public func dot() -> String {
        let largest = changes.map { abs($0.inclusiveChange) }.max() ?? 0
        guard largest > 0 else { return "digraph \"no change\" {}\n" }
        // The chosen functions: a changed inclusive cost of at least 1 % of the largest
        // change, the largest first, and every function whose own cost changed in the top.
        var chosen = changes.filter { abs($0.inclusiveChange) >= largest * 0.01 }
            .sorted { abs($0.inclusiveChange) > abs($1.inclusiveChange) }
            .prefix(Self.maximumNodes).map { $0 }
        for change in changes where highlighted.contains(change.symbol) && !chosen.contains(where: { $0.symbol == change.symbol }) {
            chosen.append(change)
        }
        var identifiers: [String: String] = [:]
        for (index, change) in chosen.enumerated() { identifiers["\(change.module)\u{1F}\(change.symbol)"] = "f\(index)" }

        var lines = [
            "digraph \"differential call graph\" {",
            "  graph [fontname=\"Helvetica\", fontsize=12, labelloc=t, label=\(quoted(title + "\nper operation; red: more instructions, blue: fewer; thick border: own instructions changed")), rankdir=TB, nodesep=0.3, ranksep=0.35];",
            "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10, color=\"#555555\"];",
            "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#777777\"];",
        ]
        for change in chosen {
            let identifier = identifiers["\(change.module)\u{1F}\(change.symbol)"]!
            let status = change.inclusiveBefore == 0 ? " (new)" : change.inclusiveAfter == 0 ? " (gone)" : ""
            let label = [
                wrapped(change.function) + status,
                change.module + (change.location.map { " · \($0)" } ?? ""),
                "self \(figure(change.selfBefore)) → \(figure(change.selfAfter)) (\(signed(change.selfChange)))",
                "inclusive \(figure(change.inclusiveBefore)) → \(figure(change.inclusiveAfter)) (\(signed(change.inclusiveChange)))",
            ].joined(separator: "\n")
            let selfChanged = change.selfChange != 0
            lines.append("  \(identifier) [label=\(quoted(label)), fillcolor=\"\(fill(change.inclusiveChange, largest: largest))\", penwidth=\(selfChanged ? 3 : 1)\(highlighted.contains(change.symbol) ? ", color=\"#000000\"" : "")\(change.inclusiveAfter == 0 ? ", style=\"rounded,filled,dashed\"" : "")];")
        }
        // Calls between chosen functions, base and head paired by caller and callee.
        struct Edge { var instructionsBefore = 0.0, instructionsAfter = 0.0, countBefore = 0.0, countAfter = 0.0 }
        var edges: [String: Edge] = [:]
        func collect(_ profile: CallProfile, operations: Int, after: Bool) {
            let scale = 1 / Double(max(operations, 1))
            for call in profile.calls {
                let caller = profile.functions[call.caller]
                let callee = profile.functions[call.callee]
                guard let from = identifiers[key(caller)], let to = identifiers[key(callee)], from != to else { continue }
                var edge = edges["\(from) -> \(to)"] ?? Edge()
                if after {
                    edge.instructionsAfter += Double(call.instructions) * scale
                    edge.countAfter += Double(call.count) * scale
                } else {
                    edge.instructionsBefore += Double(call.instructions) * scale
                    edge.countBefore += Double(call.count) * scale
                }
                edges["\(from) -> \(to)"] = edge
            }
        }
        collect(base, operations: baseOperations, after: false)
        collect(head, operations: headOperations, after: true)
        for (name, edge) in edges.sorted(by: { $0.key < $1.key }) {
            let delta = edge.instructionsAfter - edge.instructionsBefore
            let width = 1 + 3 * min(abs(delta) / largest, 1)
            let label = "\(signed(delta))\ncalls \(figure(edge.countBefore)) → \(figure(edge.countAfter))"
            lines.append("  \(name) [label=\(quoted(label)), penwidth=\(ReportFormat.decimal(width))\(delta == 0 ? ", style=dotted" : ", color=\"\(delta > 0 ? "#b2182b" : "#2166ac")\"")];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `NAME.dot` and, when graphviz's `dot` is on `PATH`, `NAME.svg` into
    /// `directory`; returns the SVG's path. Throws when the files cannot be written, when
    /// `dot` is missing (the DOT source is written all the same) or fails.
    public func write(named name: String, in directory: URL) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let source = directory.appendingPathComponent("\(name).dot")
        let image = directory.appendingPathComponent("\(name).svg")
        try Data(dot().utf8).write(to: source)
        guard let dot = CallgrindInvocation.findOnPath("dot") else {
            throw CallgrindInvocation.Failure(description: "graphviz's dot is not installed (scripts/setup installs it); the DOT source is \(source.path)")
        }
        guard ExternalTool.output(of: dot, ["-Tsvg", source.path, "-o", image.path], input: nil) != nil else {
            throw CallgrindInvocation.Failure(description: "dot -Tsvg \(source.path) failed")
        }
        return image.path
    }

    private func key(_ function: CallProfile.Function) -> String {
        "\(SymbolNames.module(of: function.symbol, object: function.object))\u{1F}\(function.symbol)"
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// Long demangled names broken after commas and before ` in ` so that a box stays narrow.
    private func wrapped(_ name: String) -> String {
        guard name.count > 60 else { return name }
        return name.replacingOccurrences(of: " in ", with: "\nin ").replacingOccurrences(of: ", ", with: ",\n")
    }

    private func figure(_ value: Double) -> String { ReportFormat.significant(value) }

    private func signed(_ value: Double) -> String {
        (value > 0 ? "+" : "") + ReportFormat.significant(value)
    }

    /// Red for more, blue for fewer, from pale to deep with the change's share of the largest.
    private func fill(_ change: Double, largest: Double) -> String {
        guard change != 0 else { return "#f0f0f0" }
        let strength = 0.15 + 0.6 * min(abs(change) / largest, 1)
        let hue = change > 0 ? 0.0 : 0.6
        return "\(ReportFormat.decimal((hue * 1000).rounded() / 1000)) \(ReportFormat.decimal((strength * 1000).rounded() / 1000)) 1.000"
    }
}
