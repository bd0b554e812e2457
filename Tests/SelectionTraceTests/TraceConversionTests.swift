import Foundation
import SelectionCore
import TestSupport
import Testing

@testable import SelectionTrace

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

    static let traces = [BinaryTestTraces.everyFeature(), BinaryTestTraces.everyFeature(photos: .ids(["a", "3", "é"]))]
        + (0..<6).map { BinaryTestTraces.random(seed: UInt64($0), events: 500, photos: 30) }

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
