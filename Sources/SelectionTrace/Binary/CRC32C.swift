import CCRC32C

/// CRC-32C (Castagnoli): reflected polynomial 0x82F63B78, initial value and final XOR
/// 0xFFFFFFFF. The check value of the ASCII bytes `123456789` is 0xE3069283.
///
/// Computed with the SSE4.2 `crc32` instruction where the processor has it (eight bytes per
/// instruction, checked once at run time), otherwise in software with slicing-by-8: eight
/// 256-entry tables let the loop fold eight bytes per step (about one table lookup per byte,
/// no data-dependent branch). O(n) for n bytes either way; a binary trace record of 10 to 20
/// bytes costs a few nanoseconds in software, about one in hardware.
///
/// Castagnoli's polynomial rather than the zlib one because it detects more error patterns
/// at the record lengths used here and is what storage formats (iSCSI, ext4, RocksDB) use.
@_spi(GridSimInternals) public enum CRC32C {
    /// The CRC of `bytes`.
    @_spi(GridSimInternals) public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        update(0, bytes)
    }

    /// The CRC of `bytes`.
    @_spi(GridSimInternals) public static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        let contiguous = bytes.withContiguousStorageIfAvailable { update(0, UnsafeRawBufferPointer($0)) }
        return contiguous ?? Array(bytes).withUnsafeBytes { update(0, $0) }
    }

    /// Continues `crc` (the CRC of the bytes before) over `bytes`: `update(checksum(a), b)`
    /// is `checksum(a + b)`.
    @inline(__always)
    @_spi(GridSimInternals) public static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return crc }
        return update(crc, base, count: bytes.count)
    }

    /// Continues `crc` over `count` bytes at `start`. O(count).
    @inline(__always)
    @_spi(GridSimInternals) public static func update(_ crc: UInt32, _ start: UnsafeRawPointer, count: Int) -> UInt32 {
        update(crc, start, count: count, inHardware: usesHardware)
    }

    /// `update(_:_:count:)` with `usesHardware` as the caller read it once: a reader checking
    /// a record at a time need not ask for the lazily made global at each one.
    @inline(__always)
    static func update(_ crc: UInt32, _ start: UnsafeRawPointer, count: Int, inHardware: Bool) -> UInt32 {
        guard inHardware else { return softwareUpdate(crc, start, count: count) }
        return ~gridsim_crc32c_hardware_fold(~crc, start, count)
    }

    /// Whether `update` uses the `crc32` instruction: asked of the processor once.
    @_spi(GridSimInternals) public static let usesHardware: Bool = gridsim_crc32c_hardware_available() != 0

    /// `update` in software with slicing-by-8, whatever the processor: the fallback, and
    /// what tests compare the instruction against. O(count).
    @_spi(GridSimInternals) public static func softwareUpdate(_ crc: UInt32, _ start: UnsafeRawPointer, count: Int) -> UInt32 {
        let table = tables
        var state = ~crc
        var position = 0
        // Eight bytes at a time: the low four are folded into the state, the high four are
        // looked up directly; each of the eight tables advances its byte by the right distance.
        while count - position >= 8 {
            let low = UInt32(littleEndian: start.loadUnaligned(fromByteOffset: position, as: UInt32.self)) ^ state
            let high = UInt32(littleEndian: start.loadUnaligned(fromByteOffset: position + 4, as: UInt32.self))
            state =
                table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
            position += 8
        }
        while position < count {
            let byte = start.load(fromByteOffset: position, as: UInt8.self)
            state = table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8)
            position += 1
        }
        return ~state
    }

    /// The eight slicing tables, one after another (2,048 entries, 8 KiB). Table 0 is the
    /// classic byte-at-a-time table; table k advances a byte through k more zero bytes.
    ///
    /// Allocated once and never freed: a process-lifetime constant that the hot loop reads
    /// through a plain pointer, without array bounds checks or reference counting. Written
    /// only inside its one-time initialiser, hence safe to share (`nonisolated(unsafe)`).
    nonisolated(unsafe) private static let tables: UnsafePointer<UInt32> = {
        let polynomial: UInt32 = 0x82F6_3B78
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1 }
            table[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = table[(slice - 1) * 256 + byte]
                table[slice * 256 + byte] = (previous >> 8) ^ table[Int(previous & 0xFF)]
            }
        }
        return UnsafePointer(table)
    }()
}
