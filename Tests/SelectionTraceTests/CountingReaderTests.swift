import Foundation
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
import Testing

@_spi(GridSimInternals) @testable import SelectionTrace

/// A binary reader that keeps no ids (what `gridsim inspect` opens) finds exactly what a
/// reader that keeps them finds: the same events, damage, errors and counts; and `nextKind()`,
/// which builds no library-change lists, the same kinds and times.
@Suite("Binary reader without ids")
struct CountingReaderTests {
    struct Outcome: Equatable {
        var events: [TimedSlotEvent] = []
        /// Filled by `nextKind()` passes instead of `events`.
        var kinds: [String] = []
        var error: TraceError?
        var damage: [TraceDamage] = []
        var statistics = BinaryTraceReader.Statistics()
        var lostEvents = 0
        var lostEventsIsLowerBound = false
        var records = 0
    }

    static func kind(_ name: EventName, _ t: Int?) -> String {
        "\(name.rawValue)@\(t.map(String.init) ?? "-")"
    }

    static func read(_ bytes: [UInt8], _ options: BinaryTraceReader.Options, kindsOnly: Bool = false) -> Outcome {
        var outcome = Outcome()
        do {
            var reader = try BinaryTraceReader(bytes: bytes, options: options)
            do {
                if kindsOnly {
                    while let (name, t) = try reader.nextKind() { outcome.kinds.append(kind(name, t)) }
                } else {
                    while let event = try reader.nextSlotEvent() { outcome.events.append(event) }
                }
            } catch let error as TraceError {
                outcome.error = error
            }
            outcome.damage = reader.damage
            outcome.statistics = reader.statistics
            outcome.lostEvents = reader.lostEvents
            outcome.lostEventsIsLowerBound = reader.lostEventsIsLowerBound
            outcome.records = reader.recordCount
        } catch let error as TraceError {
            outcome.error = error
        } catch {
            Issue.record("\(error)")
        }
        return outcome
    }

