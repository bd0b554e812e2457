@_spi(GridSimInternals) import SelectionCore

/// The constants of the binary trace format (`.gstrace`). docs/binary-trace-format.md is the
/// full description; this file is its single source of numbers.
///
/// ```
/// file    := fileHeader record*
/// record  := length:varint salt:u32le kind:u8 body crc:u32le
///            length counts kind and body; the CRC-32C covers length, salt, kind and body
/// ```
@_spi(GridSimInternals) public enum BinaryTraceFormat {
    /// The first eight bytes: a non-ASCII byte, "GSTR", CR LF, Ctrl-Z. As in PNG, a file that
    /// went through a text-mode transfer or was truncated to 7 bits no longer matches.
    @_spi(GridSimInternals) public static let magic: [UInt8] = [0x89, 0x47, 0x53, 0x54, 0x52, 0x0D, 0x0A, 0x1A]
    /// The newest layout version this code reads, and the one it writes for a trace with a
    /// start state. Version 2 is version 1 with the event kinds of SPEC.md section 6
    /// (`BinaryRecordKind.section6Version`); version 3 is version 2 with a start state (the
    /// header's `hasStart` flag and a start record: `startStateVersion`). A reader reads
    /// every older version unchanged.
    @_spi(GridSimInternals) public static let currentVersion: UInt16 = 3
    /// The first version with a start state (SPEC.md section 7).
    @_spi(GridSimInternals) public static let startStateVersion: UInt16 = 3
    /// The version written for a trace without a start state: the one such a file has always
    /// had, so that it stays the same byte for byte. (Its events may still carry seen records:
    /// the header is written before any event, so whether one will is not known then. See
    /// `BinaryRecordKind.seen`.)
    @_spi(GridSimInternals) public static let versionWithoutStartState: UInt16 = 2

    /// The version a writer puts in the header of a trace that starts like `header`.
    @_spi(GridSimInternals) public static func writtenVersion(for header: TraceHeader) -> UInt16 {
        header.start.isBrowsing ? versionWithoutStartState : startStateVersion
    }
    /// Magic, version, reserved, body length, CRC: the fixed prefix of the file header.
    @_spi(GridSimInternals) public static let fixedHeaderSize = 20
    /// The file extension of binary traces; text traces keep `.jsonl`.
    @_spi(GridSimInternals) public static let fileExtension = "gstrace"

    /// Framing around a record's kind and body: salt and CRC (the length varint comes on top).
    static let saltSize = 4
    static let checksumSize = 4
    /// The smallest record: a one-byte length, the salt, the kind, the CRC.
    static let minimumRecordSize = 1 + saltSize + 1 + checksumSize

    /// How often the writer puts a sync point between events by default: about 13 bytes every
    /// 128 events (0.1 byte an event), and a salvaging reader loses at most 128 events to one
    /// stretch of damage.
    @_spi(GridSimInternals) public static let defaultSyncInterval = 128
}

