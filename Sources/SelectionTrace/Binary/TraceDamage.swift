/// Damage a reader met and got past: a torn tail (the end of a trace whose writer died
/// mid-record), or, when salvaging, bytes it skipped to reach the next valid record.
///
/// Damage that a reader does not get past is a `TraceError` instead.
@_spi(GridSimInternals) public struct TraceDamage: Hashable, Sendable, CustomStringConvertible {
    @_spi(GridSimInternals) public enum Kind: String, Hashable, Sendable {
        /// A partial last record: the trace ends before it. A warning, not an error.
        case tornTail
        /// Damaged bytes skipped by a salvaging reader.
        case skipped
    }

    @_spi(GridSimInternals) public var kind: Kind
    /// Where the damage starts (binary: a byte offset; text: 0, see `line`).
    @_spi(GridSimInternals) public var byteOffset: Int
    /// How many bytes it spans.
    @_spi(GridSimInternals) public var byteCount: Int
    /// The number the damaged record would have had (binary), or the line (text).
    @_spi(GridSimInternals) public var record: Int
    /// What was wrong at `byteOffset`: `bad CRC-32C …`, `impossible length …`.
    @_spi(GridSimInternals) public var reason: String
    /// How many complete events were read before it.
    @_spi(GridSimInternals) public var eventsBefore: Int
    /// Text traces: the damaged line; nil for binary traces.
    @_spi(GridSimInternals) public var line: Int?

    @_spi(GridSimInternals) public init(
        kind: Kind, byteOffset: Int, byteCount: Int, record: Int, reason: String, eventsBefore: Int, line: Int? = nil
    ) {
        self.kind = kind
        self.byteOffset = byteOffset
        self.byteCount = byteCount
        self.record = record
        self.reason = reason
        self.eventsBefore = eventsBefore
        self.line = line
    }

    /// One line for a person, e.g. `torn tail at byte 812 (record 41): the last 7 bytes are a
    /// partial record; the trace ends after 38 complete events`.
    @_spi(GridSimInternals) public var description: String {
        let place = line.map { "line \($0)" } ?? "byte \(byteOffset) (record \(record))"
        switch kind {
        case .tornTail:
            return "torn tail at \(place): the last \(byteCount) bytes are a partial "
                + (line == nil ? "record" : "line") + " (\(reason)); the trace ends after \(eventsBefore) complete events"
        case .skipped:
            return "skipped \(byteCount) damaged bytes at \(place), after event \(eventsBefore): \(reason)"
        }
    }
}
