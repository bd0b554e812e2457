import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing
@_spi(GridSimInternals) import TraceRecording

@Suite("Trace recorder")
struct RecorderTests {
    static func read(_ path: String) throws -> (header: TraceHeader, events: [TraceEvent], damage: [TraceDamage]) {
        var reader = try TraceFileReader(path: path)
        var events: [TraceEvent] = []
        while let event = try reader.next() { events.append(event) }
        return (reader.header, events, reader.damage)
    }

    @Test(arguments: TraceFileFormat.allCases)
    func whatIsRecordedReadsBackExactly(_ format: TraceFileFormat) throws {
        let trace = BinaryTestTraces.everyFeature(photos: .ids(["a", "b", "3"]))
        let path = try BinaryTestTraces.temporaryDirectory().appendingPathComponent("t.\(format.fileExtension)").path
        let recorder = try TraceRecorder(path: path, header: trace.header)
        #expect(recorder.format == format)
        for event in trace.events { try recorder.record(event) }
        try recorder.close()
        try recorder.close()  // a second close does nothing
        let read = try Self.read(path)
        #expect(read.header == trace.header)
        #expect(read.events == trace.events)
        #expect(read.damage.isEmpty)
        #expect(recorder.committedEventCount == trace.events.count)
        #expect(recorder.bytesWritten == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
    }

    @Test func aLiveTraceExistsWithItsHeaderAtOnceAndCommitsEveryNEvents() throws {
        let path = try BinaryTestTraces.temporaryDirectory().appendingPathComponent("live.gstrace").path
        let recorder = try TraceRecorder(
            path: path, header: TraceHeader(photos: .count(9)),
            policy: FlushPolicy(maximumEvents: 4, maximumDelayMilliseconds: 60_000))
        #expect(try Self.read(path).events.isEmpty)
        for index in 1...11 {
            try recorder.record(TraceEvent(t: index, .tap(String(index % 9 + 1))))
            // Read by another reader while recording: a prefix, committed in fours.
            let read = try Self.read(path)
            #expect(read.events.count == index / 4 * 4, "after \(index) events")
            #expect(read.damage.isEmpty)
            #expect(recorder.committedEventCount == index / 4 * 4)
        }
        try recorder.close()
        #expect(try Self.read(path).events.count == 11)
    }

    @Test func anIdleRecorderCommitsWithinTheDelay() throws {
        let path = try BinaryTestTraces.temporaryDirectory().appendingPathComponent("idle.gstrace").path
        let recorder = try TraceRecorder(
            path: path, header: TraceHeader(photos: .count(9)),
            policy: FlushPolicy(maximumEvents: 1_000_000, maximumDelayMilliseconds: 40))
        for index in 1...5 { try recorder.record(TraceEvent(t: index, .tap("2"))) }
        #expect(try Self.read(path).events.count == 0)
        // Ten times the delay: generous for a loaded machine, still bounded.
        let deadline = Date().addingTimeInterval(0.4)
        while try Self.read(path).events.count < 5 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(try Self.read(path).events.count == 5)
        #expect(recorder.committedEventCount == 5)
        try recorder.close()
    }

    @Test func anExistingFileIsNeverReplacedWithoutBeingAsked() throws {
        let directory = try BinaryTestTraces.temporaryDirectory()
        let path = directory.appendingPathComponent("kept.gstrace").path
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: RecordingError(.outputExists, at: path)) {
            _ = try TraceRecorder(path: path, header: TraceHeader(photos: .count(1)))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        let recorder = try TraceRecorder(path: path, header: TraceHeader(photos: .count(1)), replacing: true)
        try recorder.close()
        #expect(try Self.read(path).header == TraceHeader(photos: .count(1)))
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kept.gstrace"])
    }

    @Test func aTraceWrittenWhenClosedAppearsOnlyThenAndAnAbandonedOneNever() throws {
        let directory = try BinaryTestTraces.temporaryDirectory()
        let path = directory.appendingPathComponent("late.jsonl").path
        let recorder = try TraceRecorder(path: path, header: TraceHeader(photos: .count(3)), placement: .whenClosed)
        try recorder.record(TraceEvent(.select))
        try recorder.flush()
        #expect(!FileManager.default.fileExists(atPath: path))
        try recorder.close()
        #expect(try Self.read(path).events == [TraceEvent(.select)])

        let abandoned = directory.appendingPathComponent("abandoned.gstrace").path
        let second = try TraceRecorder(path: abandoned, header: TraceHeader(photos: .count(3)), placement: .whenClosed)
        try second.record(TraceEvent(.select))
        second.abandon()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["late.jsonl"])
    }

    @Test func eventsATraceCannotHoldAreRefused() throws {
        let path = try BinaryTestTraces.temporaryDirectory().appendingPathComponent("t.gstrace").path
        let recorder = try TraceRecorder(path: path, header: TraceHeader(photos: .count(3)))
        try recorder.record(TraceEvent(t: 10, .select))
        #expect(throws: TraceError(.decreasingTime(t: 9, previous: 10), at: .event(2))) {
            try recorder.record(TraceEvent(t: 9, .done))
        }
        #expect(throws: TraceError(.negativeTime(-1), at: .event(2))) {
            try recorder.record(TraceEvent(t: -1, .done))
        }
        try recorder.record(TraceEvent(.done))  // no t is fine
        try recorder.close()
        #expect(throws: RecordingError(.recorderClosed, at: path)) { try recorder.record(TraceEvent(.done)) }
        #expect(try Self.read(path).events == [TraceEvent(t: 10, .select), TraceEvent(.done)])
        #expect(throws: TraceError(.unknownFormat, at: .file(path + ".txt"))) {
            _ = try TraceRecorder(path: path + ".txt", header: TraceHeader(photos: .count(3)))
        }
        #expect(throws: TraceError(.unrecordableHeader("the header's photo ids have duplicates"))) {
            _ = try TraceRecorder(path: path + "2.gstrace", header: TraceHeader(photos: .ids(["a", "a"])))
        }
    }

    /// How each kind renders: as the command line prints it after `gridsim: error: `.
    @Test func theMessageNamesTheFile() {
        #expect(RecordingError(.outputExists, at: "t.gstrace").description == "t.gstrace exists; pass --force to replace it")
        #expect(
            RecordingError(.cannotCreate(reason: "No such file or directory"), at: "d/t.gstrace").description
                == "d/t.gstrace: cannot create: No such file or directory")
        #expect(
            RecordingError(.writeFailed(reason: "fsync: Input/output error"), at: "t.jsonl").description
                == "t.jsonl: write failed: fsync: Input/output error")
        #expect(RecordingError(.recorderClosed, at: "t.jsonl").description == "t.jsonl: the recorder is closed")
    }
}
