// The same adapter with the whole screen: it compiles, so that the half-written one fails for
// what it leaves out and nothing else. AdapterDeclarationTests type-checks it.
import GridSimKit

struct WholeScreen: PhotoGridAdapter, ScreenExposing {
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {}
    mutating func apply(_ event: Event) -> Step? { nil }
    var mode: Mode { .browsing }
    var chosenPhotos: [PhotoID] { [] }
    var photos: [PhotoID] { [] }
    var picks: [PhotoID] { [] }
    var title: String { "Long press a photo" }
    var toolbar: Toolbar? { nil }
    var trayCounter: String? { nil }
    func accessibilityValue(for photo: PhotoID) -> String { "" }
}
