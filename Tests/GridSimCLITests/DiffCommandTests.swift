import Foundation
import GridSimCLI
import TestSupport
import Testing

/// `gridsim diff` streams its trace: the same diff from text and binary, either order of the
/// steps, and a malformed trace is refused wherever it is broken.
@Suite("gridsim diff, streamed")
struct DiffCommandTests {
    @Test(arguments: try Paths.scenarioTraces())
    func aBinaryTraceGivesTheDiffOfItsText(_ name: String) throws {
        let text = Paths.trace(name)
        let binary = try ScratchDirectory.make("diff").appendingPathComponent("trace.gstrace").path
        #expect(Captured.run("convert", text, binary).code == 0)
        for steps in [["--from", "2", "--to", "9"], ["--from", "1"], ["--to", "4", "--json"]] {
            let fromText = Captured.run(["diff", text] + steps)
            #expect(fromText.code == 0)
            #expect(!fromText.out.isEmpty)
            #expect(Captured.run(["diff", binary] + steps).out == fromText.out, "\(steps)")
        }
    }

    @Test func anEarlierToStepDiffsBackwards() {
        let path = Paths.trace("grid-photos-disappear.jsonl")
        let backwards = Captured.run("diff", path, "--from", "9", "--to", "4")
        #expect(backwards.code == 0)
        #expect(
            backwards.out == """
                from step 9 to step 4
                selection: 2 chosen, 0 unchosen
                  chosen:   5, 11
                grid: 12 -> 12 photos; 3 deleted, 3 inserted, 0 moved
                  deleted:  n4 (at 0), n1 (at 1), n3 (at 11)
                  inserted: 1 (at 0), 5 (at 4), 11 (at 10)

                """)
    }

    @Test func aMalformedLineAfterTheLaterStepIsStillAnError() throws {
        let good = try String(contentsOfFile: Paths.trace("contextual-walkthrough.jsonl"), encoding: .utf8)
        let path = try Paths.temporaryFile(good + "{\"event\":\"nudge\"}\n")
        let lines = good.split(separator: "\n").count
        let result = Captured.run("diff", path, "--from", "1", "--to", "2")
        #expect(result.code == 65)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("\(path):\(lines + 1):"))
        // A step that is not a number is refused only once the trace is known to be sound.
        #expect(Captured.run("diff", path, "--from", "x").code == 65)
        #expect(Captured.run("diff", Paths.trace("contextual-walkthrough.jsonl"), "--from", "x").code == 64)
    }
}
