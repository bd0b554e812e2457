/// The word-at-a-time loops of the bitset peers, written over unsafe buffers so that they
/// compile to plain loops without bounds checks. All pointer use of the bitsets is here.
enum WordKernels {
    /// Number of set bits in `words`. O(words).
    static func populationCount(_ words: [UInt64]) -> Int {
        words.withUnsafeBufferPointer { buffer in
            var total = 0
            for word in buffer { total &+= word.nonzeroBitCount }
            return total
        }
    }

    /// Sets every word to zero. O(words).
    static func zero(_ words: inout [UInt64]) {
        words.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            base.update(repeating: 0, count: buffer.count)
        }
    }

    /// Copies `source` into `destination` (same length). O(words).
    static func copy(_ source: [UInt64], into destination: inout [UInt64]) {
        precondition(source.count == destination.count, "copy between bitsets of different sizes")
        source.withUnsafeBufferPointer { source in
            destination.withUnsafeMutableBufferPointer { destination in
                guard let from = source.baseAddress, let to = destination.baseAddress else { return }
                to.update(from: from, count: source.count)
            }
        }
    }

    /// `destination[i] = first[i] & second[i]` for every word of `destination`; returns the
    /// population of the result. O(words).
    static func intersect(_ first: [UInt64], _ second: [UInt64], into destination: inout [UInt64]) -> Int {
        first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                destination.withUnsafeMutableBufferPointer { destination in
                    var total = 0
                    for index in 0..<destination.count {
                        let word = first[index] & second[index]
                        destination[index] = word
                        total &+= word.nonzeroBitCount
                    }
                    return total
                }
            }
        }
    }

    /// Calls `body` with the index of every bit that differs between `first` and `second`
    /// (a missing word counts as zero), ascending. O(words + differing bits).
    static func forEachDifferingBit(_ first: [UInt64], _ second: [UInt64], _ body: (Int) -> Void) {
        first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                let wordCount = max(first.count, second.count)
                for index in 0..<wordCount {
                    var word = (index < first.count ? first[index] : 0) ^ (index < second.count ? second[index] : 0)
                    while word != 0 {
                        body(index << 6 | word.trailingZeroBitCount)
                        word &= word &- 1
                    }
                }
            }
        }
    }

    /// Sets bits `range` of `words`, or gives them `source`'s values when `source` is given (a
    /// missing word of it counts as zero); returns the change of population. Whole words are
    /// written in one pass. O(range / 64).
    static func rewriteBits(_ range: Range<Int>, of words: inout [UInt64], from source: [UInt64]?) -> Int {
        guard !range.isEmpty else { return 0 }
        let filling = source == nil
        return (source ?? []).withUnsafeBufferPointer { sourceWords in words.withUnsafeMutableBufferPointer { words in
            let first = range.lowerBound >> 6
            let last = (range.upperBound - 1) >> 6
            var delta = 0
            for index in first...last {
                let low = index == first ? range.lowerBound & 63 : 0
                let high = index == last ? ((range.upperBound - 1) & 63) + 1 : 64
                let upTo: UInt64 = high == 64 ? ~0 : (1 << UInt64(high)) &- 1
                let mask = upTo & ~((1 << UInt64(low)) &- 1)
                let old = words[index]
                let bits = filling ? ~0 : (index < sourceWords.count ? sourceWords[index] : 0)
                let new = (old & ~mask) | (bits & mask)
                words[index] = new
                delta &+= new.nonzeroBitCount &- old.nonzeroBitCount
            }
            return delta
        } }
    }

    /// Sums every word's population: a full read pass over the data and nothing else. Used
    /// by the test-only `extra-pass` injection. O(words).
    static func readPass(_ words: [UInt64]) -> Int {
        populationCount(words)
    }
}
