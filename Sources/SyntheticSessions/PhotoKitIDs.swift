import GestureInput
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// How a synthetic grid names its photos.
package enum PhotoIDStyle: String, CaseIterable, Hashable, Sendable {
    /// `"1"` … `"N"`: a header that gives only the count.
    case counted
    /// PhotoKit-style local identifiers, `6F1A2B3C-9D0E-4F11-8A2B-3C4D5E6F7A8B/L0/001`
    /// (43 bytes), listed in the header: what a real library's trace carries.
    case photokit
}

/// PhotoKit-style local identifiers drawn from a seed: an uppercase random (version 4) UUID
/// and the `/L0/001` suffix PhotoKit gives an asset's first resource.
package enum PhotoKitIDs {
    /// The length of every id, in bytes.
    package static let length = 43

    /// `count` distinct ids, the same for the same seed. O(count): one draw, one hash and one
    /// copy of 43 bytes an id (a repeat, about 2^-122 likely a pair, is drawn again).
    ///
    /// Ids are drawn a batch at a time into one buffer and inserted as a batch, whose probes'
    /// cache misses overlap; after a repeat, the ids drawn after it follow it in order, as
    /// when each id is drawn and inserted in turn.
    package static func table(count: Int, seed: UInt64) -> PhotoIDTable {
        var table = PhotoIDTable()
        table.reserveCapacity(count, bytes: count * length)
        var random = SplitMix64(seed: seed ^ 0x9E6C_63D0_676A_9A99)
        let batchSize = 4096
        var drawn = [UInt8](repeating: 0, count: batchSize * length)
        var hashes = [UInt64](repeating: 0, count: batchSize)
        var ids = [UnsafeRawBufferPointer](repeating: UnsafeRawBufferPointer(start: nil, count: 0), count: batchSize)
        drawn.withUnsafeMutableBytes { drawn in
            while table.count < count {
                let batch = min(batchSize, count - table.count)
                for index in 0..<batch {
                    let id = UnsafeMutableRawBufferPointer(rebasing: drawn[index * length..<(index + 1) * length])
                    write(high: random.next(), low: random.next(), into: id)
                    ids[index] = UnsafeRawBufferPointer(id)
                    hashes[index] = table.hasher.hash(ids[index])
                }
                var first = 0
                while first < batch {
                    let repeated = ids.withUnsafeBufferPointer { ids in
                        hashes.withUnsafeBufferPointer { hashes in
                            table.insert(
                                batchOf: UnsafeBufferPointer(rebasing: ids[first..<batch]),
                                hashes: UnsafeBufferPointer(rebasing: hashes[first..<batch]))
                        }
                    }
                    // A repeat is dropped; the ids drawn after it are inserted after it.
                    first = repeated.map { first + $0.index + 1 } ?? batch
                }
            }
        }
        return table
    }

    /// `XXXXXXXX-XXXX-4XXX-YXXX-XXXXXXXXXXXX/L0/001` from 128 random bits, into the `length`
    /// bytes of `id`: eight hex digits at a time (`hexDigits`), stored as words.
    private static func write(high: UInt64, low: UInt64, into id: UnsafeMutableRawBufferPointer) {
        precondition(id.count == length, "an id takes \(length) bytes")
        // Version 4 and the RFC 4122 variant, as a real UUID has.
        let high = high & ~0xF000 | 0x4000
        let low = low & ~(0xC << 60) | (0x8 << 60)
        let base = id.baseAddress!
        // Two groups of eight digits are written whole, then their last four moved one on
        // to make room for the dash between.
        base.storeBytes(of: hexDigits(UInt32(truncatingIfNeeded: high >> 32)), as: UInt64.self)
        base.storeBytes(of: hexDigits(UInt32(truncatingIfNeeded: high)), toByteOffset: 9, as: UInt64.self)
        (base + 14).copyMemory(from: base + 13, byteCount: 4)
        base.storeBytes(of: hexDigits(UInt32(truncatingIfNeeded: low >> 32)), toByteOffset: 19, as: UInt64.self)
        (base + 24).copyMemory(from: base + 23, byteCount: 4)
        base.storeBytes(of: hexDigits(UInt32(truncatingIfNeeded: low)), toByteOffset: 28, as: UInt64.self)
        let dash = UInt8(ascii: "-")
        base.storeBytes(of: dash, toByteOffset: 8, as: UInt8.self)
        base.storeBytes(of: dash, toByteOffset: 13, as: UInt8.self)
        base.storeBytes(of: dash, toByteOffset: 18, as: UInt8.self)
        base.storeBytes(of: dash, toByteOffset: 23, as: UInt8.self)
        let suffix: StaticString = "/L0/001"
        (base + 36).copyMemory(from: suffix.utf8Start, byteCount: suffix.utf8CodeUnitCount)
    }

    /// The eight uppercase hex digits of `value`, most significant first, as the bytes of a
    /// word in memory order: each nibble spread to a byte, then turned into its digit with no
    /// branch (a nibble of 10 or more gets the 7 that separates `9` from `A`).
    static func hexDigits(_ value: UInt32) -> UInt64 {
        var spread = UInt64(value)
        spread = (spread | spread << 16) & 0x0000_FFFF_0000_FFFF
        spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
        spread = (spread | spread << 4) & 0x0F0F_0F0F_0F0F_0F0F
        let letters = ((spread &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        let digits = spread &+ 0x3030_3030_3030_3030 &+ letters &* 7
        // The first digit is in the high byte; in memory it must come first.
        return digits.bigEndian
    }
}
