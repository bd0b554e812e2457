import SelectionCore
import SelectionTrace

/// The engines a command can run, by the name used on the command line.
public enum EngineKind: String, CaseIterable, Sendable {
    /// The plain model that states SPEC.md; the oracle.
    case reference

    public static let `default` = EngineKind.reference

    public static var names: [String] { allCases.map(\.rawValue) }

    /// Replays `trace` with this engine.
    public func replay(_ trace: Trace) -> ReplayReport {
        switch self {
        case .reference: Replayer.replay(trace, engine: ReferenceModel.self)
        }
    }
}
