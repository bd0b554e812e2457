/// The state a trace starts from (SPEC.md section 7): a window an app kept of a long session
/// begins mid-session, with its mode, picks and sheet. The grid, the limit and Reduce Motion
/// come from the header as always; no drag is ever in progress at the start.
public struct StartState: Hashable, Sendable {
    /// Browsing or selecting.
    public var mode: Mode
    /// The chosen photos in the order they were picked; the selection is the set of them.
    public var picks: [PhotoID]
    /// The sheet shown on top of the grid, if any.
    public var sheet: Sheet?

    public init(mode: Mode = .browsing, picks: [PhotoID] = [], sheet: Sheet? = nil) {
        self.mode = mode
        self.picks = picks
        self.sheet = sheet
    }

    /// Browsing, nothing chosen, no sheet: where a trace without a start state begins.
    public static let browsing = StartState()

    /// Whether this is where a trace without a start state begins (a header need not say it).
    public var isBrowsing: Bool { self == .browsing }

    /// The first of SPEC.md section 1's invariants this start state breaks over a grid that
    /// holds the photos `isInGrid` answers for and a limit as written (clamped to at least 1
    /// here), or nil when it keeps them all. Checked in the order section 7 lists them.
    ///
    /// O(picks), hashing each pick once.
    public func violation(limit: Int?, isInGrid: (PhotoID) -> Bool) -> StartStateViolation? {
        var seen = Set<PhotoID>(minimumCapacity: picks.count)
        for pick in picks {
            guard isInGrid(pick) else { return .pickNotInGrid(pick) }
            guard seen.insert(pick).inserted else { return .repeatedPick(pick) }
        }
        if let limit, picks.count > max(1, limit) {
            return .overLimit(count: picks.count, limit: max(1, limit))
        }
        if mode == .browsing && !picks.isEmpty { return .browsingWithPicks }
        if mode == .browsing && sheet != nil { return .browsingWithSheet }
        return nil
    }
}

/// A rule of SPEC.md section 1 that a start state breaks; `description` says which.
public enum StartStateViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// A pick that is not in the header's photos.
    case pickNotInGrid(PhotoID)
    /// A photo picked twice.
    case repeatedPick(PhotoID)
    /// More picks than the limit allows.
    case overLimit(count: Int, limit: Int)
    /// Picks while browsing: browsing has nothing chosen.
    case browsingWithPicks
    /// A sheet while browsing: browsing shows no sheet.
    case browsingWithSheet

    public var description: String {
        switch self {
        case .pickNotInGrid(let photo): "start pick \"\(photo)\" is not in photos (selection ⊆ photos)"
        case .repeatedPick(let photo): "start picks \"\(photo)\" twice (picks is a permutation of selection)"
        case .overLimit(let count, let limit): "start has \(count) picks, above the limit of \(limit) (|selection| ≤ limit)"
        case .browsingWithPicks: "start is browsing with picks (browsing ⇒ selection = ∅)"
        case .browsingWithSheet: "start is browsing with a sheet (browsing ⇒ sheet = none)"
        }
    }
}
