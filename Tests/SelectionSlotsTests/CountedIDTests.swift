import SelectionSlots
import Testing

/// A counted id read from its bytes names the slot `SlotTable` gives it, and nothing else is
/// taken for one: leading zeros, signs, letters, more digits than a count has, past the count.
struct CountedIDTests {
    @Test func countedIdsFollowTheSlotTableRule() {
        let table = SlotTable(countedPhotos: 1000)
        for id in ["1", "999", "1000", "1001", "0", "01", "+1", "-1", "", "1a", "s1", "12345678901", "9999999999"] {
            var utf8 = id
            utf8.withUTF8 { bytes in
                #expect(CountedID.slot(ofBytes: UnsafeRawBufferPointer(bytes), countedPrefix: 1000) == table.slot(for: id), "\(id)")
            }
        }
        var one = "1"
        one.withUTF8 { #expect(CountedID.slot(ofBytes: UnsafeRawBufferPointer($0), countedPrefix: 0) == nil) }
    }
}
