/// Reading past events that nobody needs: the rest of a trace after the step `replay --at`
/// asked for.
extension BinaryTraceReader {
    /// Reads every remaining record, checking its framing as `nextSlotEvent()` does (length,
    /// salt, CRC-32C; a torn tail ends the trace) and the end record's count, but decoding no
    /// event or id definition; returns how many events there were.
    ///
    /// O(remaining bytes), one CRC pass: a tenth of decoding them or less when the trace
    /// defines many ids, whose strings are never built. A record whose checksum holds but
    /// whose body does not decode (a crafted file) goes unnoticed here; `nextSlotEvent()`
    /// would refuse it. Sync points are not checked either: they restate decoding bases that
    /// are no longer followed.
    ///
    /// - Precondition: the reader does not salvage (salvage needs every record decoded to
    ///   know what it lost).
    @_spi(GridSimInternals) public mutating func skipToEnd() throws -> Int {
        precondition(!options.salvage, "a salvaging reader decodes every record")
        var skipped = 0
        while let record = try nextRecord() {
            if record.kind >= BinaryRecordKind.firstEvent {
                skipped += 1
                eventCount += 1
                statistics.eventRecords += 1
            } else if record.kind == BinaryRecordKind.end || record.kind > BinaryRecordKind.end {
                // The end record checks the count and that nothing follows; an unknown kind is an error.
                _ = try decode(record)
            }
        }
        return skipped
    }
}
