@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// The file header of a binary trace: the fixed prefix and the body it frames.
///
/// ```
/// offset  size  field
///      0     8  magic 89 47 53 54 52 0D 0A 1A
///      8     2  format version, u16 little-endian (2, or 3 with a start state)
///     10     2  reserved, zero
///     12     4  body length, u32 little-endian (at most TraceLimits.maximumHeaderBytes)
///     16     4  CRC-32C of bytes 8..<16 followed by the body
///     20     …  body: salt:u32le traceVersion:varint flags:u8 [limit:zigzag]
///                     photoCount:varint [metaLength:varint metaJSON]
/// ```
///
/// With the explicit-ids flag, `photoCount` says how many ids the id-definition records right
/// after the header define (slots 0 …); the header itself never holds a list, so that its
/// size, and what a reader allocates for it, stays small and bounded. With the start flag
/// (format version 3), a start record follows those definitions (or the header, for a grid
/// given by count): the state before the first event, its picks named by slot.
struct BinaryFileHeader: Hashable {
    var formatVersion: UInt16
    var salt: UInt32
    var traceVersion: Int
    var limit: Int?
    var reduceMotion: Bool
    var photoCount: Int
    var explicitIDs: Bool
    var meta: JSONObject?
    /// Whether a start record follows (SPEC.md section 7).
    var hasStart: Bool
    /// The header's size in the file: prefix and body.
    var size: Int

    /// The header of a trace that starts like `header`: format version 3 with a start state,
    /// else 2, and the trace version a text header would say (2 with a start state).
    init(_ header: TraceHeader, salt: UInt32) {
        formatVersion = BinaryTraceFormat.writtenVersion(for: header)
        self.salt = salt
        traceVersion = header.writtenVersion
        limit = header.limit
        reduceMotion = header.reduceMotion
        photoCount = header.photos.count
        if case .ids = header.photos { explicitIDs = true } else { explicitIDs = false }
        meta = header.meta
        hasStart = !header.start.isBrowsing
        size = 0
    }

