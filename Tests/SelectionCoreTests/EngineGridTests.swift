@_spi(GridSimInternals) import SelectionCore
import Testing

/// The grid an engine is given.
struct EngineGridTests {
    @Test func anEngineOfAListWithRepeatsKeepsTheFirstOfEach() {
        let engine = FastEngine(configuration: GridConfiguration(photos: .ids(["a", "b", "a", "c"])))
        #expect(engine.photos == ["a", "b", "c"])
        #expect(engine.photoCount == 3)
    }
}
