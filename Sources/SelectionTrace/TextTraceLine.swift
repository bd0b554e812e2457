@_spi(GridSimInternals) import SelectionCore

/// One line of a text trace, decoded on its own: for a recorder that reads events as they
/// arrive (from standard input, say) rather than a whole file.
@_spi(GridSimInternals) public enum TextTraceLine: Hashable, Sendable {
    case blank
    case header(TraceHeader)
    case event(TraceEvent)

    /// Decodes `line` (without its newline): a header if it has a `trace` field, else an
    /// event. Errors name `lineNumber`, as the file reader's do.
    @_spi(GridSimInternals) public static func decode(_ line: [UInt8], lineNumber: Int, limits: TraceLimits = .default) throws -> TextTraceLine {
        if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }) {
            return .blank
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw TraceError(.malformedJSON(error.message), at: .line(lineNumber, column: error.column))
        }
        do {
            if case .object(let object) = value, object["trace"] != nil {
                return .header(try TextTraceDecoding.header(from: value, limits: limits))
            }
            return .event(try TextTraceDecoding.event(from: value))
        } catch {
            throw TraceError(error.kind, at: .line(lineNumber))
        }
    }
}
