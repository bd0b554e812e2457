import GestureInput
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace

/// What a synthetic session is made of: the grid, where it is shown, the mix, the seed.
package struct SessionSettings: Hashable, Sendable {
    package var photoCount: Int
    package var setup: PointerSetup
    package var mix: WorkloadMix
    package var seed: UInt64
    /// How the grid's photos are named.
    package var ids: PhotoIDStyle
    /// The most photos that may be chosen (the picker's tray), or nil for none.
    package var limit: Int?

    package init(
        photoCount: Int, setup: PointerSetup = .phone, mix: WorkloadMix = .default, seed: UInt64,
        ids: PhotoIDStyle = .counted, limit: Int? = nil
    ) {
        self.photoCount = photoCount
        self.setup = setup
        self.mix = mix
        self.seed = seed
        self.ids = ids
        self.limit = limit
    }

    /// The trace header: photos `"1"` … `"N"` (or PhotoKit-style ids drawn from the seed), and
    /// the settings in `meta` so a trace says how it was made, `generator` first.
    package func header(layer: String, generator: String = "gridsim generate") -> TraceHeader {
        var meta: [(key: String, value: JSONValue)] = [
            (key: "generator", value: .string(generator)),
            (key: "layer", value: .string(layer)),
            (key: "seed", value: seed <= UInt64(Int.max) ? .integer(Int(seed)) : .string(String(seed))),
            (key: "mix", value: .string(mix.description)),
        ]
        let photos: PhotoList
        switch ids {
        case .counted:
            photos = .count(photoCount)
        case .photokit:
            photos = .ids(PhotoKitIDs.table(count: photoCount, seed: seed))
            meta.append((key: "ids", value: .string(ids.rawValue)))
        }
        return TraceHeader(photos: photos, limit: limit, meta: JSONObject(meta))
    }

    /// The grid as a session model that hands its events over by slot needs it: photos by
    /// count. A PhotoKit grid lists its ids in slot order, as a counted grid numbers them, and
    /// such a model names none of them, so its events are those of the listed grid and the
    /// ids can be drawn elsewhere (on another thread) meanwhile. O(1).
    var slotConfiguration: GridConfiguration {
        GridConfiguration(photos: .count(photoCount), limit: limit)
    }

    /// The session model's seed and the pointer synthesiser's, derived apart so that the
    /// semantic layer does not depend on the pointer layer's draws.
    var modelSeed: UInt64 { seed }
    var pointerSeed: UInt64 { seed ^ 0x5DEE_CE66_D1CE_5EED }
}
