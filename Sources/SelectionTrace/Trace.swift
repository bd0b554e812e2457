@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// The first line of a trace: what grid the session starts with. SPEC.md section 4.
public struct TraceHeader: Hashable, Sendable {
    /// The only value of the header's `trace` field.
    public static let kind = "photo-grid-selection"
    /// The newest format version this reader understands.
    public static let currentVersion = 1

    public var version: Int
    /// The grid. An explicit list read from a trace is the `PhotoIDTable` the reader built while
    /// checking it, which an engine made from this header takes over without hashing it again.
    @_spi(GridSimInternals) public var photos: PhotoList
    /// The limit as written (not yet clamped).
    public var limit: Int?
    public var reduceMotion: Bool
    /// Free-form notes (who recorded it, which property failed, ...); never interpreted.
    @_spi(GridSimInternals) public var meta: JSONObject?

    @_spi(GridSimInternals) public init(
        version: Int = TraceHeader.currentVersion, photos: PhotoList, limit: Int? = nil,
        reduceMotion: Bool = false, meta: JSONObject? = nil
    ) {
        self.version = version
        self.photos = photos
        self.limit = limit
        self.reduceMotion = reduceMotion
        self.meta = meta
    }

    /// A header for a grid of `photoIDs`, in grid order (the current version, no notes).
    /// O(total length of the ids).
    public init(photoIDs: [PhotoID], limit: Int? = nil, reduceMotion: Bool = false) {
        self.init(photos: .ids(photoIDs), limit: limit, reduceMotion: reduceMotion)
    }

    /// The grid's photo ids, in grid order. O(photos): one string a photo.
    public var photoIDs: [PhotoID] { photos.ids }

    /// The session this header starts.
    @_spi(GridSimInternals) public var configuration: GridConfiguration {
        GridConfiguration(photos: photos, limit: limit, reduceMotion: reduceMotion)
    }
}

/// One event line: the event and, optionally, when it happened.
public struct TraceEvent: Hashable, Sendable {
    /// Milliseconds since the trace began; never decreases along a trace.
    public var t: Int?
    public var event: Event

    public init(t: Int? = nil, _ event: Event) {
        self.t = t
        self.event = event
    }
}

/// A whole trace in memory. Large traces are better streamed with `TextTraceReader`.
public struct Trace: Hashable, Sendable {
    public var header: TraceHeader
    public var events: [TraceEvent]

    public init(header: TraceHeader, events: [TraceEvent]) {
        self.header = header
        self.events = events
    }
}

extension TraceHeader {
    /// Throws `TraceError.Kind.unrecordableHeader` for a header no trace can be written with:
    /// a negative photo count, a grid larger than slots can number, repeated ids. Every writer
    /// (the recorder, a conversion) checks it before its first byte. O(1).
    package func checkWritable() throws {
        guard photos.count >= 0 else {
            throw TraceError(.unrecordableHeader("the header's photo count is negative"))
        }
        guard photos.count <= SlotTable.maximumCount else {
            throw TraceError(.unrecordableHeader("the header's photo count \(photos.count) is above what slots can number"))
        }
        if case .ids(let ids) = photos, ids.hasDuplicates {
            throw TraceError(.unrecordableHeader("the header's photo ids have duplicates"))
        }
    }
}
