/// Record framing: finding each record, checking its length, salt and CRC-32C, and deciding
/// what damage means: the end of the trace (a torn tail), an error, or bytes to skip.
extension BinaryTraceReader {
    /// What the bytes at the read position are.
    enum Framing {
        case record(lengthFieldSize: Int, length: Int)
        case damaged(Problem)
    }

    struct Problem {
        enum Kind {
            /// The file ends inside the record: a torn tail, unless valid records follow.
            case incomplete
            /// A complete record that is not valid: bad CRC, impossible length.
            case invalid
            /// A valid record of another session.
            case foreign
        }

        var kind: Kind
        var error: TraceError.Kind
        /// What is wrong, for a damage report.
        var message: String { TraceError.binaryMessage(error) }
    }

    /// The next valid record, or nil at the end (clean, torn, or salvaged to the end).
    ///
    /// The fast path handles a record with a one-byte length (up to 127 bytes of kind and
    /// body: every event but a large library change) entirely in the read buffer.
    @inline(__always)
    mutating func nextRecord() throws -> RawRecord? {
        if source.available >= 16 {
            let start = source.pointer
            let length = Int(start.load(as: UInt8.self))
            let total = length + 9  // length byte, salt, kind + body, CRC
            if length != 0 && length < 0x80 && total <= source.available && length <= options.limits.maximumRecordBytes {
                let recordSalt = UInt32(littleEndian: start.loadUnaligned(fromByteOffset: 1, as: UInt32.self))
                let stored = UInt32(littleEndian: start.loadUnaligned(fromByteOffset: 5 + length, as: UInt32.self))
                if recordSalt == salt
                    && (!options.verifiesChecksums
                        || CRC32C.update(0, start, count: 5 + length, inHardware: checksumsInHardware) == stored)
                {
                    let offset = source.offset
                    source.consume(total)
                    recordCount += 1
                    return RawRecord(
                        offset: offset, number: recordCount, kind: start.load(fromByteOffset: 5, as: UInt8.self),
                        body: start + 6, bodyCount: length - 1)
                }
            }
        }
        return try nextRecordSlowly()
    }

    /// The general case: long records, the last bytes of the file, and damage.
    private mutating func nextRecordSlowly() throws -> RawRecord? {
        while !isAtEnd {
            guard try source.request(1) else {
                isAtEnd = true
                return nil
            }
            let offset = source.offset
            switch try examineRecord() {
            case .record(let lengthFieldSize, let length):
                let start = source.pointer
                source.consume(lengthFieldSize + 8 + length)
                recordCount += 1
                return RawRecord(
                    offset: offset, number: recordCount,
                    kind: start.load(fromByteOffset: lengthFieldSize + 4, as: UInt8.self),
                    body: start + lengthFieldSize + 5, bodyCount: length - 1)
            case .damaged(let problem):
                try recover(from: problem, at: offset)
            }
        }
        return nil
    }

    /// Checks the record at the read position without consuming it.
    private func examineRecord() throws -> Framing {
        var length: UInt64 = 0
        var lengthFieldSize = 0
        while true {
            guard try source.request(lengthFieldSize + 1) else {
                return .damaged(Problem(kind: .incomplete, error: .truncated("the file ends inside a record's length field")))
            }
            let byte = source[lengthFieldSize]
            if lengthFieldSize == 9 && byte > 1 {
                return .damaged(
                    Problem(kind: .invalid, error: .impossibleLength("impossible length: the length field overflows 64 bits")))
            }
            length |= UInt64(byte & 0x7F) << UInt64(7 * lengthFieldSize)
            lengthFieldSize += 1
            if byte < 0x80 { break }
        }
        guard length >= 1 else {
            return .damaged(
                Problem(kind: .invalid, error: .impossibleLength("impossible length 0 (a record holds at least its kind)")))
        }
        let maximum = options.limits.maximumRecordBytes
        guard length <= UInt64(maximum) else {
            return .damaged(
                Problem(
                    kind: .invalid,
                    error: .impossibleLength("impossible length \(length) bytes, above the limit of \(maximum) bytes a record")))
        }
        let total = lengthFieldSize + 8 + Int(length)
        guard try source.request(total) else {
            return .damaged(
                Problem(
                    kind: .incomplete,
                    error: .truncated("a record of \(total) bytes of which the file holds \(source.available)")))
        }
        let start = source.pointer
        let covered = lengthFieldSize + 4 + Int(length)
        let stored = UInt32(littleEndian: start.loadUnaligned(fromByteOffset: covered, as: UInt32.self))
        let computed = CRC32C.update(0, start, count: covered)
        if options.verifiesChecksums && stored != computed {
            return .damaged(
                Problem(kind: .invalid, error: .badChecksum(stored: stored, computed: computed)))
        }
        let recordSalt = UInt32(littleEndian: start.loadUnaligned(fromByteOffset: lengthFieldSize, as: UInt32.self))
        guard recordSalt == salt else {
            return .damaged(
                Problem(
                    kind: .foreign, error: .foreignRecord(salt: recordSalt, traceSalt: salt)))
        }
        return .record(lengthFieldSize: lengthFieldSize, length: Int(length))
    }

