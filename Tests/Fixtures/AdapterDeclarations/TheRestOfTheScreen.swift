// What HalfWrittenScreen leaves out: type-checked with it, the adapter compiles, so that it
// fails alone for what it leaves out and nothing else. AdapterDeclarationTests type-checks it.
import GridSimKit

extension HalfWrittenScreen {
    var toolbar: Toolbar? { nil }
    var trayCounter: String? { nil }
    func accessibilityValue(for photo: PhotoID) -> String { "" }
}
