import SelectionCore
import SelectionTrace

extension SessionModel {
    /// Appends the text-trace line of an event `nextEvent()` gave, and its newline: the same
    /// bytes as `TextTraceEncoding.append` writes for the event named by `id(for:)`, without
    /// building its strings. O(line length).
    public func appendLine(t: Int, _ event: SlotEvent, to bytes: inout [UInt8]) {
        append("{\"t\":", to: &bytes)
        TextTraceEncoding.appendInteger(t, to: &bytes)
        append(",\"event\":\"", to: &bytes)
        append(Self.name(of: event), to: &bytes)
        switch event {
        case .longPress(let slot), .selectItem(let slot), .tap(let slot):
            append("\",\"photo\":", to: &bytes)
            appendID(of: slot, to: &bytes)
        case .libraryChanged(let removed, let inserted):
            bytes.append(UInt8(ascii: "\""))
            if !removed.isEmpty {
                append(",\"removed\":[", to: &bytes)
                for (index, slot) in removed.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    appendID(of: slot, to: &bytes)
                }
                bytes.append(UInt8(ascii: "]"))
            }
            if !inserted.isEmpty {
                append(",\"inserted\":[", to: &bytes)
                for (index, insertion) in inserted.enumerated() {
                    append(index > 0 ? ",{\"photo\":" : "{\"photo\":", to: &bytes)
                    appendID(of: insertion.slot, to: &bytes)
                    append(",\"at\":", to: &bytes)
                    TextTraceEncoding.appendInteger(insertion.at, to: &bytes)
                    bytes.append(UInt8(ascii: "}"))
                }
                bytes.append(UInt8(ascii: "]"))
            }
        default:
            bytes.append(UInt8(ascii: "\""))
        }
        append("}\n", to: &bytes)
    }

    @inline(__always)
    private func append(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `event.name.rawValue`, as a constant: no string is looked at per event.
    private static func name(of event: SlotEvent) -> StaticString {
        switch event {
        case .longPress: "longPress"
        case .selectItem: "selectItem"
        case .tap: "tap"
        case .select: "select"
        case .selectAll: "selectAll"
        case .deselectAll: "deselectAll"
        case .done: "done"
        case .back: "back"
        case .delete: "delete"
        case .move: "move"
        case .share: "share"
        case .edit: "edit"
        case .dismiss: "dismiss"
        case .libraryChanged: "libraryChanged"
        }
    }
}