    /// The header's bytes: prefix and body. O(size of meta).
    func encoded() -> [UInt8] {
        var body: [UInt8] = []
        withUnsafeBytes(of: salt.littleEndian) { body.append(contentsOf: $0) }
        Varint.append(traceVersion, to: &body)
        var flags: UInt8 = 0
        if reduceMotion { flags |= BinaryHeaderFlag.reduceMotion }
        if limit != nil { flags |= BinaryHeaderFlag.hasLimit }
        if explicitIDs { flags |= BinaryHeaderFlag.explicitIDs }
        if meta != nil { flags |= BinaryHeaderFlag.hasMeta }
        if hasStart { flags |= BinaryHeaderFlag.hasStart }
        body.append(flags)
        if let limit { Varint.appendSigned(Int64(limit), to: &body) }
        Varint.append(photoCount, to: &body)
        if let meta {
            var json = JSONWriter()
            json.value(.object(meta))
            let text = Array(json.text.utf8)
            Varint.append(text.count, to: &body)
            body.append(contentsOf: text)
        }

        var bytes = BinaryTraceFormat.magic
        withUnsafeBytes(of: formatVersion.littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [0, 0])
        withUnsafeBytes(of: UInt32(body.count).littleEndian) { bytes.append(contentsOf: $0) }
        var crc = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[8..<16])) }
        crc = body.withUnsafeBytes { CRC32C.update(crc, $0) }
        withUnsafeBytes(of: crc.littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: body)
        return bytes
    }

    /// Reads and checks the header at the start of `source`, consuming it. Every size is
    /// checked against `limits` before anything is allocated for it.
    static func read(from source: ByteSource, limits: TraceLimits, verifiesChecksum: Bool) throws -> BinaryFileHeader {
        let prefixSize = BinaryTraceFormat.fixedHeaderSize
        let magic = BinaryTraceFormat.magic
        guard try source.request(1) else {
            throw TraceError(.emptyTrace, at: .byte(0, record: nil))
        }
        _ = try source.request(magic.count)
        for index in 0..<min(source.available, magic.count) where source[index] != magic[index] {
            let looksLikeText = source[0] == UInt8(ascii: "{") || source[0] == UInt8(ascii: " ") || source[0] == UInt8(ascii: "\n")
            throw TraceError(.notBinaryTrace(looksLikeText: looksLikeText), at: .byte(index, record: nil))
        }
        guard try source.request(prefixSize) else {
            throw TraceError(
                .truncated("the file ends inside the header (\(source.available) of \(prefixSize) bytes)"),
                at: .byte(source.available, record: nil))
        }
        let version = UInt16(source[8]) | UInt16(source[9]) << 8
        guard version >= 1 && version <= BinaryTraceFormat.currentVersion else {
            throw TraceError(.unsupportedVersion(Int(version)), at: .byte(8, record: nil))
        }
        guard source[10] == 0 && source[11] == 0 else {
            throw TraceError(.malformed("the reserved header bytes are not zero"), at: .byte(10, record: nil))
        }
        let bodyLength = Int(source.pointer.loadUnaligned(fromByteOffset: 12, as: UInt32.self).littleEndian)
        guard bodyLength <= limits.maximumHeaderBytes else {
            throw TraceError(
                .aboveLimit(
                    "impossible header length \(bodyLength) bytes, above the limit of \(limits.maximumHeaderBytes) bytes"),
                at: .byte(12, record: nil))
        }
        guard try source.request(prefixSize + bodyLength) else {
            throw TraceError(
                .truncated("the file ends inside the header (\(source.available) of \(prefixSize + bodyLength) bytes)"),
                at: .byte(source.available, record: nil))
        }
        let stored = UInt32(littleEndian: source.pointer.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        var computed = CRC32C.update(0, source.pointer + 8, count: 8)
        computed = CRC32C.update(computed, source.pointer + prefixSize, count: bodyLength)
        guard stored == computed || !verifiesChecksum else {
            throw TraceError(.badChecksum(stored: stored, computed: computed), at: .byte(16, record: nil))
        }
        var cursor = ByteCursor(source.pointer + prefixSize, count: bodyLength)
        let header: BinaryFileHeader
        do {
            header = try decodeBody(&cursor, formatVersion: version, size: prefixSize + bodyLength, limits: limits)
        } catch {
            throw TraceError(error.kind, at: .byte(prefixSize + cursor.position, record: nil))
        }
        source.consume(prefixSize + bodyLength)
        return header
    }

    private static func decodeBody(
        _ cursor: inout ByteCursor, formatVersion: UInt16, size: Int, limits: TraceLimits
    ) throws(BodyError) -> BinaryFileHeader {
        let salt = try cursor.uint32()
        let traceVersion = try cursor.varint()
        guard traceVersion >= 1 && traceVersion <= UInt64(TraceHeader.currentVersion) else {
            throw BodyError(
                "trace version \(traceVersion) is not one this reader knows (it reads version \(TraceHeader.currentVersion))")
        }
        let flags = try cursor.byte()
        guard flags & ~BinaryHeaderFlag.known == 0 else {
            throw BodyError("unknown header flags 0x\(String(flags & ~BinaryHeaderFlag.known, radix: 16))")
        }
        let hasStart = flags & BinaryHeaderFlag.hasStart != 0
        if hasStart {
            // No older writer set it: a file that does is damage or a crafted file.
            guard formatVersion >= BinaryTraceFormat.startStateVersion else {
                throw BodyError(
                    "the header's start-state flag needs format version \(BinaryTraceFormat.startStateVersion), "
                        + "but the file is format version \(formatVersion)")
            }
            // As in a text trace (SPEC.md section 7), so that the two formats convert exactly.
            guard traceVersion >= 2 else {
                throw BodyError("a start state needs trace version 2 (SPEC.md section 7), found trace version \(traceVersion)")
            }
        }
        var limit: Int?
        if flags & BinaryHeaderFlag.hasLimit != 0 { limit = Int(try cursor.signedVarint()) }
        let explicitIDs = flags & BinaryHeaderFlag.explicitIDs != 0
        let photoCount = try cursor.varint()
        guard photoCount <= UInt64(limits.maximumPhotoCount) else {
            throw BodyError.aboveLimit("the grid has \(photoCount) photos, above the limit of \(limits.maximumPhotoCount) photos")
        }
        guard photoCount <= UInt64(SlotTable.maximumCount) else {
            throw BodyError("the grid has \(photoCount) photos, more than 32-bit slots can number")
        }
        if explicitIDs && photoCount > UInt64(limits.maximumIDListCount) {
            throw BodyError.aboveLimit(
                "the grid's id list has \(photoCount) ids, above the limit of \(limits.maximumIDListCount) explicit ids")
        }
        var meta: JSONObject?
        if flags & BinaryHeaderFlag.hasMeta != 0 {
            let length = try cursor.count(ofEntriesTaking: 1, "the meta length")
            let text = try cursor.utf8String(count: length)
            guard case .object(let object)? = try? JSONParser.parse(text) else {
                throw BodyError("the header's meta is not a JSON object")
            }
            meta = object
        }
        try cursor.expectEnd()
        return BinaryFileHeader(
            formatVersion: formatVersion, salt: salt, traceVersion: Int(traceVersion), limit: limit,
            reduceMotion: flags & BinaryHeaderFlag.reduceMotion != 0, photoCount: Int(photoCount),
            explicitIDs: explicitIDs, meta: meta, hasStart: hasStart, size: size)
    }

    private init(
        formatVersion: UInt16, salt: UInt32, traceVersion: Int, limit: Int?, reduceMotion: Bool, photoCount: Int,
        explicitIDs: Bool, meta: JSONObject?, hasStart: Bool, size: Int
    ) {
        self.formatVersion = formatVersion
        self.salt = salt
        self.traceVersion = traceVersion
        self.limit = limit
        self.reduceMotion = reduceMotion
        self.photoCount = photoCount
        self.explicitIDs = explicitIDs
        self.meta = meta
        self.hasStart = hasStart
        self.size = size
    }
}

/// `0x1a2b3c4d`: how checksums and salts are shown.
func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
