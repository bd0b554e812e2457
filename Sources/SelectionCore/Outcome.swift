/// Why an event was refused. SPEC.md section 2 lists the checks in order.
public enum RejectionReason: String, CaseIterable, Hashable, Sendable {
    case unknownPhoto, covered, limitReached, nothingSelected, duplicatePhoto
    /// `removeFromTray` of a photo that is not chosen (SPEC.md section 6).
    case notInTray
}

/// What became of one event. Ignored and rejected events change nothing and emit nothing.
public enum Outcome: Hashable, Sendable {
    case applied
    case ignored
    case rejected(RejectionReason)

    /// `applied`, `ignored` or `rejected`, as written in reports.
    public var name: String {
        switch self {
        case .applied: "applied"
        case .ignored: "ignored"
        case .rejected: "rejected"
        }
    }

    public var reason: RejectionReason? {
        if case .rejected(let reason) = self { reason } else { nil }
    }
}
