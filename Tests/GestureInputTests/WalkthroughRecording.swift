import Foundation
import GestureInput
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import TestSupport

/// The contextual walk-through (Traces/contextual-walkthrough.jsonl) performed with a finger on
/// the seed's grid, recorded through `PointerTraceRecorder`. Its output is checked in as
/// Traces/pointer/contextual-walkthrough.jsonl; set GRIDSIM_UPDATE_FIXTURES=1 to rewrite it.
///
/// The grid: 15 photos on a 393 × 500 pt viewport: 3 columns of 128.33 pt, pitch 132.33 pt, so
/// photo n sits in row (n-1)/3, column (n-1)%3, its centre at (64.17 + 132.33·column,
/// 64.17 + 132.33·row) in content coordinates.
enum WalkthroughRecording {
    static let setup = PointerSetup(viewport: GridViewport(size: ViewportSize(width: 393, height: 500)))

    static let header = TraceHeader.recording(
        photos: 15,
        scenario:
            "The contextual selection mode walk-through, performed with a finger: hold, tap others, deselect "
                + "everything and stay in the mode, Done, Select with nothing chosen, Delete. Raw pointer input "
                + "rides on each line; on the way, a scroll and a press that slid away resolve to nothing. The "
                + "last tap's finger comes down on photo 2 just before Delete (pressed with another finger in "
                + "the app bar) and lifts after it: the tap is bound to photo 2, which is gone, so it is "
                + "rejected as unknownPhoto, as in the semantic trace.")

    /// The two-layer trace's text, each line ending in a newline.
    static func text() -> String {
        var script = RecordingScript(header: header, setup: setup)

        // Hold photo 3 (row 0, column 2): the long press fires at 350 ms, finger still down.
        script.finger(0, .down(0, point(330, 62)))
        script.finger(120, .move(0, point(332, 65)))
        script.finger(520, .up(0, point(332, 65)))
        // Scroll the grid 60 pt by dragging: the press this drag starts fails at once.
        script.finger(560, .down(0, point(200, 420)))
        script.finger(580, .move(0, point(200, 390)))
        script.finger(580, .scroll(30))
        script.finger(600, .move(0, point(200, 360)))
        script.finger(600, .scroll(60))
        script.finger(610, .up(0, point(200, 360)))
        // Tap photo 5 (row 1, column 1; content y 196.5, on screen 136.5 while scrolled by 60).
        script.finger(640, .down(0, point(195, 137)))
        script.finger(700, .up(0, point(197, 138)))
        // Tap photo 8 (row 2, column 1; content y 328.83, on screen 268.83).
        script.finger(1010, .down(0, point(198, 270)))
        script.finger(1100, .up(0, point(198, 271)))
        // A press on photo 4 that slides 14 pt down: beyond the slop, and not sideways (which,
        // while selecting, would drag to select), so nothing.
        script.finger(1500, .down(0, point(64, 137)))
        script.finger(1600, .move(0, point(64, 151)))
        script.finger(1650, .up(0, point(64, 151)))
        // Scroll back to the top.
        script.finger(1700, .down(0, point(200, 200)))
        script.finger(1720, .move(0, point(200, 230)))
        script.finger(1720, .scroll(30))
        script.finger(1740, .move(0, point(200, 260)))
        script.finger(1740, .scroll(0))
        script.finger(1750, .up(0, point(200, 260)))
        // Tap 3, 5 (with a 4.9 pt wobble, within the slop) and 8: nothing left chosen.
        script.finger(1830, .down(0, point(327, 66)))
        script.finger(1900, .up(0, point(327, 66)))
        script.finger(2220, .down(0, point(195, 195)))
        script.finger(2260, .move(0, point(199.9, 195)))
        script.finger(2300, .up(0, point(197, 196)))
        script.finger(2610, .down(0, point(196, 330)))
        script.finger(2700, .up(0, point(196, 330)))
        script.app(3600, .done)
        // Browsing: tapping photo 6 opens it.
        script.finger(4130, .down(0, point(330, 198)))
        script.finger(4200, .up(0, point(330, 198)))
        script.app(5000, .select)
        script.app(5600, .delete)
        // Tap photos 2 and 4, then Delete them.
        script.finger(6010, .down(0, point(197, 63)))
        script.finger(6100, .up(0, point(197, 63)))
        script.finger(6420, .down(0, point(65, 196)))
        script.finger(6500, .up(0, point(65, 196)))
        script.finger(7150, .down(0, point(196, 64)))  // on photo 2, which Delete is about to remove
        script.app(7200, .delete)
        script.finger(7300, .up(0, point(196, 65)))  // the tap is bound to photo 2: gone, unknownPhoto
        return script.text()
    }

    static let checkedPath = trace("pointer/contextual-walkthrough.jsonl")

    static func trace(_ name: String) -> String { PackageRoot.appending("Traces/\(name)").path }
}
