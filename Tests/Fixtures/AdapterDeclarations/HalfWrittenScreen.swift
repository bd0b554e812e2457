// An adapter that claims the screen and implements only its title: it must not compile
// (ScreenExposing's requirements have no defaults). AdapterDeclarationTests type-checks it.
import GridSimKit

struct HalfWrittenScreen: PhotoGridAdapter, ScreenExposing {
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {}
    mutating func apply(_ event: Event) -> Step? { nil }
    var mode: Mode { .browsing }
    var chosenPhotos: [PhotoID] { [] }
    var photos: [PhotoID] { [] }
    var picks: [PhotoID] { [] }
    var title: String { "Long press a photo" }
}
