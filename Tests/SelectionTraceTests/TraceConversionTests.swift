import Foundation
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
import TestSupport
import Testing

@_spi(GridSimInternals) @testable import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

/// The library cores of `gridsim convert` and `gridsim inspect`, in memory.
@Suite("Trace conversion and inspection cores")
struct TraceConversionTests {
    static func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = try ScratchDirectory.make("conversion").appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func convert(_ path: String, to format: TraceFileFormat, salt: UInt32 = 0x1234) throws -> [UInt8] {
        var reader = try TraceFileReader(path: path)
        var sink = MemoryByteSink()
        let result = try TraceConversion.convert(&reader, to: format, into: &sink, salt: salt, syncInterval: 8)
        #expect(result.bytes == sink.bytes.count)
        #expect(result.events == reader.eventCount)
        return sink.bytes
    }

    static let traces = [
        BinaryTestTraces.everyFeature(), BinaryTestTraces.everyFeature(photos: .ids(["a", "3", "é"])),
        BinaryTestTraces.everyFeature(photos: .ids(["q\"", "back\\slash", "tab\there", "\u{1}", "\u{1F}", "é"])),
        numberedIDs(photos: .count(20)), numberedIDs(photos: .ids(["s3", "s1", "t2", "1"])),
    ] + (0..<6).map { BinaryTestTraces.random(seed: UInt64($0), events: 500, photos: 30) }

    /// Ids like `s17`, which the encoder keeps apart from other ids, met again and mixed with
    /// ids of nearly that form (another letter, a leading zero, a number past the index's
    /// range), each of which is an id of its own.
    static func numberedIDs(photos: PhotoList) -> Trace {
        let inserted = ["s1", "s2", "t5", "s01", "s0", "s00", "s2", "S9", "s\(NumberedIDIndex.maximumNumber)",
            "s\(NumberedIDIndex.maximumNumber - 1)", "s1x", "x", "s", "s1234567", "3", "s3"]
        var events: [TraceEvent] = []
        for (index, id) in inserted.enumerated() {
            events.append(TraceEvent(t: index, .libraryChanged(removed: [], inserted: [Insertion(photo: id, at: index)])))
            events.append(TraceEvent(t: index, .tap(inserted[(index * 7) % inserted.count])))
        }
        events.append(TraceEvent(t: 99, .libraryChanged(removed: inserted.reversed(), inserted: [])))
        return Trace(header: TraceHeader(photos: photos), events: events)
    }

    @Test func textToBinaryWritesWhatTheEncoderWrites() throws {
        for (index, trace) in Self.traces.enumerated() {
            let text = try Self.file("t\(index).jsonl", Array(trace.text.utf8))
            let binary = try Self.convert(text, to: .binary)
            #expect(binary == trace.binaryEncoded(salt: 0x1234, syncInterval: 8), "trace \(index)")
            let back = try Self.file("b\(index).gstrace", binary)
            #expect(try Self.convert(back, to: .text) == Array(trace.text.utf8), "trace \(index)")
            #expect(try Self.convert(text, to: .text) == Array(trace.text.utf8), "trace \(index)")
            #expect(try Self.convert(back, to: .binary) == binary, "trace \(index)")
        }
    }

    @Test func theEncoderNumbersSlotsAsTheEngineDoes() {
        for trace in Self.traces {
            var encoder = BinaryTraceEncoder(header: trace.header, salt: 1)
            var table = SlotTable(photos: trace.header.photos)
            var bytes: [UInt8] = []
            encoder.encodeHeader(into: &bytes)
            for event in trace.events {
                encoder.encode(event, into: &bytes)
                _ = table.intern(event.event)
                #expect(encoder.slotCount == table.count)
            }
        }
    }