    static func expectAgreement(_ bytes: [UInt8], _ what: String) {
        for salvage in [false, true] {
            for verifiesChecksums in [true, false] {
                var options = BinaryTraceReader.Options(salvage: salvage, verifiesChecksums: verifiesChecksums)
                let kept = read(bytes, options)
                options.keepsIDs = false
                #expect(read(bytes, options) == kept, "\(what), salvage \(salvage), checksums \(verifiesChecksums)")
                var kinds = kept
                kinds.kinds = kept.events.map { kind($0.event.name, $0.t) }
                kinds.events = []
                #expect(
                    read(bytes, options, kindsOnly: true) == kinds,
                    "kinds only: \(what), salvage \(salvage), checksums \(verifiesChecksums)")
            }
        }
    }

    @Test(arguments: [PhotoList.count(12), .ids(["a", "b", "c", "3", "ünï"])])
    func everyFlipOfEveryByteIsReadAlike(_ photos: PhotoList) {
        let trace = BinaryTestTraces.everyFeature(photos: photos)
        let bytes = trace.binaryEncoded(salt: 0x5EED_5A17, syncInterval: 4)
        Self.expectAgreement(bytes, "intact")
        for index in bytes.indices {
            for mask: UInt8 in [0xFF, 0x01, 0x20] {
                var damaged = bytes
                damaged[index] ^= mask
                Self.expectAgreement(damaged, "byte \(index) ^ \(mask)")
            }
        }
    }

    @Test func idsDefinedTwiceAreRefusedWithTheSameMessages() throws {
        // Hand-made definition records after a counted grid of 3: an id defined again later,
        // one defined twice in one record, a counted id, and a bad id after a repeated one.
        let header = TraceHeader(photos: .count(3))
        var encoder = BinaryTraceEncoder(header: header, salt: 7)
        var base: [UInt8] = []
        encoder.encodeHeader(into: &base)
        encoder.encode(TraceEvent(.tap("x")), into: &base)
        func record(_ body: [UInt8]) -> [UInt8] {
            var bytes: [UInt8] = []
            Varint.append(1 + body.count, to: &bytes)
            bytes += [7, 0, 0, 0, BinaryRecordKind.idDefinitions] + body
            let crc = CRC32C.checksum(bytes)
            withUnsafeBytes(of: crc.littleEndian) { bytes.append(contentsOf: $0) }
            return bytes
        }
        func definitions(first: Int, _ ids: [[UInt8]], trailing: [UInt8] = []) -> [UInt8] {
            var body: [UInt8] = []
            Varint.append(first, to: &body)
            Varint.append(ids.count, to: &body)
            for id in ids {
                Varint.append(id.count, to: &body)
                body += id
            }
            return record(body + trailing)
        }
        let cases: [([UInt8], TraceError.Kind)] = [
            (definitions(first: 4, [Array("y".utf8), Array("x".utf8)]), .duplicatePhotoID("x", first: 3, second: nil)),
            (definitions(first: 4, [Array("y".utf8), Array("z".utf8), Array("y".utf8)]), .duplicatePhotoID("y", first: nil, second: nil)),
            (definitions(first: 4, [Array("2".utf8)]), .duplicatePhotoID("2", first: 1, second: nil)),
            // Whichever repeat comes first in the record is named, counted or not.
            (definitions(first: 4, [Array("y".utf8), Array("z".utf8), Array("y".utf8), Array("2".utf8)]), .duplicatePhotoID("y", first: nil, second: nil)),
            (definitions(first: 4, [Array("y".utf8), Array("2".utf8), Array("y".utf8)]), .duplicatePhotoID("2", first: 1, second: nil)),
            (definitions(first: 4, [Array("x".utf8), [0xFF]]), .duplicatePhotoID("x", first: 3, second: nil)),
            (definitions(first: 4, [[0xFF], Array("x".utf8)]), .invalidUTF8),
            (definitions(first: 4, [Array("q".utf8)], trailing: [1]), .malformed("1 unexpected bytes at the end of the record")),
            (definitions(first: 9, [Array("q".utf8)]), .malformed("defines slot 9, but the next slot to define is 4")),
            // Numbered ids (kept by number, not bytes), alone and among others; "4" is past the count.
            (definitions(first: 4, [Array("s1".utf8), Array("s2".utf8), Array("s1".utf8)]), .duplicatePhotoID("s1", first: nil, second: nil)),
            (definitions(first: 4, [Array("s1".utf8), Array("y".utf8), Array("s1".utf8)]), .duplicatePhotoID("s1", first: nil, second: nil)),
            (definitions(first: 4, [Array("y".utf8), Array("s1".utf8), Array("y".utf8)]), .duplicatePhotoID("y", first: nil, second: nil)),
            (definitions(first: 4, [Array("4".utf8), Array("4".utf8)]), .duplicatePhotoID("4", first: nil, second: nil)),
            (definitions(first: 4, [Array("s1".utf8), Array("3".utf8)]), .duplicatePhotoID("3", first: 2, second: nil)),
            (definitions(first: 4, [Array("s1".utf8), Array("s01".utf8), Array("s1".utf8)]), .duplicatePhotoID("s1", first: nil, second: nil)),
            (definitions(first: 4, [Array("s7".utf8)]) + definitions(first: 5, [Array("s8".utf8), Array("s7".utf8)]),
             .duplicatePhotoID("s7", first: 4, second: nil)),
            (definitions(first: 4, [Array("s1".utf8), [0xFF]]), .invalidUTF8),
        ]
        for (bad, kind) in cases {
            let bytes = base + bad
            Self.expectAgreement(bytes, "\(kind)")
            let outcome = Self.read(bytes, .init(keepsIDs: false))
            #expect(outcome.error?.kind == kind, "\(String(describing: outcome.error))")
            #expect(outcome.error?.message.hasPrefix("id definitions record: ") == true, "\(String(describing: outcome.error))")
            // Salvage skips the bad record whole: an id in it can be defined by a later one.
            let retry = base + bad + definitions(first: 4, [Array("y".utf8)])
            Self.expectAgreement(retry, "\(kind), then defined again")
        }
    }

    @Test func randomTracesAreReadAlike() {
        for seed in 0..<20 {
            let trace = BinaryTestTraces.random(seed: UInt64(seed), events: 300, photos: 40)
            Self.expectAgreement(trace.binaryEncoded(salt: 1, syncInterval: 16), "seed \(seed)")
        }
    }
}
