import Foundation
import GridSimCLI
import Testing

/// `gridsim mutants`: the catalogue of planted bugs hunted by the properties.
@Suite("gridsim mutants")
struct MutantsCommandTests {
    @Test func oneBugIsFoundAndItsLineSaysByWhatAndHowSmall() {
        let result = Captured.run("mutants", "--bug", "drag-ignores-limit")
        #expect(result.code == 0, "\(result.out)\(result.err)")
        #expect(
            result.out.range(
                of: #"^found   drag-ignores-limit  by invariants at case \d+ \(seed 0x[0-9a-f]+\), shrunk to \d events, step \d+\n"#,
                options: .regularExpression) != nil, "\(result.out)")
        #expect(result.out.contains("1 of 1 found in "))
        #expect(result.err.contains("mutants: 1 bugs, at most 500 cases each, seed 0x7ea\n"))
    }

    @Test func aBugNoCaseCanShowIsMissedAndTheExitCodeSaysSo() {
        // Traces without events show no bug.
        let result = Captured.run("mutants", "--bug", "limit-off-by-one", "--max-events", "0", "--cases", "3")
        #expect(result.code == 1)
        #expect(result.out.hasPrefix("MISSED  limit-off-by-one  no property failed in 3 cases\n"), "\(result.out)")
        #expect(result.out.contains("0 of 1 found"))
    }

    @Test func showTracesPrintsTheShrunkTraceThatReplays() throws {
        let result = Captured.run("mutants", "--bug", "drag-forgets-base", "--show-traces", "--seed", "11")
        #expect(result.code == 0, "\(result.out)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.count >= 4)
        #expect(lines[1].hasPrefix(#"{"trace":"photo-grid-selection""#))
        #expect(result.out.contains(#""event":"dragMoved""#))
        #expect(result.out.contains(#""event":"dragBegan""#))
    }

    @Test func helpListsTheCatalogueAndBadFlagsAreUsageErrors() {
        let help = Captured.run("mutants", "--help")
        #expect(help.code == 0)
        #expect(help.out.contains("USAGE: gridsim mutants"))
        #expect(help.out.contains("--cases <n>"))
        #expect(help.out.contains("drag-walks-from-far-end"))
        #expect(help.out.contains("from photo picker issue trackers: the selection shifts to other photos"))
        #expect(Captured.run("mutants", "--seed", "zebra").code == 64)
        #expect(Captured.run("mutants", "--bug", "no-such-bug").code == 64)
        #expect(Captured.run("mutants", "--cases", "0").code == 64)
        #expect(Captured.run("--help").out.contains("  mutants     "))
    }
}
