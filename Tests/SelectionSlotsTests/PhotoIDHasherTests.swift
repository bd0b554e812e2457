@testable import SelectionSlots
import Testing

struct PhotoIDHasherTests {
    /// Keys that take every path of the hash: empty, 1–3 bytes, 4–16, 17–48, over 48.
    static let keys = [
        "", "a", "abc", "1234", "message digest", "abcdefghijklmnop", "abcdefghijklmnopq",
        "6F1A2B3C-9D0E-4F11-8A2B-3C4D5E6F7A8B/L0/001",
        "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
        "123456789012345678901234567890123456789012345678", "1234567890123456789012345678901234567890123456789",
    ]

    /// wyhash final 4 with its default secret, from the C reference implementation
    /// (`wyhash(key, len, seed, _wyp)`), for seeds 0, 1 and 0x0123456789abcdef.
    static let expected: [[UInt64]] = [
        [
            0x0409_638e_e2bd_e459, 0x28d2_0533_09d2_8531, 0x02a4_f1d7_cb51_6c72, 0x6388_2bda_c47f_8990,
            0x41d0_32e1_df79_b67e, 0xcfcc_03b3_5e1e_cf15, 0xbb32_4a4c_7dc9_229b, 0xfa63_ca97_6bad_8653,
            0x4866_2e17_cabf_ab37, 0x083b_b0f4_2a07_ab2a, 0x7260_b804_432f_d315,
        ],
        [
            0xb8dc_5edd_260f_4037, 0xa841_2d09_1b5f_e0a9, 0xdbe5_b1e5_8232_55b7, 0x3b9c_5f51_89bd_09e4,
            0x23b3_6fc5_8c6f_59b7, 0xa149_b3c5_3e1c_5f82, 0xc281_8e97_4519_89c8, 0x0792_60fa_deec_45dd,
            0x3414_9df4_319c_9fa9, 0xa6f3_5ac3_4cf3_28cf, 0x79de_2b9d_4935_37c6,
        ],
        [
            0x2b4e_3df1_29b1_f482, 0xaa6a_2722_6ee3_d7bf, 0xc698_1f5b_d905_047d, 0x0596_0e90_1cb4_42f1,
            0xa55d_1d99_66d5_2cd4, 0xfe9c_a360_b3c5_bfab, 0x29e3_e7e7_4e64_6e29, 0x5a53_2359_9964_e1d6,
            0x0539_316b_ba61_de83, 0x74f3_9e2c_1476_ae9b, 0x9c80_11c4_911e_90e8,
        ],
    ]

    @Test(arguments: [(0, UInt64(0)), (1, 1), (2, 0x0123_4567_89ab_cdef)])
    func matchesTheReferenceImplementation(row: Int, seed: UInt64) {
        let hasher = PhotoIDHasher(seed: seed)
        for (index, key) in Self.keys.enumerated() {
            #expect(hasher.hash(key) == Self.expected[row][index], "key \(index) (\(key.utf8.count) bytes), seed \(seed)")
        }
    }

    @Test func bytesAndStringsHashAlike() {
        let hasher = PhotoIDHasher(seed: 7)
        for key in Self.keys + ["ünïcödé", "📷/L0/001"] {
            let fromBytes = Array(key.utf8).withUnsafeBytes { hasher.hash($0) }
            #expect(fromBytes == hasher.hash(key))
        }
        // A string that is not stored as contiguous UTF-8 (bridged or a substring's copy) too.
        let sub = "xx6F1A2B3C-9D0E-4F11-8A2B-3C4D5E6F7A8B/L0/001".dropFirst(2)
        #expect(hasher.hash(String(sub)) == hasher.hash("6F1A2B3C-9D0E-4F11-8A2B-3C4D5E6F7A8B/L0/001"))
    }

    @Test func theSeedChangesEveryHash() {
        let a = PhotoIDHasher(seed: 1)
        let b = PhotoIDHasher(seed: 2)
        for key in Self.keys { #expect(a.hash(key) != b.hash(key), "\(key)") }
        #expect(PhotoIDHasher(seed: 1) == a, "the same seed gives the same hasher")
    }

    @Test func theProcessHasherIsSeededAtRandom() {
        // Not one of the fixed seeds a trace could be crafted against offline (a chance of
        // about 2^-62 of failing by accident).
        let process = PhotoIDHasher.process
        #expect(process == PhotoIDHasher.process, "one seed for the whole process")
        for seed: UInt64 in [0, 1, .max] {
            #expect(process != PhotoIDHasher(seed: seed))
        }
    }

    @Test func aWeakHasherKeepsOnlyItsBits() {
        let weak = PhotoIDHasher(seed: 3, significantBits: 4)
        #expect(Self.keys.allSatisfy { weak.hash($0) < 16 })
        let none = PhotoIDHasher(seed: 3, significantBits: 0)
        #expect(Self.keys.allSatisfy { none.hash($0) == 0 })
    }
}
