import SeededRandom
import Testing
@testable import SelectionSlots

private let wordCount = SelectionBitmapChunk.wordCount

/// 64 random words: each word clear, full, or random, so that whole words and single bits
/// both differ between two draws.
private func randomWords(using random: inout SplitMix64) -> [UInt64] {
    (0..<wordCount).map { _ in
        switch random.next() % 4 {
        case 0: 0
        case 1: ~0
        default: random.next()
        }
    }
}

/// A chunk holding `words`, its population set to their bits.
private func makeChunk(holding words: [UInt64]) -> SelectionBitmapChunk {
    let chunk = SelectionBitmapChunk.makeUninitialized()
    for (index, word) in words.enumerated() {
        chunk.mutableWords[index] = word
    }
    chunk.population = words.reduce(0) { $0 + $1.nonzeroBitCount }
    return chunk
}

private func array(_ words: SelectionBitmapChunkWords) -> [UInt64] {
    (0..<wordCount).map { words[$0] }
}

/// The words of `chunk`, read while the call keeps it alive: a view does not.
private func array(of chunk: SelectionBitmapChunk) -> [UInt64] {
    withExtendedLifetime(chunk) { array(chunk.words) }
}

/// The views over a chunk's words and the helpers that make words to compare with them, each
/// checked against plain arrays of words.
struct SelectionBitmapChunkWordsTests {
    @Test func theSharedClearWordsAreAllClear() {
        #expect(array(SelectionBitmapChunkWords.allClear) == Array(repeating: 0, count: wordCount))
    }

    /// A union into a directory shared with a copy journals its flips against the old chunks,
    /// reading a chunk that was not allocated as the shared clear words: the journal holds the
    /// other side's bits, and the shared words are still clear afterwards (read, never written).
    @Test func aJournaledWalkReadsAMissingChunkAsTheSharedClearWordsAndLeavesThemClear() {
        let chunkBits = SelectionBitmapChunk.bitCount
        let original = SelectionBitmap(slots([3]))
        var copy = original
        let added = [chunkBits + 1, chunkBits + 9, 2 * chunkBits]
        copy.formUnion(SelectionBitmap(slots(added)))
        #expect(copy.journal.entries(since: original.journal) != nil, "the change is journaled")
        #expect(copy.changes(since: original) == SelectionChanges(added: slots(added), removed: []))
        #expect(array(SelectionBitmapChunkWords.allClear) == Array(repeating: 0, count: wordCount))
    }

    @Test func aChunksViewsReadAndWriteItsWords() {
        var random = SplitMix64(seed: 41)
        let model = randomWords(using: &random)
        let chunk = makeChunk(holding: model)
        withExtendedLifetime(chunk) {
            #expect(array(chunk.words) == model)
            #expect((0..<wordCount).map { chunk.word(at: $0) } == model)
            #expect(array(chunk.mutableWords.readOnly) == model)
        }
    }

    @Test func theFlipCountIsTheNumberOfDifferingBits() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<50 {
            let old = randomWords(using: &random)
            let new = randomWords(using: &random)
            let expected = zip(old, new).reduce(0) { $0 + ($1.0 ^ $1.1).nonzeroBitCount }
            let oldChunk = makeChunk(holding: old)
            let newChunk = makeChunk(holding: new)
            withExtendedLifetime((oldChunk, newChunk)) {
                #expect(oldChunk.words.flipCount(to: newChunk.words) == expected)
                #expect(newChunk.words.flipCount(to: oldChunk.words) == expected)
                #expect(oldChunk.words.flipCount(to: .allClear) == old.reduce(0) { $0 + $1.nonzeroBitCount })
            }
        }
    }

    /// The scratch copy holds the words as they were when it was taken, whatever happens to
    /// the chunk meanwhile: what an in-place rewrite journals from.
    @Test func aScratchCopyKeepsTheOldWordsWhileTheChunkChanges() {
        var random = SplitMix64(seed: 43)
        let old = randomWords(using: &random)
        let new = randomWords(using: &random)
        let chunk = makeChunk(holding: old)
        let (saved, rewritten) = withExtendedLifetime(chunk) {
            chunk.words.withScratchCopy { copy in
                for (index, word) in new.enumerated() {
                    chunk.mutableWords[index] = word
                }
                return (array(copy), array(chunk.words))
            }
        }
        #expect(saved == old)
        #expect(rewritten == new)
    }

    @Test func initialisingAndUpdatingWordsWritesExactlyTheGivenWords() {
        let chunk = SelectionBitmapChunk.makeUninitialized()
        var random = SplitMix64(seed: 44)
        let source = randomWords(using: &random)
        let sourceChunk = makeChunk(holding: source)
        withExtendedLifetime((chunk, sourceChunk)) {
            let words = chunk.mutableWords
            words.initialize(repeating: 0, from: 0, count: wordCount)
            words.initialize(repeating: ~0, from: 3, count: 5)
            var model = [UInt64](repeating: 0, count: wordCount)
            for index in 3..<8 { model[index] = ~0 }
            #expect(array(chunk.words) == model)

            words.update(repeating: 7)
            #expect(array(chunk.words) == Array(repeating: 7, count: wordCount))

            words.initialize(copying: sourceChunk.words)
            #expect(array(chunk.words) == source)
        }
    }

    @Test(arguments: [0, 1, 63, 64, 65, 4095, 4096])
    func aFilledChunkHoldsExactlyItsFirstBits(bitCount: Int) {
        let chunk = SelectionBitmapChunk.makeFilled(bitCount: bitCount)
        let model = (0..<wordCount).map { wordIndex -> UInt64 in
            let bits = Swift.min(64, Swift.max(0, bitCount - 64 * wordIndex))
            return bits == 64 ? ~0 : (1 << UInt64(bits)) - 1
        }
        #expect(array(of: chunk) == model)
        #expect(chunk.population == bitCount)
        #expect(array(of: chunk.copy()) == model)
        #expect(array(of: SelectionBitmapChunk.makeEmpty()) == Array(repeating: 0, count: wordCount))
    }
}
