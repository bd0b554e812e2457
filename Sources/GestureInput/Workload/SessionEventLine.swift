import SelectionCore
import SelectionTrace

extension SessionModel {
    /// The most bytes `writeLine` writes for `event`: fixed text and two numbers, plus each
    /// photo's id at its longest (escaped) and its position. O(1).
    func maximumLineLength(_ event: SlotEvent) -> Int {
        let photos: Int
        switch event {
        case .longPress, .selectItem, .tap, .removeFromTray, .dragBegan, .dragMoved: photos = 1
        case .libraryChanged(let removed, let inserted): photos = removed.count + inserted.count
        default: photos = 0
        }
        return 96 + photos * (maximumIDLength + 48)
    }

    /// Writes the text-trace line of an event `nextEvent()` gave, and its newline: the same
    /// bytes as `TextTraceEncoding.append` writes for the event named by `id(for:)`, without
    /// building its strings. At most `maximumLineLength(event)` bytes. O(line length).
    func writeLine(t: Int, _ event: SlotEvent, to line: inout ByteCursor) {
        line.write("{\"t\":")
        line.writeDecimal(t)
        line.write(",\"event\":\"")
        line.write(Self.name(of: event))
        switch event {
        case .longPress(let slot), .selectItem(let slot), .tap(let slot), .removeFromTray(let slot),
            .dragBegan(let slot), .dragMoved(let slot):
            line.write("\",\"photo\":")
            writeID(of: slot, to: &line)
        case .libraryChanged(let removed, let inserted):
            line.write(UInt8(ascii: "\""))
            if !removed.isEmpty {
                line.write(",\"removed\":[")
                for (index, slot) in removed.enumerated() {
                    if index > 0 { line.write(UInt8(ascii: ",")) }
                    writeID(of: slot, to: &line)
                }
                line.write(UInt8(ascii: "]"))
            }
            if !inserted.isEmpty {
                line.write(",\"inserted\":[")
                for (index, insertion) in inserted.enumerated() {
                    line.write(index > 0 ? ",{\"photo\":" : "{\"photo\":")
                    writeID(of: insertion.slot, to: &line)
                    line.write(",\"at\":")
                    line.writeDecimal(insertion.at)
                    line.write(UInt8(ascii: "}"))
                }
                line.write(UInt8(ascii: "]"))
            }
        default:
            line.write(UInt8(ascii: "\""))
        }
        line.write("}\n")
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
        case .removeFromTray: "removeFromTray"
        case .dragBegan: "dragBegan"
        case .dragMoved: "dragMoved"
        case .dragEnded: "dragEnded"
        }
    }
}
