import Foundation
import GestureInput
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// Drag to select in the picker with a limit (Traces/drag-to-select-limit.jsonl) performed
/// with a finger, recorded through `PointerTraceRecorder`, checked in as
/// Traces/pointer/drag-to-select-limit.jsonl (GRIDSIM_UPDATE_FIXTURES=1 rewrites it). The
/// tray's remove button is an app event, like the app bar's buttons: it has no raw input.
///
/// 12 photos, a limit of 4, on the walk-through's 393 × 500 pt grid (3 columns, pitch 132.33
/// pt; the fourth row, photos 10 to 12, is partly on screen).
enum TrayDragRecording {
    static let header = TraceHeader.recording(
        photos: 12, limit: 4,
        scenario:
            "Drag to select with a limit of 4, performed with a finger: hold photo 2, then drag from 5 "
                + "across to 6 and down to 9 (7 is chosen, the limit keeps 8 and 9 out), on to 12 (nothing "
                + "more: limitReached) and back to 6 (7 returns). The tray's remove button takes 5 out, "
                + "then refuses it (notInTray). Taps fill the tray to 4; a drag from an unchosen photo is "
                + "refused (limitReached) and the rest of that slide is ignored; a drag from 6 (chosen) up "
                + "to 3 unchooses 6 and 3. Share covers the grid: the remove button is refused; after "
                + "Dismiss it removes 2; Back leaves the mode, and browsing, the remove button finds "
                + "nothing in the tray.")

    /// The two-layer trace's text, each line ending in a newline.
    static func text() -> String {
        var script = RecordingScript(header: header, setup: WalkthroughRecording.setup)

        // Hold photo 2: the long press fires at 350 ms; the lift rides on the next line.
        script.finger(0, .down(0, point(196, 64)))
        script.finger(500, .up(0, point(196, 64)))
        // Down on 5, 14 pt sideways: a drag that chooses; onto 6, then down to 9 and 12.
        script.finger(1000, .down(0, point(180, 190)))
        script.finger(1060, .move(0, point(194, 191)))
        script.finger(1120, .move(0, point(320, 195)))
        script.finger(1200, .move(0, point(330, 320)))
        script.finger(1280, .move(0, point(330, 450)))
        // Back to 6: 7 returns to unchosen; the lift keeps 2, 5 and 6.
        script.finger(1360, .move(0, point(300, 200)))
        script.finger(1400, .up(0, point(300, 200)))
        script.app(2000, .removeFromTray("5"))
        script.app(2300, .removeFromTray("5"))
        // Tap 11 and 3: the tray is full.
        script.finger(2600, .down(0, point(196, 455)))
        script.finger(2680, .up(0, point(196, 455)))
        script.finger(2900, .down(0, point(328, 64)))
        script.finger(2980, .up(0, point(328, 64)))
        // A drag from 10, not chosen, with the tray full: refused; the slide on to 11 and the
        // lift find no drag in progress.
        script.finger(3400, .down(0, point(60, 455)))
        script.finger(3460, .move(0, point(74, 456)))
        script.finger(3520, .move(0, point(200, 456)))
        script.finger(3560, .up(0, point(200, 456)))
        // A drag from 6, chosen, up the last column to 3: it unchooses 6 and 3.
        script.finger(4000, .down(0, point(330, 200)))
        script.finger(4060, .move(0, point(316, 202)))
        script.finger(4150, .move(0, point(320, 60)))
        script.finger(4250, .up(0, point(320, 60)))
        script.app(4600, .share)
        script.app(4900, .removeFromTray("2"))
        script.app(5200, .dismiss)
        script.app(5500, .removeFromTray("2"))
        script.app(5800, .back)
        script.app(6100, .removeFromTray("11"))
        return script.text()
    }

    static let checkedPath = WalkthroughRecording.trace("pointer/drag-to-select-limit.jsonl")
}
