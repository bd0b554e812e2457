import SelectionSlots

/// How a session starts: the grid, the limit, the Reduce Motion setting and the start state (a
/// trace's header).
@_spi(GridSimInternals) public struct GridConfiguration: Hashable, Sendable {
    /// The photos of the grid, in grid order, without duplicates.
    @_spi(GridSimInternals) public var photos: PhotoList
    /// The most photos that may be chosen, as given; `effectiveLimit` clamps it.
    @_spi(GridSimInternals) public var limit: Int?
    @_spi(GridSimInternals) public var reduceMotion: Bool
    /// The mode, picks and sheet before the first event (SPEC.md section 7); browsing with
    /// nothing chosen unless a trace's header says otherwise. Engines trust it: readers refuse
    /// a start state that breaks an invariant (`StartState.violation`).
    @_spi(GridSimInternals) public var start: StartState

    @_spi(GridSimInternals) public init(
        photos: PhotoList, limit: Int? = nil, reduceMotion: Bool = false, start: StartState = .browsing
    ) {
        self.photos = photos
        self.limit = limit
        self.reduceMotion = reduceMotion
        self.start = start
    }

    /// The limit clamped to at least 1, as SPEC.md section 1 says.
    @_spi(GridSimInternals) public var effectiveLimit: Int? {
        limit.map { max(1, $0) }
    }

    @_spi(GridSimInternals) public var animationStyle: AnimationStyle {
        reduceMotion ? .none : .snappy
    }
}
