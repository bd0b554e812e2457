/// What checking one conformance case did: how many steps were compared, and what the kit
/// could not compare for this adapter.
public struct ConformanceReport: Hashable, Sendable, CustomStringConvertible {
    public var caseName: String
    /// Events replayed and compared.
    public var steps: Int
    /// What the adapter does not expose, in words (`outcome and reason`, `effects`, ...).
    public var notCompared: [String]
    /// Why the case was not replayed (it uses an event the adapter does not handle); nil when
    /// it was.
    public var skipped: String?

    /// `tap while selecting: limit reached: 3 steps compared; not compared: effects, ...`
    public var description: String {
        if let skipped { return "\(caseName): skipped, it \(skipped)" }
        return "\(caseName): \(steps) steps compared; not compared: \(notCompared.joined(separator: "; "))"
    }
}
