import SeededRandom
import Testing
@testable import SelectionSlots

private let chunkCount = SelectionBitmapDirectory.chunkCount

/// The accessors of a directory's chunk references, the room for replaced directories and
/// the journal's entry buffer, each checked against a plain model: what the set algebra and
/// the toggle path build on.
struct SelectionBitmapLevelTests {
    /// A directory built reference by reference holds exactly those references, and a copy
    /// shares them.
    @Test func aDirectoryHoldsTheChunksItWasGiven() {
        var random = SplitMix64(seed: 51)
        let model: [SelectionBitmapChunk?] = (0..<chunkCount).map { _ in
            random.next() % 3 == 0 ? nil : SelectionBitmapChunk.makeFilled(bitCount: Int(random.next() % 4097))
        }
        let directory = SelectionBitmapDirectory.makeUninitialized()
        for (index, chunk) in model.enumerated() {
            directory.initializeChunk(chunk, at: index)
        }
        let copy = directory.copy()
        for index in 0..<chunkCount {
            #expect(directory.chunk(at: index) === model[index])
            #expect(copy.chunk(at: index) === model[index])
            #expect(directory.population(ofChunkAt: index) == (model[index]?.population ?? 0))
            if let chunk = model[index] {
                #expect(directory.allocatedChunk(at: index) === chunk)
            }
        }
        #expect(directory.isEmpty == model.allSatisfy { ($0?.population ?? 0) == 0 })
    }

    /// Replacing and clearing go through the same references that reading does.
    @Test func settingAndClearingAChunkChangesOnlyThatReference() {
        let directory = SelectionBitmapDirectory.makeEmpty()
        #expect((0..<chunkCount).allSatisfy { directory.chunk(at: $0) == nil })
        #expect(directory.isEmpty)
        let shared = SelectionBitmapChunk.makeFilled(bitCount: 10)
        directory.setChunk(shared, at: 5)
        directory.setChunk(SelectionBitmapChunk.makeFilled(bitCount: 3), at: 9)
        #expect(directory.chunk(at: 5) === shared)
        #expect(!directory.isChunkUnique(at: 5), "the test's reference shares chunk 5")
        #expect(directory.isChunkUnique(at: 9))
        #expect(!directory.isEmpty)

        // A shared chunk is dropped, a unique one cleared in place.
        directory.clearChunk(at: 5)
        #expect(directory.chunk(at: 5) == nil)
        #expect(shared.population == 10, "the shared chunk is not written")
        let unique = ObjectIdentifier(directory.allocatedChunk(at: 9))
        directory.clearChunk(at: 9)
        #expect(directory.chunk(at: 9).map(ObjectIdentifier.init) == unique)
        #expect(directory.population(ofChunkAt: 9) == 0)
        #expect(directory.isEmpty)
        let others = (0..<chunkCount).filter { $0 != 5 && $0 != 9 }
        #expect(others.allSatisfy { directory.chunk(at: $0) == nil })
    }

    /// The room starts all nil, holds what is stored, and lets go of it when given back.
    @Test func replacedDirectoriesAreKeptUntilTheRoomIsGivenBack() {
        weak var released: SelectionBitmapDirectory?
        withUnsafeTemporaryAllocation(of: SelectionBitmapDirectory?.self, capacity: 7) { room in
            let replaced = SelectionBitmapReplacedDirectories(initializing: room)
            #expect(replaced.count == 7)
            #expect((0..<7).allSatisfy { replaced[$0] == nil })
            do {
                let directory = SelectionBitmapDirectory.makeEmpty()
                released = directory
                replaced[3] = directory
                #expect(replaced[3] === directory)
            }
            #expect((0..<7).filter { replaced[$0] != nil } == [3])
            #expect(released != nil, "the room keeps the directory alive")
            replaced.deinitialize()
        }
        #expect(released == nil, "the room released the directory it held")
    }

    /// The entries recorded one by one, by word and by chunk, in that order: the buffer grows
    /// across its first sizes and keeps every entry.
    @Test func theJournalKeepsEveryEntryInOrderAcrossGrowth() {
        var random = SplitMix64(seed: 52)
        let journal = SelectionChangeJournal()
        var model: [UInt64] = []
        for step in 0..<40 {
            let slot = Int(random.next() % 100_000)
            let isNowSet = random.next() % 2 == 0
            journal.record(PhotoSlot(slot), isNowSet: isNowSet)
            model.append(UInt64(slot) << 1 | (isNowSet ? 1 : 0))

            let changed = random.next() & random.next()
            let newWord = random.next()
            let wordBase = 64 * step
            journal.record(changedBits: changed, newWord: newWord, wordBase: wordBase)
            for bit in 0..<64 where changed >> UInt64(bit) & 1 == 1 {
                model.append(UInt64(wordBase | bit) << 1 | (newWord >> UInt64(bit) & 1))
            }
            if model.count > SelectionChangeJournal.entryLimit - 200 { break }
        }
        let old = SelectionBitmapChunk.makeFilled(bitCount: 100)
        let new = SelectionBitmapChunk.makeFilled(bitCount: 70)
        let chunkBase = 5 << SelectionBitmapChunk.bitShift
        withExtendedLifetime((old, new)) {
            journal.recordFlips(from: old.words, to: new.words, chunkBase: chunkBase, flipCount: 30)
        }
        for slot in 70..<100 {
            model.append(UInt64(chunkBase | slot) << 1)
        }
        #expect(journal.isComplete)
        #expect(Array(journal.entries) == model)
        #expect(journal.entryCount == model.count)
        #expect(journal.newestEntry == model.last)
    }

    /// Past the limit the journal lets go of its entries and records nothing more.
    @Test func aJournalThatOverflowsHoldsNoEntries() {
        let journal = SelectionChangeJournal()
        for slot in 0..<SelectionChangeJournal.entryLimit {
            journal.record(PhotoSlot(slot), isNowSet: true)
        }
        #expect(journal.isComplete && journal.entryCount == SelectionChangeJournal.entryLimit)
        let oneBit = SelectionBitmapChunk.makeFilled(bitCount: 1)
        withExtendedLifetime(oneBit) {
            journal.recordFlips(from: .allClear, to: oneBit.words, chunkBase: 0, flipCount: 1)
        }
        #expect(!journal.isComplete)
        #expect(journal.entryCount == 0 && journal.entries.isEmpty)
        journal.record(PhotoSlot(1), isNowSet: false)
        #expect(journal.entryCount == 0)
    }
}