    /// Decides what damage at `offset` means, and acts on it: returns at the next valid
    /// record (salvage), ends the trace (a torn tail), or throws.
    ///
    /// A torn tail is a record the file ends inside, with no valid record of this session
    /// after it: what a writer killed mid-write leaves. Anything else is corruption.
    private mutating func recover(from problem: Problem, at offset: Int) throws {
        let number = recordCount + 1
        if !options.salvage && problem.kind != .incomplete {
            throw TraceError(problem.error, at: .byte(offset, record: number, eventsBefore: eventCount))
        }
        source.consume(1)
        // A seen record read just before belongs to an event that may lie in the damage.
        seenRecord = 0
        let resumed = try skipToNextValidRecord()
        let skipped = source.offset - offset
        if problem.kind == .incomplete && !resumed {
            damage.append(
                TraceDamage(
                    kind: .tornTail, byteOffset: offset, byteCount: skipped, record: number, reason: problem.message,
                    eventsBefore: eventCount))
            isAtEnd = true
            return
        }
        guard options.salvage else {
            throw TraceError(
                .impossibleLength(
                    "impossible length: \(problem.message), yet a valid record follows at byte "
                        + "\(source.offset), so this is not a torn tail"),
                at: .byte(offset, record: number, eventsBefore: eventCount))
        }
        damage.append(
            TraceDamage(
                kind: .skipped, byteOffset: offset, byteCount: skipped, record: number,
                reason: problem.message + (resumed ? "" : "; nothing valid follows"), eventsBefore: eventCount))
        synced = false
        lostEventsIsLowerBound = true
        if !resumed { isAtEnd = true }
    }

    /// Skips bytes until a valid record of this session starts at the read position (true),
    /// or the input ends (false). O(bytes skipped): a candidate is rejected by its salt
    /// before its CRC is computed.
    private func skipToNextValidRecord() throws -> Bool {
        while true {
            guard try source.request(BinaryTraceFormat.minimumRecordSize) else {
                _ = try source.consumeToEnd()
                return false
            }
            if try validRecordStartsHere() { return true }
            source.consume(1)
        }
    }

    private func validRecordStartsHere() throws -> Bool {
        var length: UInt64 = 0
        var lengthFieldSize = 0
        while true {
            guard lengthFieldSize < 10, try source.request(lengthFieldSize + 1) else { return false }
            let byte = source[lengthFieldSize]
            length |= UInt64(byte & 0x7F) << UInt64(7 * lengthFieldSize)
            lengthFieldSize += 1
            if byte < 0x80 { break }
        }
        guard length >= 1 && length <= UInt64(options.limits.maximumRecordBytes) else { return false }
        guard try source.request(lengthFieldSize + 4) else { return false }
        let recordSalt = UInt32(littleEndian: source.pointer.loadUnaligned(fromByteOffset: lengthFieldSize, as: UInt32.self))
        guard recordSalt == salt else { return false }
        let covered = lengthFieldSize + 4 + Int(length)
        guard try source.request(covered + 4) else { return false }
        guard options.verifiesChecksums else { return true }
        let stored = UInt32(littleEndian: source.pointer.loadUnaligned(fromByteOffset: covered, as: UInt32.self))
        return CRC32C.update(0, source.pointer, count: covered) == stored
    }
}
