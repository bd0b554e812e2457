@_spi(GridSimInternals) import GridSimKit
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// The adapter in another process, as the kit's checks see it: every conformance case,
/// property run, shrink and page of GridSimKit reaches it through this type. What it exposes
/// and leaves unhandled is what its handshake said (`RuntimeDeclaredAdapter`); it conforms to
/// every part's protocol so that the kit can read any part the handshake names, and reads
/// only those.
///
/// A session replaying a trace sends its events in batches of `batchSize`, so that a trace
/// costs a round trip per batch rather than per event; the kit still takes the answers one
/// `apply` at a time and stops at the first difference, leaving at most one batch unread
/// (the next session discards it).
///
/// The connection is process-wide (`connect`): the kit builds adapters by type, not by value.
/// GridSim's commands drive one adapter at a time, from one thread.
package struct PipeAdapter: RuntimeDeclaredAdapter, OutcomeReporting, EffectReporting, AnnouncementReporting,
    SheetExposing, ScreenExposing
{
    /// The adapter process every `PipeAdapter` speaks to.
    nonisolated(unsafe) private static var current: AdapterConnection?
    /// Events per batch request.
    package static let batchSize = 256

    /// Makes `connection` the one every new session speaks to.
    package static func connect(_ connection: AdapterConnection) { current = connection }

    package static var connection: AdapterConnection {
        guard let current else { preconditionFailure("PipeAdapter used before PipeAdapter.connect") }
        return current
    }

    private var state: AnsweredState
    private var accessibilityByPhoto: [PhotoID: String] = [:]
    package private(set) var fault: String?
    /// Events of the trace not yet sent, and the number of answers sent for but not read.
    private var unsent: ArraySlice<Event> = []
    private var inFlight = 0
    private var stepNumber = 0

    /// A bug report's whole event list, when only its first events are replayed (`gridsim
    /// compare --at N`): a session over a prefix of it sends all of it, asking the adapter to
    /// stop after the prefix, so that the adapter receives the report's own request.
    nonisolated(unsafe) package static var wholeReport: [Event]?

    private init(header: TraceHeader, events: [Event]) {
        state = AnsweredState(mode: .browsing, chosen: [], grid: [], picks: [])
        unsent = events[...]
        do {
            state = try Self.connection.startSession(header)
            indexAccessibility()
            if let whole = Self.wholeReport, events.count < whole.count, whole.starts(with: events) {
                try Self.connection.send(whole, report: .state, stopAfter: events.count)
                inFlight = events.count
                unsent = []
            }
        } catch {
            fault = "\(error)"
        }
    }

    package init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        self.init(header: TraceHeader(photos: .ids(photos), limit: limit, reduceMotion: reduceMotion), events: [])
    }

    package static func startingSession(replaying trace: Trace) -> PipeAdapter {
        PipeAdapter(header: trace.header, events: trace.events.map(\.event))
    }

    package static var declaredParts: ExposedParts { connection.handshake.exposes }
    package static var declaredName: String { connection.handshake.name }
    package static var unhandledEvents: Set<EventName> { connection.handshake.unhandled }

    /// The next event's answer. An event not announced with the trace (a session the kit
    /// drives event by event) goes in a batch of its own.
    package mutating func apply(_ event: Event) -> Step? {
        guard fault == nil else { return nil }
        stepNumber += 1
        do {
            if inFlight == 0 {
                if unsent.isEmpty {
                    try Self.connection.send(CollectionOfOne(event), report: .state)
                    inFlight = 1
                } else {
                    let batch = unsent.prefix(Self.batchSize)
                    unsent = unsent.dropFirst(batch.count)
                    try Self.connection.send(batch, report: .state)
                    inFlight = batch.count
                }
            }
            let answer = try Self.connection.nextAnswer(withState: true, step: stepNumber)
            inFlight -= 1
            if let answered = answer.state {
                state = answered
                indexAccessibility()
            }
            return answer.step
        } catch {
            fault = "\(error)"
            return nil
        }
    }

    private mutating func indexAccessibility() {
        guard Self.declaredParts.contains(.screen) else { return }
        accessibilityByPhoto = Dictionary(zip(state.grid, state.accessibility), uniquingKeysWith: { first, _ in first })
    }

    package var mode: Mode { state.mode }
    package var chosenPhotos: [PhotoID] { state.chosen }
    package var photos: [PhotoID] { state.grid }
    package var picks: [PhotoID] { state.picks }
    package var sheet: Sheet? { state.sheet }
    package var title: String { state.title }
    package var toolbar: Toolbar? { state.toolbar }
    package var trayCounter: String? { state.trayCounter }
    package func accessibilityValue(for photo: PhotoID) -> String { accessibilityByPhoto[photo] ?? "" }
}
