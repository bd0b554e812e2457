import SelectionSlots

/// A session's library changes and what they took from the selection: how many changes there
/// were, how many removed chosen photos (pruned the selection), and how many chosen photos
/// those removed. Counted from the chosen count before and after each change, so a replay of
/// the trace counts the same figures. Delete is not a library change here, though the model
/// applies it as one.
package struct SelectionPruning: Hashable, Sendable, CustomStringConvertible {
    package var libraryChanges = 0
    /// Library changes that left fewer photos chosen than they found.
    package var pruningChanges = 0
    package var chosenPhotosRemoved = 0

    package init(libraryChanges: Int = 0, pruningChanges: Int = 0, chosenPhotosRemoved: Int = 0) {
        self.libraryChanges = libraryChanges
        self.pruningChanges = pruningChanges
        self.chosenPhotosRemoved = chosenPhotosRemoved
    }

    /// Counts one library change that found `chosenBefore` photos chosen and left
    /// `chosenAfter`. A change never chooses a photo, so the difference is what it removed.
    package mutating func recordLibraryChange(chosenBefore: Int, chosenAfter: Int) {
        libraryChanges += 1
        guard chosenAfter < chosenBefore else { return }
        pruningChanges += 1
        chosenPhotosRemoved += chosenBefore - chosenAfter
    }

    /// `812 of 16,067 library changes pruned the selection, removing 1,598 chosen photos`.
    package var description: String {
        let grouped = GridSizeRange.Summary.grouped
        return "\(grouped(pruningChanges)) of \(grouped(libraryChanges)) library changes pruned the selection, "
            + "removing \(grouped(chosenPhotosRemoved)) chosen photos"
    }
}

/// The last few photos a session chose, in a ring: where a library change that prunes finds
/// chosen photos without walking the selection. Entries may have been unchosen or removed
/// since; whoever draws from them checks them against the selection. O(1) per photo.
struct RecentSlots {
    static let capacity = 8
    private(set) var slots: [PhotoSlot] = []
    private var next = 0

    init() {
        slots.reserveCapacity(Self.capacity)
    }

    mutating func remember(_ slot: PhotoSlot) {
        if slots.count < Self.capacity {
            slots.append(slot)
        } else {
            slots[next] = slot
            next = (next + 1) % Self.capacity
        }
    }
}
