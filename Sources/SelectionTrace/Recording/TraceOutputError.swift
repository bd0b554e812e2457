/// Why a trace cannot be written.
@_spi(GridSimInternals) public enum TraceOutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The output exists and replacing it was not asked for.
    case exists(String)
    /// The output (or its temporary file beside it) cannot be created.
    case cannotCreate(String, reason: String)
    /// Writing, syncing or publishing failed part way.
    case writeFailed(String, reason: String)
    /// An event or header that a trace cannot hold (a decreasing `t`, duplicate header ids).
    case invalid(String)
    /// The recorder was used after `close()`.
    case closed(String)

    @_spi(GridSimInternals) public var description: String {
        switch self {
        case .exists(let path): "\(path) exists; pass --force to replace it"
        case .cannotCreate(let path, let reason): "\(path): cannot create: \(reason)"
        case .writeFailed(let path, let reason): "\(path): write failed: \(reason)"
        case .invalid(let message): message
        case .closed(let path): "\(path): the recorder is closed"
        }
    }
}
