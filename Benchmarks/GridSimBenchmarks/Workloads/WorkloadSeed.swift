import SeededRandom

/// Workloads draw from SplitMix64 (see `SeededRandom`): the same seed gives the same workload
/// on every machine and every run, which is what lets two runs, and two subjects, be compared.
extension SplitMix64 {
    /// A generator for one workload, seeded from its parts mixed so that neighbouring sizes or
    /// variants do not get related streams. O(name's bytes).
    init(workload: String, size: Int, variant: Int = 0) {
        var mixed: UInt64 = 0x6772_6964_7369_6d00  // "gridsim"
        for byte in workload.utf8 { mixed = (mixed ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        mixed ^= UInt64(truncatingIfNeeded: size) &* 0x9e37_79b9_7f4a_7c15
        mixed ^= UInt64(truncatingIfNeeded: variant) &* 0xc2b2_ae3d_27d4_eb4f
        self.init(seed: mixed)
    }
}
