@_spi(GridSimInternals) import SelectionCore

/// One event line as `EventLineScanner` reads it: the event's name and time, and its photo
/// ids as byte ranges of the line rather than strings.
///
/// A converter carries the ids' bytes straight into the binary records (the scanner let
/// through only printable ASCII without escapes, so the bytes are the ids' UTF-8 as they
/// stand); `event()` makes the `TraceEvent` for everyone else. The ranges index `line`,
/// which is only valid until the reader that filled these fields reads the next line. The
/// arrays keep their storage from line to line, so a reader that reuses one value
/// allocates nothing per line.
struct EventLineFields {
    /// The line the ranges index.
    var line = UnsafeRawBufferPointer(start: nil, count: 0)
    var t: Int?
    var name = EventName.done
    /// `photo`, for the events that name one.
    var photo: Range<Int>?
    /// `removed` and `inserted`, for `libraryChanged` (empty when the line has none).
    var removed: [Range<Int>] = []
    var inserted: [(photo: Range<Int>, at: Int)] = []

    /// Forgets the previous line's fields, keeping the arrays' storage.
    mutating func reset(line: UnsafeRawBufferPointer) {
        self.line = line
        t = nil
        name = .done
        photo = nil
        // Most lines have neither list, and emptying an empty array is not free.
        if !removed.isEmpty { removed.removeAll(keepingCapacity: true) }
        if !inserted.isEmpty { inserted.removeAll(keepingCapacity: true) }
    }

    /// The bytes of the id at `range` of the line.
    @inline(__always)
    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: line[range])
    }

    /// The id at `range`, as a string. O(id length).
    func id(_ range: Range<Int>) -> PhotoID {
        String(decoding: bytes(range), as: UTF8.self)
    }

    /// The event these fields describe. O(line length): one string per id.
    func event() -> TraceEvent {
        let event: Event
        switch name {
        case .libraryChanged:
            event = .libraryChanged(
                removed: removed.map(id), inserted: inserted.map { Insertion(photo: id($0.photo), at: $0.at) })
        default:
            event = name.needsPhoto ? Event(name: name, photo: id(photo!))! : name.argumentlessEvent!
        }
        return TraceEvent(t: t, event)
    }
}