/// The kind byte of a record.
///
/// Events are `0x10 + position in EventName.allCases`, with `timeFlag` set when the event
/// carries `t`. Everything else is bookkeeping that decodes to no event.
package enum BinaryRecordKind {
    /// Defines the ids of consecutive slots: `firstSlot:varint count:varint (length:varint utf8)*`.
    static let idDefinitions: UInt8 = 0x01
    /// Restates the running state, so that a salvaging reader can resume after a gap:
    /// `eventsBefore:varint lastSlot:varint lastTimePlusOne:varint` (0: no event had `t` yet).
    static let sync: UInt8 = 0x02
    /// Written by a clean close: `eventCount:varint`.
    static let end: UInt8 = 0x03
    /// The state before the first event (SPEC.md section 7), right after the header's id
    /// definitions when the header's `hasStart` flag is set, and nowhere else:
    /// `mode:u8 sheet:u8 pickCount:varint (slotDelta:zigzag)*`, the picks as slots of the grid
    /// in pick order, their deltas running through the record from 0. Format version 3.
    static let start: UInt8 = 0x04
    /// What the app saw after an event (SPEC.md section 7), right before that event's record:
    /// `fields:u8` (a bit for each `SeenRecordField` present) then each field present, in
    /// bit order. Ids are written as their UTF-8 bytes, never as slots: an app may name ids the
    /// trace never had, and a slot defined for one would put the reader's numbering out of
    /// step with an engine's. Written from format version 2 on: the header of a trace without
    /// a start state is version 2 and is written before any event says whether it has one.
    static let seen: UInt8 = 0x05
    /// The first format version whose files may hold seen records.
    static let seenVersion = 2

    static let firstEvent: UInt8 = 0x10
    /// Set on an event's kind when the body starts with the time delta.
    static let timeFlag: UInt8 = 0x80

    /// The event names in kind order.
    static let eventNames: [EventName] = EventName.allCases

    @inline(__always)
    static func eventKind(_ name: EventName, timed: Bool) -> UInt8 {
        let index = eventIndex(name)
        return firstEvent + UInt8(index) | (timed ? timeFlag : 0)
    }

    /// The position of `name` in `EventName.allCases`, written out so that a reordering of
    /// that enum cannot silently change the format (a test checks the two agree).
    @inline(__always)
    package static func eventIndex(_ name: EventName) -> Int {
        switch name {
        case .longPress: 0
        case .selectItem: 1
        case .tap: 2
        case .select: 3
        case .selectAll: 4
        case .deselectAll: 5
        case .done: 6
        case .back: 7
        case .delete: 8
        case .move: 9
        case .share: 10
        case .edit: 11
        case .dismiss: 12
        case .libraryChanged: 13
        case .removeFromTray: 14
        case .dragBegan: 15
        case .dragMoved: 16
        case .dragEnded: 17
        }
    }

    static let eventCount = 18

    /// The first format version with the events of SPEC.md section 6 (removeFromTray,
    /// dragBegan, dragMoved, dragEnded: kinds `0x1E` to `0x21`).
    static let section6Version = 2

    /// A name for messages: `tap`, `id definitions`, `kind 0x42`.
    static func describe(_ kind: UInt8) -> String {
        switch kind {
        case idDefinitions: return "id definitions"
        case sync: return "sync point"
        case end: return "end"
        case start: return "start"
        case seen: return "seen"
        default:
            let index = Int(kind & ~timeFlag) - Int(firstEvent)
            if index >= 0 && index < eventCount { return eventNames[index].rawValue }
            return "kind 0x" + String(kind, radix: 16)
        }
    }
}

/// Bits of the header's flags byte.
enum BinaryHeaderFlag {
    static let reduceMotion: UInt8 = 1 << 0
    static let hasLimit: UInt8 = 1 << 1
    /// The grid is an explicit id list (defined by the id-definition records that follow the
    /// header) rather than `"1"` … `"N"`.
    static let explicitIDs: UInt8 = 1 << 2
    static let hasMeta: UInt8 = 1 << 3
    /// A start record follows the header (and its id definitions): format version 3.
    static let hasStart: UInt8 = 1 << 4
    static let known: UInt8 = reduceMotion | hasLimit | explicitIDs | hasMeta | hasStart
}

/// The bits of a seen record's `fields` byte, in the order the fields follow it (SPEC.md
/// section 7's order).
///
/// ```
/// mode          u8: 0 browsing, 1 selecting
/// count         varint
/// title         length:varint utf8
/// tray, chosen  count:varint (length:varint utf8)*, ids in the app's order
/// chosenDigest  u64 little-endian
/// ```
enum SeenRecordField {
    static let mode: UInt8 = 1 << 0
    static let count: UInt8 = 1 << 1
    static let title: UInt8 = 1 << 2
    static let tray: UInt8 = 1 << 3
    static let chosen: UInt8 = 1 << 4
    static let chosenDigest: UInt8 = 1 << 5
    static let known: UInt8 = mode | count | title | tray | chosen | chosenDigest
}

/// How a start and a seen record write a mode and a sheet.
enum BinaryStateCode {
    static func mode(_ mode: Mode) -> UInt8 { mode == .browsing ? 0 : 1 }

    static func mode(_ byte: UInt8) -> Mode? {
        switch byte {
        case 0: .browsing
        case 1: .selecting
        default: nil
        }
    }

    static func sheet(_ sheet: Sheet?) -> UInt8 {
        switch sheet {
        case nil: 0
        case .share: 1
        case .edit: 2
        }
    }

    /// The sheet of `byte` (`.some(nil)`: none), or nil for a byte that names none.
    static func sheet(_ byte: UInt8) -> Sheet?? {
        switch byte {
        case 0: .some(nil)
        case 1: .some(.share)
        case 2: .some(.edit)
        default: nil
        }
    }
}
