import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing

/// A second reader of a trace shares the header the first one read (and its id table)
/// instead of reading it again: it must read the same events, and notice a file that no
/// longer starts with that header.
@Suite("Readers given a known header")
struct KnownHeaderReaderTests {
    static func trace(ids: Int) -> Trace {
        let photos = (0..<ids).map { "IMG-\($0)/L0/001" }
        var events: [TraceEvent] = [TraceEvent(t: 0, .longPress(photos[1]))]
        for index in 0..<200 {
            events.append(TraceEvent(t: index + 1, .tap(photos[(index * 7) % ids])))
            if index % 50 == 0 {
                events.append(
                    TraceEvent(t: index + 1, .libraryChanged(removed: [photos[index % ids]], inserted: [.init(photo: "new-\(index)", at: index)])))
            }
        }
        return Trace(header: TraceHeader(photos: .ids(photos), limit: 40), events: events)
    }

    static func write(_ trace: Trace, blankLinesFirst: Bool = false) throws -> (text: String, binary: String) {
        let directory = try ScratchDirectory.make("known-header")
        let text = directory.appendingPathComponent("trace.jsonl").path
        let binary = directory.appendingPathComponent("trace.gstrace").path
        try ((blankLinesFirst ? "\n  \t\n\r\n" : "") + trace.text).write(toFile: text, atomically: true, encoding: .utf8)
        try Data(trace.binaryEncoded(salt: 0x0BAD_F00D, syncInterval: 16)).write(to: URL(fileURLWithPath: binary))
        return (text, binary)
    }

    /// Reads `second` to its end, checking each event against `first`'s, and returns them.
    static func readSideBySide(
        _ first: inout some TraceEventReading, _ second: inout some TraceEventReading
    ) throws -> [TraceEvent] {
        var events: [TraceEvent] = []
        while let event = try second.next() {
            #expect(event == (try first.next()))
            events.append(event)
        }
        #expect(try first.next() == nil)
        return events
    }

    @Test(arguments: [false, true])
    func aTextReaderPassesOverTheHeaderAndReadsTheSameEvents(_ blankLinesFirst: Bool) throws {
        let trace = Self.trace(ids: 3_000)
        let path = try Self.write(trace, blankLinesFirst: blankLinesFirst).text
        var first = try TextTraceReader(path: path)
        var second = try TextTraceReader(path: path, knownHeader: first.header)
        #expect(second.header == first.header)
        #expect(try Self.readSideBySide(&first, &second) == trace.events)
    }

    @Test func aBinaryReaderSharesTheHeaderTableAndReadsTheSameEvents() throws {
        let trace = Self.trace(ids: 3_000)
        let path = try Self.write(trace).binary
        var first = try BinaryTraceReader(path: path)
        var second = try BinaryTraceReader(path: path, knownHeader: first.header)
        #expect(second.header == first.header)
        #expect(try Self.readSideBySide(&first, &second) == trace.events)
    }

    @Test func aBinaryTraceCutInsideTheKnownHeaderIsAnError() throws {
        let path = try Self.write(Self.trace(ids: 3_000)).binary
        let known = try BinaryTraceReader(path: path).header
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(5_000).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: TraceError.self) { try BinaryTraceReader(path: path, knownHeader: known) }
        #expect(error.kind == .changedSinceHeader)
    }

    @Test func aHeaderOfAnotherLengthIsReadAsUsual() throws {
        let known = try BinaryTraceReader(path: try Self.write(Self.trace(ids: 3_000)).binary).header
        let other = Self.trace(ids: 2_000)
        let reader = try BinaryTraceReader(path: try Self.write(other).binary, knownHeader: known)
        #expect(reader.header == other.header)
    }
}

/// The readers' `next()`, so that one helper reads either kind side by side.
protocol TraceEventReading {
    mutating func next() throws -> TraceEvent?
}

extension TextTraceReader: TraceEventReading {}
extension BinaryTraceReader: TraceEventReading {}
