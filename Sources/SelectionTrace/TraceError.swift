import Foundation
import SelectionCore

/// Why a trace cannot be read or written, and where.
///
/// `kind` says what is wrong, for a program to match; `location` says where (a line of a
/// text trace, a byte of a binary one, a whole file, or nowhere in particular); `message`
/// and `description` are made from the two, for a person.
///
/// Rendered as compilers write errors: `FILE:LINE: message` for a text trace,
/// `FILE: byte N (record R): message` for a binary one, `FILE: message` for a whole file.
/// Without a file name, a line reads `line N: message`.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        // The file, as a whole.

        /// The file is missing or cannot be read.
        case cannotOpen
        /// Reading failed part way: an I/O error (`errno`), not damage in the trace.
        case readFailed(errno: Int32)
        /// The file's extension names no trace format.
        case unknownFormat
        /// The trace changed between the two passes of a replay.
        case changedWhileReading(firstPassEvents: Int, secondPassEvents: Int)
        /// A binary trace changed after another reader read its header: its ids end early.
        case changedSinceHeader

        // Writing. (An output that cannot be created or written is TraceRecording's
        // `RecordingError`.)

        /// A header that no trace can hold (a negative photo count, duplicate ids …).
        case unrecordableHeader(String)

        // Either format.

        /// The trace has no header.
        case emptyTrace
        /// The trace's version is 0, or newer than this reader reads.
        case unsupportedVersion(Int)
        /// A size above one of the reader's `TraceLimits`, described.
        case aboveLimit(String)
        /// An event's time is before the previous event's.
        case decreasingTime(t: Int, previous: Int)
        /// An event's time is negative.
        case negativeTime(Int)
        /// A photo id is listed or defined twice: in a text header at positions `first` and
        /// `second`; in a binary trace, `first` is the slot it already has (nil: both
        /// definitions are in one record).
        case duplicatePhotoID(String, first: Int?, second: Int?)
        /// Any other malformed field, record or line, described.
        case malformed(String)

        // Text traces.

        /// A line is not JSON; the location has the column.
        case malformedJSON(String)
        /// A line is longer than `TraceLimits.maximumLineBytes`.
        case lineTooLong(limit: Int)
        /// The first line is not a header.
        case missingHeader
        /// A header after the first line.
        case headerNotFirst
        /// An event name this reader does not know.
        case unknownEvent(String)

        // Binary traces.

        /// The file does not start with the binary trace's magic bytes.
        case notBinaryTrace(looksLikeText: Bool)
        /// The file ends inside the header or a record, as described.
        case truncated(String)
        /// A record's length field cannot be right, as described.
        case impossibleLength(String)
        /// The stored CRC-32C of the header or a record is not the one computed.
        case badChecksum(stored: UInt32, computed: UInt32)
        /// A valid record of another session (its salt is not the trace's).
        case foreignRecord(salt: UInt32, traceSalt: UInt32)
        /// A photo id is not valid UTF-8.
        case invalidUTF8
        /// Salvage lost the id of `slot`, which a replay by slot needs.
        case lostID(slot: Int)
    }

    /// Where it is wrong.
    public enum Location: Hashable, Sendable {
        /// Nowhere in particular (a write, or a replay as a whole).
        case none
        /// The file at this path, as a whole.
        case file(String)
        /// The 1-based line of a text trace, the 1-based column where known.
        case line(Int, column: Int? = nil, file: String? = nil)
        /// A byte offset from the start of a binary trace; `record` is the 1-based number of
        /// the record there, counting every record after the file header (nil: the header).
        /// `recordKind` names the record when it was read whole (`"id definitions"`, `"tap"`),
        /// and `eventsBefore` is the number of events read before it.
        case byte(Int, record: Int?, recordKind: String? = nil, eventsBefore: Int? = nil, file: String? = nil)
        /// The n-th event handed to a recorder (1-based).
        case event(Int)
    }

    public var kind: Kind
    public var location: Location

    package init(_ kind: Kind, at location: Location = .none) {
        self.kind = kind
        self.location = location
    }

    /// What is wrong, with what the location adds to it (a column, the record's kind, the
    /// events before it), without where: `bad JSON at column 16: …`.
    public var message: String {
        guard case .byte(_, let record, let recordKind, let eventsBefore, _) = location else { return kindMessage }
        var message = recordKind.map { "\($0) record: " } ?? ""
        message += kindMessage
        if record != nil, let eventsBefore { message += " (after event \(eventsBefore))" }
        return message
    }

    /// `FILE:LINE: message`, `FILE: byte N (record R): message`, `line N: message` …
    public var description: String {
        switch location {
        case .none: message
        case .file(let path): "\(path): \(message)"
        case .line(let line, _, let file?): "\(file):\(line): \(message)"
        case .line(let line, _, nil): "line \(line): \(message)"
        case .byte(_, _, _, _, let file?): "\(file): \(position): \(message)"
        case .byte: "\(position): \(message)"
        case .event(let number): "event \(number): \(message)"
        }
    }

    /// The same error, naming the file it was met in (a reader knows only lines and bytes).
    package func inFile(_ path: String) -> TraceError {
        var located = self
        switch location {
        case .line(let line, let column, _): located.location = .line(line, column: column, file: path)
        case .byte(let offset, let record, let recordKind, let eventsBefore, _):
            located.location = .byte(offset, record: record, recordKind: recordKind, eventsBefore: eventsBefore, file: path)
        case .none, .file, .event: break
        }
        return located
    }

    /// Where in a binary trace, for a person: `byte 1234 (record 57)`, `byte 12 (file header)`;
    /// a line of a text trace: `line 3`; else empty.
    private var position: String {
        switch location {
        case .line(let line, _, _): "line \(line)"
        case .byte(let offset, let record, _, _, _): "byte \(offset) (" + (record.map { "record \($0)" } ?? "file header") + ")"
        case .none, .file, .event: ""
        }
    }

    /// The 1-based line of a text trace; nil elsewhere.
    package var line: Int? {
        if case .line(let line, _, _) = location { line } else { nil }
    }

    /// The byte offset in a binary trace; nil elsewhere.
    package var byteOffset: Int? {
        if case .byte(let offset, _, _, _, _) = location { offset } else { nil }
    }

    /// The 1-based record number in a binary trace; nil in its header and elsewhere.
    package var record: Int? {
        if case .byte(_, let record, _, _, _) = location { record } else { nil }
    }

    /// Damage in the trace, as opposed to a file that cannot be opened or read, or an error
    /// of writing: what a salvaging reader gets past and `gridsim inspect` reports.
    package var isDamage: Bool {
        switch kind {
        case .cannotOpen, .readFailed, .changedWhileReading: false
        default: !isWriteError
        }
    }

    /// An error of writing a trace: the output's name says no format, or what was handed to
    /// the writer is something no trace can hold.
    package var isWriteError: Bool {
        switch kind {
        case .unknownFormat, .unrecordableHeader: true
        default: if case .event = location { true } else { false }
        }
    }

    /// What `kind` says in a binary trace's record, without the record's name or place: a
    /// damage report's reason.
    package static func binaryMessage(_ kind: Kind) -> String {
        TraceError(kind, at: .byte(0, record: 1)).kindMessage
    }

    private var kindMessage: String {
        let binary = if case .byte = location { true } else { false }
        let recorded = if case .event = location { true } else { false }
        switch kind {
        case .cannotOpen: return "cannot open the file (missing, or not readable)"
        case .readFailed(let code): return "read failed: \(String(cString: strerror(code)))"
        case .unknownFormat:
            return "cannot tell the trace format from the extension: use .jsonl (text) or .gstrace (binary)"
        case .changedWhileReading(let first, let second):
            return "the trace changed while it was replayed: \(first) events, then \(second)"
        case .changedSinceHeader: return "the trace changed since its header was read: the header's ids end early"
        case .unrecordableHeader(let detail), .aboveLimit(let detail), .malformed(let detail), .truncated(let detail),
            .impossibleLength(let detail):
            return detail
        case .emptyTrace:
            return binary ? "empty file: expected a binary trace header" : "empty trace: expected a header line"
        case .unsupportedVersion(let version):
            if binary {
                return version < 1
                    ? "format version \(version) is not valid"
                    : "format version \(version) is newer than this reader, "
                        + "which reads version \(BinaryTraceFormat.currentVersion)"
            }
            return version < 1
                ? "field \"version\" must be at least 1, found \(version)"
                : "trace version \(version) is newer than this reader, which reads version \(TraceHeader.currentVersion)"
        case .decreasingTime(let t, let previous): return "t \(t) is earlier than the previous event's t \(previous)"
        case .negativeTime(let t): return recorded ? "t \(t) is negative" : "field \"t\" must not be negative, found \(t)"
        case .duplicatePhotoID(let id, let first, let second):
            if !binary, let first, let second { return "duplicate photo id \"\(id)\" in photos.ids (at \(first) and \(second))" }
            return first.map { "photo id \"\(id)\" is defined twice (it already has slot \($0))" }
                ?? "photo id \"\(id)\" is defined twice in one record"
        case .malformedJSON(let reason):
            guard case .line(_, let column?, _) = location else { return "bad JSON: \(reason)" }
            return "bad JSON at column \(column): \(reason)"
        case .lineTooLong(let limit): return "the line is longer than the limit of \(limit) bytes (is this a text trace?)"
        case .missingHeader:
            return "the first line must be the header, with \"trace\":\"\(TraceHeader.kind)\" (found no \"trace\" field)"
        case .headerNotFirst: return "a header may only be the first line"
        case .unknownEvent(let name):
            return "unknown event \"\(name)\" (known: \(EventName.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .notBinaryTrace(let looksLikeText):
            return "not a binary trace: the file does not start with the .gstrace magic bytes"
                + (looksLikeText ? " (it looks like a text trace; text traces end in .jsonl)" : "")
        case .badChecksum(let stored, let computed):
            if case .byte(_, nil, _, _, _) = location {
                return "bad header CRC-32C: stored \(hex(stored)), computed \(hex(computed)); the header is damaged"
            }
            return "bad CRC-32C: stored \(hex(stored)), computed \(hex(computed))"
        case .foreignRecord(let salt, let traceSalt):
            return "the record belongs to another session: its salt is \(hex(salt)), this trace's is \(hex(traceSalt))"
        case .invalidUTF8: return "a photo id is not valid UTF-8"
        case .lostID(let slot): return "slot \(slot) lost its id to damage; replay this salvaged trace by id instead"
        }
    }
}
