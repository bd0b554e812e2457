@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import Testing

import GestureInput
@testable import SyntheticSessions

/// The semantic writer names photos from their slots, with no string built: its bytes are
/// those of the events `next()` gives, encoded by `TextTraceEncoding`, whatever the ids.
@Suite("Session event lines")
struct SessionEventLineTests {
    /// Two models of the same grid and seed: one gives steps with ids, the other writes lines.
    static func expectLinesMatch(_ photos: PhotoList, seed: UInt64, events: Int) {
        let configuration = GridConfiguration(photos: photos)
        let mix = WorkloadMix([.sync: 3, .burst: 2, .delete: 1, .selectAll: 1, .press: 1])
        var named = SessionModel(configuration: configuration, setup: .phone, mix: mix, seed: seed)
        var written = SessionModel(configuration: configuration, setup: .phone, mix: mix, seed: seed)
        var replay = FastEngine(configuration: configuration)
        var expected: [UInt8] = []
        let block = LineBlock(capacity: 1024)
        var made = 0
        while made < events {
            guard let event = named.next().event else { continue }
            made += 1
            TextTraceEncoding.append(event, to: &expected)
            #expect(replay.apply(event.event).outcome.reason != .duplicatePhoto, "seed \(seed), event \(made)")
            let (t, slotEvent) = written.nextEvent()
            var line = block.cursor(atMost: written.maximumLineLength(slotEvent))
            written.writeLine(t: t, slotEvent, to: &line)
            block.commit(line)
        }
        #expect(block.withBytes { Array($0) } == expected, "seed \(seed)")
    }

    @Test func countedAndPoolIdsAreWrittenAsTheirStrings() {
        for seed: UInt64 in 0..<4 { Self.expectLinesMatch(.count(300), seed: seed, events: 3000) }
    }

    @Test func listedIdsAreCopiedOrEscaped() {
        // PhotoKit-style ids are copied as they are; ids with a quote, a backslash or a control
        // character are escaped; a listed "s3" is the photo the pool's s3 would name.
        var ids = Array(PhotoKitIDs.table(count: 200, seed: 5))
        ids += ["quote\"d", "back\\slash", "tab\there", "s3", "s0", "s03", "ünïcödé"]
        for seed: UInt64 in 0..<4 { Self.expectLinesMatch(.ids(PhotoIDTable(ids)), seed: seed, events: 3000) }
    }
}
