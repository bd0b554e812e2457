import GridSimCLI
import Testing

@Suite("gridsim options: typed values and their defaults")
struct OptionReadingTests {
    @Test func anOptionDoesNotSwallowTheNextOptionAsItsValue() {
        let result = Captured.run("replay", "--at", "--json", Paths.trace("contextual-walkthrough.jsonl"))
        #expect(result.code == 64)
        #expect(result.err.hasPrefix("gridsim: error: option '--at' needs a value\n"))
    }

    @Test func aNegativeExploreSeedIsAUsageError() {
        let result = Captured.run("explore", "--seed", "-1")
        #expect(result.code == 64)
        #expect(result.err.hasPrefix("gridsim: error: option '--seed' needs a whole number; found '-1'\n"))
    }

    @Test func helpShowsTheDefaultsTheCommandsApply() {
        let explore = Captured.run("explore", "--help").out
        #expect(explore.contains("Grid sizes, e.g. 1K,10K,1M. (default: 1K,10K,100K,1M,10M)"))
        #expect(explore.contains("Time a cell may spend timing events. (default: 2)"))
        #expect(explore.contains("Largest grid the reference model runs on. (default: 1M)"))
        let replay = Captured.run("replay", "--help").out
        #expect(replay.contains("(one of: fast, reference; default: fast)"))
    }
}
