@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// The first line of a trace: what grid the session starts with. SPEC.md section 4.
public struct TraceHeader: Hashable, Sendable {
    /// The only value of the header's `trace` field.
    public static let kind = "photo-grid-selection"
    /// The newest format version this reader understands. Version 2 is version 1 with a start
    /// state (SPEC.md section 7); a header without one is written as version 1.
    public static let currentVersion = 2

    public var version: Int
    /// The grid. An explicit list read from a trace is the `PhotoIDTable` the reader built while
    /// checking it, which an engine made from this header takes over without hashing it again.
    @_spi(GridSimInternals) public var photos: PhotoList
    /// The limit as written (not yet clamped).
    public var limit: Int?
    public var reduceMotion: Bool
    /// Free-form notes (who recorded it, which property failed, ...); never interpreted.
    @_spi(GridSimInternals) public var meta: JSONObject?
    /// The state before the first event (SPEC.md section 7): browsing with nothing chosen
    /// unless the trace begins mid-session, as a window an app kept does.
    public var start: StartState = .browsing

    @_spi(GridSimInternals) public init(
        version: Int = 1, photos: PhotoList, limit: Int? = nil,
        reduceMotion: Bool = false, meta: JSONObject? = nil, start: StartState = .browsing
    ) {
        self.version = version
        self.photos = photos
        self.limit = limit
        self.reduceMotion = reduceMotion
        self.meta = meta
        self.start = start
    }

    /// The version a writer puts in the header: 2 when it has a start state (SPEC.md section
    /// 7), so that a reader that does not know one refuses the trace; else as read.
    @_spi(GridSimInternals) public var writtenVersion: Int { start.isBrowsing ? version : max(2, version) }

    /// A header for a grid of `photoIDs`, in grid order (the current version, no notes).
    /// O(total length of the ids).
    public init(photoIDs: [PhotoID], limit: Int? = nil, reduceMotion: Bool = false) {
        self.init(photos: .ids(photoIDs), limit: limit, reduceMotion: reduceMotion)
    }

    /// The grid's photo ids, in grid order. O(photos): one string a photo.
    public var photoIDs: [PhotoID] { photos.ids }

    /// The session this header starts.
    @_spi(GridSimInternals) public var configuration: GridConfiguration {
        GridConfiguration(photos: photos, limit: limit, reduceMotion: reduceMotion, start: start)
    }

    /// The rule of SPEC.md section 1 that the start state breaks over this header's grid and
    /// limit, or nil. O(picks), hashing each.
    @_spi(GridSimInternals) public var startViolation: StartStateViolation? {
        start.isBrowsing ? nil : start.violation(limit: limit, isInGrid: photos.containsID)
    }
}

/// One event line: the event and, optionally, when it happened and what the app showed after
/// it.
public struct TraceEvent: Hashable, Sendable {
    /// Milliseconds since the trace began; never decreases along a trace.
    public var t: Int?
    public var event: Event
    /// What the app showed after it applied the event (SPEC.md section 7), when it said.
    public var seen: SeenState?

    public init(t: Int? = nil, _ event: Event) {
        self.t = t
        self.event = event
    }

    /// An event with what the app showed after it.
    public init(t: Int? = nil, _ event: Event, seen: SeenState?) {
        self.t = t
        self.event = event
        self.seen = seen
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
    /// a negative photo count, a grid larger than slots can number, repeated ids, a start state
    /// that breaks an invariant. Every writer (the recorder, a conversion) checks it before its
    /// first byte. O(start picks).
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
        if let violation = startViolation {
            throw TraceError(.unrecordableHeader("the header's start state breaks an invariant: \(violation)"))
        }
    }
}
