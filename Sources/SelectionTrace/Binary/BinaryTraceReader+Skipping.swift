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
    /// are no longer followed. Seen records are stepped over undecoded, but still only an
    /// event may follow one (a trace that ends right after one ends torn, as when decoding).
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
            } else if record.kind == BinaryRecordKind.seen {
                if seenRecord != 0 && seenRecord == record.number - 1 { throw failure(record, Self.notAfterSeen.kind) }
                seenRecord = record.number
                seenRecordOffset = record.offset
                seenState = nil
                statistics.seenRecords += 1
            } else if record.kind == BinaryRecordKind.end || record.kind > BinaryRecordKind.end {
                // The end record checks the count and that nothing follows; an unknown kind (or a
                // start record, which only follows the header) is an error.
                _ = try decode(record)
            } else if seenRecord != 0 && seenRecord == record.number - 1 {
                throw failure(record, Self.notAfterSeen.kind)
            }
        }
        if seenRecord == recordCount && seenRecord != 0 { endAfterSeen() }
        return skipped
    }
}
