import GestureInput
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

extension SessionModel {
    /// The most bytes `writeLine` writes for `event`. O(1).
    func maximumLineLength(_ event: SlotEvent) -> Int {
        TextTraceEncoding.maximumLineLength(event, longestID: longestIDByteCount)
    }

    /// Writes the text-trace line of an event `nextEvent()` gave, and its newline: the same
    /// bytes as `TextTraceEncoding.append` writes for the event named by `id(for:)`, without
    /// building its strings. At most `maximumLineLength(event)` bytes. O(line length).
    func writeLine(t: Int, _ event: SlotEvent, to line: inout LineCursor) {
        TextTraceEncoding.writeLine(t: t, event, to: &line) { slot, line in writeID(of: slot, to: &line) }
    }
}
