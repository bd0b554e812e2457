import SeededRandom
@_spi(GridSimInternals) import SelectionCore

/// An event as the integer-based peers replay it: photo ids already interned to slots, as
/// a trace codec would hand them over (interning is the codec's job, not the reducer's).
enum InternedEvent: Sendable {
    case longPress(Int32)
    case tap(Int32)
    case select
    case selectAll
    case deselectAll
    case done
    case back
    /// Removed slots; inserted photos take the next `insertedCount` fresh slots.
    case libraryChanged(removed: [Int32], insertedCount: Int)
}

/// A long, deterministic stream of gestures on a grid of `photoCount` photos, generated in
/// memory, in two spellings: SelectionCore `Event`s (string ids) and `InternedEvent`s.
///
/// The shape follows a person using the grid: a few browsing gestures (open a photo, go
/// back, the library syncing), a long press to start selecting, a run of taps near the
/// pressed photo (people select neighbours), now and then Deselect all, Select all (rare:
/// one session in 500), a library change while selecting, and Done or Back to finish.
/// Taps may hit photos that a library change removed (rejected `unknownPhoto`), as in life.
struct SyntheticTrace {
    let photoCount: Int
    let events: [Event]
    let internedEvents: [InternedEvent]

    /// O(length). The same (photoCount, length) gives the same trace everywhere.
    init(photoCount: Int, length: Int) {
        self.photoCount = photoCount
        var random = SplitMix64(workload: "replay", size: photoCount, variant: length)
        var events: [Event] = []
        var internedEvents: [InternedEvent] = []
        events.reserveCapacity(length + 64)
        internedEvents.reserveCapacity(length + 64)
        var nextSlot = photoCount

        func emit(_ event: Event, _ slotEvent: InternedEvent) {
            events.append(event)
            internedEvents.append(slotEvent)
        }
        func anyPhoto() -> Int { random.int(below: max(nextSlot, 1)) }
        func libraryChange() {
            let removed = (0..<random.int(below: 5)).map { _ in anyPhoto() }
            let insertedCount = random.int(below: 3)
            let inserted = (0..<insertedCount).map { offset in
                Insertion(photo: PhotoNaming.id(ofSlot: nextSlot + offset), at: random.int(below: max(nextSlot, 1)))
            }
            nextSlot += insertedCount
            emit(.libraryChanged(removed: removed.map(PhotoNaming.id(ofSlot:)), inserted: inserted),
                 .libraryChanged(removed: removed.map { Int32($0) }, insertedCount: insertedCount))
        }

        while events.count < length {
            // Browsing.
            for _ in 0..<random.int(below: 3) {
                switch random.int(below: 10) {
                case 0..<6:
                    let photo = anyPhoto()
                    emit(.tap(PhotoNaming.id(ofSlot: photo)), .tap(Int32(photo)))
                case 6..<8: emit(.back, .back)
                default: libraryChange()
                }
            }
            // Enter the mode.
            let anchor = anyPhoto()
            if random.chance(0.9) {
                emit(.longPress(PhotoNaming.id(ofSlot: anchor)), .longPress(Int32(anchor)))
            } else {
                emit(.select, .select)
            }
            // Select around the anchor.
            let taps = 1 + random.int(below: 80)
            for _ in 0..<taps {
                let roll = random.int(below: 1000)
                if roll < 15 {
                    libraryChange()
                } else if roll < 20 {
                    emit(.deselectAll, .deselectAll)
                } else if roll < 25 {
                    let photo = anyPhoto()
                    emit(.longPress(PhotoNaming.id(ofSlot: photo)), .longPress(Int32(photo)))
                } else {
                    let offset = random.int(below: 401) - 200
                    let photo = min(max(anchor + offset, 0), max(nextSlot - 1, 0))
                    emit(.tap(PhotoNaming.id(ofSlot: photo)), .tap(Int32(photo)))
                }
            }
            if random.int(below: 500) == 0 { emit(.selectAll, .selectAll) }
            // Leave.
            if random.chance(0.7) { emit(.done, .done) } else { emit(.back, .back) }
        }
        self.events = events
        self.internedEvents = internedEvents
    }
}
