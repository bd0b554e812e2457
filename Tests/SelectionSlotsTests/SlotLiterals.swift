import SelectionSlots

/// Slots from plain integers, for readable expectations.
func slots(_ values: [Int]) -> [PhotoSlot] { values.map { PhotoSlot($0) } }
