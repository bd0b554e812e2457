import Foundation
import GestureInput
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// The drag to select scenario (Traces/drag-to-select.jsonl) performed with a finger on the
/// seed's grid, recorded through `PointerTraceRecorder`. Its output is checked in as
/// Traces/pointer/drag-to-select.jsonl; set GRIDSIM_UPDATE_FIXTURES=1 to rewrite it.
///
/// The grid is the walk-through's: 15 photos on 393 × 500 pt, 3 columns of 128.33 pt, pitch
/// 132.33 pt. Columns span x 0–128.33, 132.33–260.67 and 264.67–393; rows the same down from
/// y 0, so photo n is in row (n-1)/3, column (n-1)%3. The grid is never scrolled here.
enum DragRecording {
    static let setup = WalkthroughRecording.setup

    static let header = TraceHeader.recording(
        photos: 15,
        scenario:
            "Drag to select, performed with a finger: Select, then a finger slides sideways from photo 1 "
                + "across the first row, down two rows and back to photo 5, choosing 1 to 5. A drag from "
                + "photo 3 (chosen) unchooses 3, 2 and 1, then slides past its anchor to 4 and 5, giving 1 "
                + "and 2 back; sliding on to 9 changes nothing. A drag from 8 chooses 8 and 9, until the "
                + "library removes 9 while the finger is down: that ends the drag, so the finger's next "
                + "photo and its lift are ignored. Done; then, browsing, a sideways slide is a scroll and "
                + "a tap opens photo 4. Raw pointer input rides on each line; moves over gaps and within a "
                + "photo resolve to nothing.")

    /// The two-layer trace's text, each line ending in a newline.
    static func text() -> String {
        var script = RecordingScript(header: header, setup: setup)

        script.app(0, .select)
        // Down on photo 1, a wobble within the slop, then 16 pt sideways: the drag begins on 1.
        script.finger(400, .down(0, point(40, 60)))
        script.finger(440, .move(0, point(46, 61)))
        script.finger(470, .move(0, point(56, 62)))
        // Across the row: 2, the gap after it (nothing), 3.
        script.finger(520, .move(0, point(150, 64)))
        script.finger(540, .move(0, point(262, 65)))
        script.finger(600, .move(0, point(300, 66)))
        // Down two rows in the last column: 6, then 9 (the range is 1 … 9 in grid order).
        script.finger(680, .move(0, point(320, 150)))
        script.finger(760, .move(0, point(322, 300)))
        // Back to 5: 6 to 9 return to how they were; the lift keeps 1 to 5.
        script.finger(860, .move(0, point(200, 200)))
        script.finger(900, .up(0, point(200, 201)))
        // Down on photo 3, chosen, 12 pt to the left: a drag that unchooses.
        script.finger(1500, .down(0, point(300, 40)))
        script.finger(1560, .move(0, point(288, 42)))
        script.finger(1620, .move(0, point(200, 45)))
        script.finger(1700, .move(0, point(60, 45)))
        // Past the anchor into the next row: 4 and 5 are unchosen, 1 and 2 chosen again.
        script.finger(1800, .move(0, point(80, 180)))
        script.finger(1860, .move(0, point(200, 190)))
        // On to 9: 6 to 9 were not chosen, so nothing changes.
        script.finger(1950, .move(0, point(330, 330)))
        script.finger(2000, .up(0, point(330, 331)))
        // A drag from 8 onto 9; the library removes 9 while the finger is on it.
        script.finger(2600, .down(0, point(196, 330)))
        script.finger(2650, .move(0, point(212, 331)))
        script.finger(2700, .move(0, point(330, 332)))
        script.app(2800, .libraryChanged(removed: ["9"], inserted: []))
        // The drag has ended: the photo now under the finger (10) and the lift are ignored.
        script.finger(2900, .move(0, point(320, 335)))
        script.finger(3000, .up(0, point(320, 335)))
        script.app(3500, .done)
        // Browsing: the same sideways slide is a scroll, not a drag; then a tap opens photo 4.
        script.finger(4000, .down(0, point(60, 200)))
        script.finger(4050, .move(0, point(90, 202)))
        script.finger(4100, .up(0, point(90, 202)))
        script.finger(4150, .down(0, point(64, 196)))
        script.finger(4200, .up(0, point(65, 197)))
        return script.text()
    }

    static let checkedPath = WalkthroughRecording.trace("pointer/drag-to-select.jsonl")
}
