@testable import GridSimRecorder
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import Testing

/// The window's line writer gives the bytes of the trace writer (`TextTraceEncoding`), so that
/// a window's lines read back as any trace's do, and never writes past the room its bound made.
@Suite("Event lines written into the ring")
struct EventLineTests {
    static let awkward = ["7", "6F1A2B3C-9D0E-4F11-8A2B-3C4D5E6F7A8B/L0/001", "quote\"d", "back\\slash", "tab\tand\nnewline",
                          "\u{1}\u{1F}ctl", "é😀ü", "", "12345678901234567"]

    static var events: [Event] {
        var events: [Event] = EventName.allCases.compactMap(\.argumentlessEvent)
        for id in awkward {
            events += [.longPress(id), .selectItem(id), .tap(id), .removeFromTray(id), .dragBegan(id), .dragMoved(id)]
        }
        events.append(.libraryChanged(removed: awkward, inserted: awkward.enumerated().map { Insertion(photo: $0.element + "+", at: $0.offset * 7) }))
        events.append(.libraryChanged(removed: [], inserted: [Insertion(photo: "x", at: -3)]))
        events.append(.libraryChanged(removed: ["a"], inserted: []))
        events.append(.libraryChanged(removed: [], inserted: []))
        return events
    }

    static let seens: [SeenState?] = [
        nil, SeenState(),
        SeenState(mode: .selecting, count: 3, title: "3 selected", chosenDigest: ChosenDigest(value: 0xd5cf_d528_9861_a8f5)),
        SeenState(mode: .browsing, count: 0, title: "Long press a photo", tray: [], chosen: [], chosenDigest: .empty),
        SeenState(title: "odd \"title\"\n", tray: awkward, chosen: ["a", "b"], chosenDigest: ChosenDigest(value: 1)),
    ]

    @Test("every event, with and without seen, gives the trace writer's bytes")
    func sameBytesAsTheTraceWriter() {
        var buffer = [UInt8](repeating: 0xEE, count: 1 << 16)
        for event in Self.events {
            for seen in Self.seens {
                for t in [0, 7, 1_234_567_890_123] {
                    let bound = EventLine.maximumBytes(of: event, seen: seen, t: t)
                    let written = buffer.withUnsafeMutableBytes { buffer -> Int in
                        var line = LineWriter(buffer.baseAddress!, room: bound)
                        EventLine.write(event, seen: seen, t: t, to: &line)
                        return line.count
                    }
                    let expected = Array((TextTraceEncoding.line(for: TraceEvent(t: t, event, seen: seen)) + "\n").utf8)
                    #expect(Array(buffer[..<written]) == expected, "\(event) \(String(describing: seen))")
                    #expect(written <= bound)
                }
            }
        }
    }

    @Test("the escape check a word at a time agrees with a byte at a time")
    func escapeCheck() {
        for length in 0...40 {
            for position in 0..<max(length, 1) {
                for bad in [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0, 0x1F, 0x20, 0x7F, 0x80, 0xC3] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if position < length { bytes[position] = bad }
                    let expected = bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
                    #expect(bytes.withUnsafeBytes { LineWriter.needsEscape($0) } == expected, "\(bytes)")
                }
            }
        }
    }
}

/// The window trace's header line, written from an engine without a string per id, is the
/// trace writer's header for the same state.
@Suite("Window header lines")
struct WindowHeaderLineTests {
    @Test("counted and listed grids, changed or not, with every part of a start state")
    func sameBytesAsTheTraceWriter() {
        let awkward = EventLineTests.awkward.filter { !$0.isEmpty } + ["x"]
        let lists: [PhotoList] = [.count(12), .ids(awkward)]
        let meta = JSONObject([(key: "generator", value: .string("test")), (key: "firstEvent", value: .integer(3))])
        for list in lists {
            for limit in [nil, 3] {
                for changes in [[], [Event.libraryChanged(removed: [list.ids[1]], inserted: [Insertion(photo: "new\"one", at: 2)])]] {
                    var engine = FastEngine(configuration: GridConfiguration(photos: list, limit: limit, reduceMotion: limit != nil))
                    for event in changes + [.longPress(list.ids[3]), .tap(list.ids[0]), .share] { _ = engine.apply(event) }
                    let line = WindowLines.headerLine(
                        of: engine, madeFrom: list, gridChanged: !changes.isEmpty, limit: limit, reduceMotion: limit != nil, meta: meta)
                    let header = TraceHeader(
                        photos: changes.isEmpty ? list : .ids(engine.photos), limit: limit, reduceMotion: limit != nil, meta: meta,
                        start: StartState(mode: engine.mode, picks: engine.picks, sheet: engine.sheet))
                    #expect(line == Array((TextTraceEncoding.line(for: header) + "\n").utf8), "\(list) \(changes)")
                }
            }
        }
    }
}