    /// Lines the fast scanner takes go from their bytes to records, the others through
    /// `TraceEvent`s; mixed, with new ids defined on both paths and sync points between,
    /// they make the bytes the encoder makes of the events.
    @Test func scannedAndDecodedLinesConvertAsTheirEvents() throws {
        let lines = [
            #"{"trace":"photo-grid-selection","version":1,"photos":{"count":4}}"#,
            #"{"t":1,"event":"libraryChanged","removed":["2"],"inserted":[{"photo":"s1","at":0},{"photo":"n","at":3}]}"#,
            #"{"t":2, "event":"libraryChanged","inserted":[{"photo":"s2","at":1},{"photo":"m","at":0}]}"#,
            #"{"t":3,"event":"tap","photo":"m"}"#,
            #"{"t":3,"event":"tap","photo":"\u006e"}"#,
            "",
            #"{"event":"longPress","photo":"é"}"#,
            #"{"t":4,"event":"selectItem","photo":"s2"}"#,
            #"{"t":5,"event":"libraryChanged","inserted":[{"at":2,"photo":"s3"}]}"#,
            #"{"t":6,"event":"libraryChanged","removed":["s3","n"],"inserted":[{"photo":"s4","at":-1}]}"#,
            #"{"t":7,"event":"done","note":"ignored"}"#,
            #"{"t":8,"event":"libraryChanged"}"#,
            #"{"t":9,"event":"tap","photo":"s4"}"#,
        ]
        let text = lines.joined(separator: "\n") + "\n"
        let trace = try Trace(text: text)
        let path = try Self.file("mixed.jsonl", Array(text.utf8))
        for syncInterval in [1, 2, 3, 100] {
            var reader = try TraceFileReader(path: path)
            var sink = MemoryByteSink()
            _ = try TraceConversion.convert(&reader, to: .binary, into: &sink, salt: 7, syncInterval: syncInterval)
            #expect(sink.bytes == trace.binaryEncoded(salt: 7, syncInterval: syncInterval), "sync every \(syncInterval)")
            #expect(try Trace(binary: sink.bytes) == trace)
        }
    }

    @Test func inspectionCountsWhatTheReaderReturns() throws {
        for (index, trace) in Self.traces.enumerated() {
            for (name, bytes) in [("i\(index).jsonl", Array(trace.text.utf8)), ("i\(index).gstrace", trace.binaryEncoded())] {
                let path = try Self.file(name, bytes)
                var reader = try TraceFileReader(path: path, options: .init(keepsIDs: false))
                var calls = 0
                let inspection = try TraceInspection.inspect(&reader) { _, _ in calls += 1 }
                #expect(inspection.error == nil)
                #expect(inspection.events == trace.events.count)
                #expect(calls == trace.events.count / TraceProgressInterval.events)
                for kind in EventName.allCases {
                    #expect(inspection.count(of: kind) == trace.events.filter { $0.event.name == kind }.count)
                }
                #expect(inspection.timedEvents == trace.events.filter { $0.t != nil }.count)
                #expect(inspection.firstTime == trace.events.lazy.compactMap(\.t).first)
                #expect(inspection.lastTime == trace.events.compactMap(\.t).last)
            }
        }
    }

    @Test func aSalvagedTextTraceWithManyBadLinesReadsItsEndOnce() throws {
        // A t far ahead makes every later line an error; each is skipped, and the file is
        // not read again for each (this took minutes, quadratic in the lines).
        var lines = [TextTraceEncoding.line(for: TraceHeader(photos: .count(5))), #"{"t":1000000000,"event":"done"}"#]
        lines += (0..<20_000).map { #"{"t":\#($0),"event":"tap","photo":"1"}"# }
        let path = try Self.file("late.jsonl", Array((lines.joined(separator: "\n") + "\n").utf8))
        var reader = try TraceFileReader(path: path, options: .init(salvage: true))
        var events = 0
        while try reader.next() != nil { events += 1 }
        #expect(events == 1)
        #expect(reader.damage.count == 20_000)
        #expect(reader.damage.allSatisfy { $0.kind == .skipped })
    }
}
