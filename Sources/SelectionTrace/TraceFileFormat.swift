/// The two trace formats, told apart by file extension: `.jsonl` text (SPEC.md section 4),
/// `.gstrace` binary (docs/binary-trace-format.md).
@_spi(GridSimInternals) public enum TraceFileFormat: String, CaseIterable, Hashable, Sendable {
    case text
    case binary

    /// The format a path's extension names, or nil for any other extension.
    @_spi(GridSimInternals) public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".jsonl") {
            self = .text
        } else if name.hasSuffix("." + BinaryTraceFormat.fileExtension) {
            self = .binary
        } else {
            return nil
        }
    }

    /// `jsonl` or `gstrace`.
    @_spi(GridSimInternals) public var fileExtension: String {
        switch self {
        case .text: "jsonl"
        case .binary: BinaryTraceFormat.fileExtension
        }
    }
}
