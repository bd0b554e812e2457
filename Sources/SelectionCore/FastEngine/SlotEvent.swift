import SelectionSlots

/// An event with its photos interned to slots: what the codec hands the fast engine.
///
/// Strings stay at the edge; a `SlotEvent` without a library change is 8 bytes of payload.
@_spi(GridSimInternals) public typealias SlotEvent = GridEvent<PhotoSlot>

extension SlotTable {
    /// The event with its ids interned. Ids never seen get new slots, which are not in the
    /// grid, so the engine rejects them as unknown as the reference model does.
    @_spi(GridSimInternals) public mutating func intern(_ event: Event) -> SlotEvent {
        event.mapPhotos { intern($0).slot }
    }

    /// The event with its slots turned back into ids.
    @_spi(GridSimInternals) public func event(for event: SlotEvent) -> Event {
        event.mapPhotos(id(for:))
    }
}
