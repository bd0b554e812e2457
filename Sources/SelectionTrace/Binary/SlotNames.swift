import SelectionCore

/// The ids of the slots a binary trace has defined so far, as its reader knows them.
///
/// Numbering follows `SlotTable` exactly, so that a reader's slots are the slots a
/// `FastEngine` for the same header hands out: a grid given by count N owns slots
/// `0 ..< N` (ids `"1"` … `"N"`, computed, never stored), and every other id takes the next
/// slot in the order the trace defines it. Unlike `SlotTable`, a slot may be *lost*: when a
/// salvaging reader skips damaged bytes that defined ids, it keeps the numbering of the
/// ones after and refuses to name the missing ones, rather than guess.
public struct SlotNames: Sendable {
    /// Answers "is this id one of `"1"` … `"N"`?" with the same rules as the engine.
    private let counted: SlotTable
    /// The ids of slots `countedPrefix...`, in slot order; nil for a lost slot.
    private var explicitIDs: [PhotoID?] = []
    private var explicitSlots: [PhotoID: PhotoSlot] = [:]
    /// How many slots are lost.
    public private(set) var lostCount = 0

    /// The names of a grid given by count (`countedPhotos`) or by an id list (0, then defined).
    init(countedPhotos: Int) {
        counted = SlotTable(countedPhotos: countedPhotos)
    }

    /// Slots `0 ..< countedPrefix` are the ids `"1"` … `"countedPrefix"`.
    public var countedPrefix: Int { counted.countedPrefix }

    /// How many slots are named or lost; every slot below it was defined by the trace.
    @inline(__always)
    public var count: Int { counted.countedPrefix + explicitIDs.count }

    /// How many ids are stored as strings (explicit, not counted), lost ones included.
    public var explicitCount: Int { explicitIDs.count }

    /// The id of `slot`, or nil when the slot is lost or was never defined. O(1).
    public func id(for slot: PhotoSlot) -> PhotoID? {
        let index = slot.index
        if index < counted.countedPrefix { return String(index + 1) }
        let explicitIndex = index - counted.countedPrefix
        return explicitIndex < explicitIDs.count ? explicitIDs[explicitIndex] : nil
    }

    /// Whether `slot` was defined and not lost. O(1).
    @inline(__always)
    func isNamed(_ index: Int) -> Bool {
        if index < counted.countedPrefix { return true }
        let explicitIndex = index - counted.countedPrefix
        return explicitIndex < explicitIDs.count && (lostCount == 0 || explicitIDs[explicitIndex] != nil)
    }

    /// The slot already holding `id`, if any. O(length of id) plus one hash lookup.
    public func slot(for id: PhotoID) -> PhotoSlot? {
        counted.slot(for: id) ?? explicitSlots[id]
    }

    /// Names the next slot `id`. The caller has checked that `id` has no slot yet.
    mutating func define(_ id: PhotoID) {
        explicitSlots[id] = PhotoSlot(count)
        explicitIDs.append(id)
    }

    /// Skips `count` slots whose definitions were lost.
    mutating func loseSlots(_ count: Int) {
        explicitIDs.append(contentsOf: repeatElement(nil, count: count))
        lostCount += count
    }

    /// Reserves room for `count` more explicit ids (the header's list, whose size is checked).
    mutating func reserveCapacity(_ count: Int) {
        explicitIDs.reserveCapacity(explicitIDs.count + count)
        explicitSlots.reserveCapacity(explicitSlots.count + count)
    }
}
