import Foundation
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing

/// Traces for the binary codec's tests: every event kind, awkward ids, optional times.
enum BinaryTestTraces {
    /// Every event name, ids of every shape (unicode, quotes, empty, counted-looking, long),
    /// `t` present and absent, insertions at out-of-range positions, ids introduced late.
    static func everyFeature(photos: PhotoList = .count(12), limit: Int? = 3) -> Trace {
        var events = EventName.allCases.compactMap(\.argumentlessEvent).enumerated().map { index, event in
            TraceEvent(t: index % 3 == 0 ? nil : index * 10, event)
        }
        events += [
            TraceEvent(t: 500, .longPress("3")), TraceEvent(.selectItem("ünïcode \"quoted\"")),
            TraceEvent(t: 500, .tap("")), TraceEvent(t: 501, .tap("12")), TraceEvent(t: 501, .tap("13")),
            TraceEvent(t: 502, .tap("01")), TraceEvent(t: 600, .tap(String(repeating: "p", count: 300))),
            TraceEvent(
                t: 9_000,
                .libraryChanged(
                    removed: ["1", "x", "12"], inserted: [.init(photo: "z", at: -1), .init(photo: "w", at: 1_000_000)])),
            TraceEvent(.libraryChanged(removed: [], inserted: [])),
            TraceEvent(t: Int(Int32.max) * 4, .tap("3")), TraceEvent(t: Int(Int32.max) * 4, .tap("1")),
            // SPEC.md section 6's events that name a photo: known ids and ids met for the first time.
            TraceEvent(.dragBegan("3")), TraceEvent(t: Int(Int32.max) * 4, .dragMoved("1")),
            TraceEvent(.dragMoved("dragged-to")), TraceEvent(t: Int(Int32.max) * 4 + 1, .removeFromTray("ünïcode \"quoted\"")),
            TraceEvent(.removeFromTray("never-picked")),
        ]
        let header = TraceHeader(
            photos: photos, limit: limit, reduceMotion: true,
            meta: JSONObject([("scenario", .string("every feature")), ("seed", .integer(42)), ("nested", .array([.null, .double(0.5)]))]))
        return Trace(header: header, events: events)
    }

    /// A seeded random trace on a grid given by count or by ids: taps, long presses, library
    /// changes with new and unknown ids, drags and the tray's remove button.
    static func random(seed: UInt64, events: Int, photos: Int) -> Trace {
        var generator = SplitMix64(seed: seed)
        let byIDs = Bool.random(using: &generator)
        let list: PhotoList = byIDs ? .ids((0..<photos).map { "photo-\($0)" }) : .count(photos)
        let ids = list.ids
        func anyPhoto() -> PhotoID {
            Int.random(in: 0..<20, using: &generator) == 0 ? "unknown-\(Int.random(in: 0..<5, using: &generator))"
                : ids.isEmpty ? "none" : ids[Int.random(in: 0..<ids.count, using: &generator)]
        }
        var time = 0
        var trace: [TraceEvent] = []
        for index in 0..<events {
            let event: Event
            switch Int.random(in: 0..<14, using: &generator) {
            case 0: event = .longPress(anyPhoto())
            case 1..<6: event = .tap(anyPhoto())
            case 6: event = .libraryChanged(removed: [anyPhoto(), anyPhoto()], inserted: [.init(photo: "new-\(index)", at: Int.random(in: -3...photos + 3, using: &generator))])
            case 7: event = .done
            case 8: event = .selectAll
            case 9: event = .select
            case 10: event = .dragBegan(anyPhoto())
            case 11, 12: event = .dragMoved(anyPhoto())
            default: event = index % 2 == 0 ? .removeFromTray(anyPhoto()) : .dragEnded
            }
            time += Int.random(in: 0...300, using: &generator)
            trace.append(TraceEvent(t: Bool.random(using: &generator) ? time : nil, event))
        }
        return Trace(header: TraceHeader(photos: list, limit: Bool.random(using: &generator) ? 4 : nil), events: trace)
    }

    static func temporaryDirectory() throws -> URL {
        try ScratchDirectory.make("binary")
    }
}

/// What reading some bytes gave: the events before an error or the end, and the error.
struct BinaryReadOutcome {
    var header: TraceHeader?
    var events: [TraceEvent] = []
    var damage: [TraceDamage] = []
    var error: TraceError?
    var lostEvents = 0

    init(_ bytes: [UInt8], options: BinaryTraceReader.Options = .default) {
        do {
            var reader = try BinaryTraceReader(bytes: bytes, options: options)
            header = reader.header
            defer {
                damage = reader.damage
                lostEvents = reader.lostEvents
            }
            while let event = try reader.next() { events.append(event) }
        } catch let error as TraceError {
            self.error = error
        } catch {
            Issue.record("an error that is not a TraceError: \(error)")
        }
    }
}

extension TraceError.Kind {
    /// The case's name, whatever its associated values: for a test that matches the kind of
    /// error but does not pin values it cannot know (a checksum, a described limit).
    var caseName: String { Mirror(reflecting: self).children.first?.label ?? String(describing: self) }
}
