/// Hashes photo ids' UTF-8 bytes with wyhash (final version 4, its default secret): a
/// multiply-and-fold hash that reads 16 to 48 bytes a round, well above 10 GB/s on long
/// inputs and a few nanoseconds for a 42-byte PhotoKit id, where `String`'s SipHash costs
/// several times that plus the walk through the string.
///
/// The seed is drawn at random once per process (`process`), so that a trace cannot be
/// crafted offline to make every id land in one bucket of a `PhotoIDTable`. It is not
/// cryptographic: a seed can in principle be recovered from timings, which a trace replayed
/// once cannot exploit.
public struct PhotoIDHasher: Hashable, Sendable {
    /// The seed after wyhash's own mixing (`seed ^ mix(seed ^ s0, s1)`), done once here
    /// rather than per hash.
    @usableFromInline let mixedSeed: UInt64
    /// Keeps only the low bits of every hash: 64 in normal use; tests lower it to force
    /// collisions and check that the table still answers correctly.
    @usableFromInline let mask: UInt64

    /// The hasher of this process: seeded from the system's random source at first use.
    public static let process = PhotoIDHasher(seed: UInt64.random(in: 0 ... .max))

    /// A hasher with a chosen seed: the same seed gives the same hashes in every process.
    public init(seed: UInt64) {
        self.init(seed: seed, significantBits: 64)
    }

    /// A deliberately weak hasher for tests: hashes keep only `significantBits` low bits
    /// (0 makes every id collide).
    init(seed: UInt64, significantBits: Int) {
        precondition((0...64).contains(significantBits), "a hash has 0 to 64 bits")
        mixedSeed = seed ^ Self.mix(seed ^ Self.secret0, Self.secret1)
        mask = significantBits == 64 ? .max : (1 << UInt64(significantBits)) - 1
    }

    @usableFromInline static let secret0: UInt64 = 0xa076_1d64_78bd_642f
    @usableFromInline static let secret1: UInt64 = 0xe703_7ed1_a0b4_28db
    @usableFromInline static let secret2: UInt64 = 0x8ebc_6af0_9c88_c6e3
    @usableFromInline static let secret3: UInt64 = 0x5899_65cc_7537_4cc3

    /// The 128-bit product of `a` and `b`, its halves xored.
    @inlinable @inline(__always)
    static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// The hash of `bytes`. O(count), no allocation.
    @inlinable
    public func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else { return finish(a: 0, b: 0, seed: mixedSeed, count: 0) }
        @inline(__always) func read8(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        @inline(__always) func read4(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        var seed = mixedSeed
        let a: UInt64
        let b: UInt64
        if count <= 16 {
            if count >= 4 {
                let quarter = (count >> 3) << 2
                a = read4(0) << 32 | read4(quarter)
                b = read4(count - 4) << 32 | read4(count - 4 - quarter)
            } else {
                let first = UInt64(base.load(fromByteOffset: 0, as: UInt8.self))
                let middle = UInt64(base.load(fromByteOffset: count >> 1, as: UInt8.self))
                let last = UInt64(base.load(fromByteOffset: count - 1, as: UInt8.self))
                a = first << 16 | middle << 8 | last
                b = 0
            }
        } else {
            var offset = 0
            var remaining = count
            if remaining > 48 {
                var see1 = seed
                var see2 = seed
                repeat {
                    seed = Self.mix(read8(offset) ^ Self.secret1, read8(offset + 8) ^ seed)
                    see1 = Self.mix(read8(offset + 16) ^ Self.secret2, read8(offset + 24) ^ see1)
                    see2 = Self.mix(read8(offset + 32) ^ Self.secret3, read8(offset + 40) ^ see2)
                    offset += 48
                    remaining -= 48
                } while remaining > 48
                seed ^= see1 ^ see2
            }
            while remaining > 16 {
                seed = Self.mix(read8(offset) ^ Self.secret1, read8(offset + 8) ^ seed)
                offset += 16
                remaining -= 16
            }
            a = read8(offset + remaining - 16)
            b = read8(offset + remaining - 8)
        }
        return finish(a: a, b: b, seed: seed, count: count)
    }

    @inlinable @inline(__always)
    func finish(a: UInt64, b: UInt64, seed: UInt64, count: Int) -> UInt64 {
        let product = (a ^ Self.secret1).multipliedFullWidth(by: b ^ seed)
        return Self.mix(product.low ^ Self.secret0 ^ UInt64(count), product.high ^ Self.secret1) & mask
    }

    /// The hash of `id`'s UTF-8 bytes. O(length); no allocation for a native string.
    @inlinable
    public func hash(_ id: String) -> UInt64 {
        var id = id
        return id.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }
}
