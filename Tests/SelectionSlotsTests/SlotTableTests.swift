import SelectionSlots
import Testing

struct SlotTableTests {
    @Test func aCountedGridMapsSlotsToDecimalIds() {
        let table = SlotTable(countedPhotos: 10_000_000)
        #expect(table.count == 10_000_000)
        #expect(table.slot(for: "1") == PhotoSlot(0))
        #expect(table.slot(for: "10000000") == PhotoSlot(9_999_999))
        #expect(table.id(for: PhotoSlot(0)) == "1")
        #expect(table.id(for: PhotoSlot(9_999_999)) == "10000000")
        for id in ["0", "01", "+1", "-1", "", "10000001", "1e3", " 1", "1 ", "99999999999999999999", "١"] {
            #expect(table.slot(for: id) == nil, "\(id) is not one of the counted ids")
        }
    }

    @Test func explicitIdsGetSlotsInOrder() {
        var table = SlotTable(photos: .ids(["a", "b", "c"]))
        #expect(table.count == 3)
        #expect(table.slot(for: "b") == PhotoSlot(1))
        #expect(table.id(for: PhotoSlot(2)) == "c")
        #expect(table.slot(for: "d") == nil)
        let interned = table.intern("d")
        #expect(interned.slot == PhotoSlot(3) && interned.isNew)
        let again = table.intern("a")
        #expect(again.slot == PhotoSlot(0) && !again.isNew)
    }

    @Test func slotsAreNeverReused() {
        var table = SlotTable(countedPhotos: 3)
        // Ids that look like counted ones but are not, and ids past the count.
        let newIDs = ["4", "03", "x", "3 "]
        let slots = newIDs.map { table.intern($0).slot }
        #expect(slots == [PhotoSlot(3), PhotoSlot(4), PhotoSlot(5), PhotoSlot(6)])
        let counted = table.intern("2").slot
        let returning = table.intern("4").slot
        #expect(counted == PhotoSlot(1), "a counted id keeps its slot")
        #expect(returning == PhotoSlot(3), "an id that comes back keeps its slot")
        #expect(table.ids(for: (0..<7).map { PhotoSlot($0) }) == ["1", "2", "3", "4", "03", "x", "3 "])
        #expect(table.count == 7)
    }

    @Test func roundTripsForEveryKindOfId() {
        var table = SlotTable(photos: .count(1000))
        for id in ["α", "photo-1", "1000", "1001", "0", ""] { table.intern(id) }
        for index in 0..<table.count {
            let slot = PhotoSlot(index)
            #expect(table.slot(for: table.id(for: slot)) == slot)
        }
    }

    @Test func duplicatedExplicitIdsShareASlot() {
        let table = SlotTable(photos: .ids(["a", "b", "a"]))
        #expect(table.count == 2)
    }

    @Test func emptyTables() {
        #expect(SlotTable().count == 0)
        #expect(SlotTable(photos: .count(0)).slot(for: "1") == nil)
        #expect(SlotTable(photos: .ids([])).slot(for: "1") == nil)
    }
}

struct SlotTableSharingTests {
    @Test func aListWithoutRepeatsIsTakenAsItIs() {
        let list: PhotoIDTable = ["p", "q", "r"]
        var table = SlotTable(photos: .ids(list))
        #expect((0..<3).allSatisfy { table.slot(for: list[$0]) == PhotoSlot($0) })
        // Ids interned later go to the table's own part: the list is never changed.
        #expect(table.intern("s").slot == PhotoSlot(3))
        #expect(list.count == 3 && list.position(of: "s") == nil)
        #expect(table.ids(for: (0..<4).map { PhotoSlot($0) }) == ["p", "q", "r", "s"])
    }
}
