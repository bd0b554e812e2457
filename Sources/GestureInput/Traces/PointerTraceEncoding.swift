@_spi(GridSimInternals) import SelectionTrace

/// Writes two-layer trace lines: a SPEC v1 line with the raw layer in extra fields, which v1
/// readers ignore. See docs/pointer-traces.md.
package enum PointerTraceEncoding {
    /// The header line (without newline): the v1 header plus `"pointer":{…}` and, for a trace
    /// without events, `"inputAfter":[…]`.
    package static func line(for header: TraceHeader, setup: PointerSetup, inputAfter: [PointerSample]? = nil) -> String
    {
        var extra = ",\"pointer\":" + PointerJSON.object(setup)
        if let inputAfter, !inputAfter.isEmpty { extra += ",\"inputAfter\":" + PointerJSON.array(inputAfter) }
        return splice(TextTraceEncoding.line(for: header), extra)
    }

    /// An event line (without newline): the v1 event plus `"input"` and `"inputAfter"` when given.
    package static func line(for line: PointerTraceLine) -> String {
        var extra = ""
        if let input = line.input { extra += ",\"input\":" + PointerJSON.array(input) }
        if let inputAfter = line.inputAfter, !inputAfter.isEmpty {
            extra += ",\"inputAfter\":" + PointerJSON.array(inputAfter)
        }
        return splice(TextTraceEncoding.line(for: line.event), extra)
    }

    /// Adds members before the closing brace of a one-line JSON object.
    private static func splice(_ object: String, _ members: String) -> String {
        guard !members.isEmpty, object.hasSuffix("}") else { return object }
        return String(object.dropLast()) + members + "}"
    }
}
