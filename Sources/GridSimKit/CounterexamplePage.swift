import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay
import TraceView

/// The view page of a trace an adapter fails on (`gridsim view`'s page, from TraceView), with
/// the adapter's side beside the reference model's: what each reported for every step and
/// what each held after it, opening at the first step where they differ, the difference marked.
///
/// The comparison replays the trace into a new adapter and the reference model in lockstep, as
/// a property run does, and stops at the first difference: the adapter is sent no event it was
/// not sent in the check (a shrunk counterexample ends there anyway). Both sides are written
/// plainly, ids as strings: O(steps × (chosen + tray) + grid changes × photos) bytes, a few
/// kilobytes for a shrunk counterexample, on top of the page's 55 KB of markup, style and script.
package enum CounterexamplePage {
    /// The page of `trace`, its heading naming `fileName`. O(events × photos).
    static func html<Adapter: PhotoGridAdapter>(of trace: Trace, fileName: String, _ adapter: Adapter.Type) throws
        -> [UInt8]
    {
        let comparison = comparison(of: trace, adapter)
        var options = ViewTimeline.Options()
        options.name = fileName
        options.initialStep = comparison.firstDifference ?? 0
        options.comparison = comparison
        let timeline = try ViewTimeline(source: ReplaySource(trace), options: options)
        return ViewPage.html(title: fileName, data: timeline.json.bytes)
    }

    /// Writes the page of `trace` to `path` (replacing what is there), its heading naming
    /// `traceName` (the trace's file beside it), else the page's own file.
    package static func write<Adapter: PhotoGridAdapter>(
        of trace: Trace, to path: String, traceName: String? = nil, _ adapter: Adapter.Type
    ) throws {
        let page = try html(of: trace, fileName: traceName ?? (path as NSString).lastPathComponent, adapter)
        try Data(page).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Both sides at every step up to the first where they differ (all steps when they
    /// agree). O(events × photos).
    static func comparison<Adapter: PhotoGridAdapter>(of trace: Trace, _ adapter: Adapter.Type) -> ViewComparison {
        var lockstep = Lockstep<Adapter>(trace: trace)
        var rows = [row(lockstep, expected: nil, actual: nil, lockstep.initialMismatches())]
        for traceEvent in trace.events where rows.last!.differences.isEmpty {
            let pair = lockstep.step(traceEvent.event)
            rows.append(row(lockstep, expected: pair.expected, actual: pair.actual, pair.mismatches))
        }
        return ViewComparison(
            expectedName: "the reference model", actualName: Adapter.adapterName,
            notCompared: Lockstep<Adapter>.notCompared, rows: rows)
    }

    /// Both sides as they are now, after a step that reported `expected` and `actual` (nil
    /// before any event).
    private static func row<Adapter: PhotoGridAdapter>(
        _ lockstep: Lockstep<Adapter>, expected: Step?, actual: Step?, _ mismatches: [AdapterMismatch]
    ) -> ViewComparison.Row {
        let reference = lockstep.reference
        let adapter = lockstep.adapter
        let exposes = lockstep.exposes
        let hasTray = reference.limit != nil
        let expectedSide = ViewComparison.Side(
            report: expected.map { report($0, Adapter.self) }, mode: "\(reference.mode)", title: reference.title,
            chosen: reference.chosenPhotos, grid: reference.photos, tray: hasTray ? reference.picks : nil,
            sheet: Lockstep<Adapter>.describe(reference.sheet))
        let actualSide = ViewComparison.Side(
            report: actual.map { report($0, Adapter.self) }, mode: "\(adapter.mode)", title: exposes.contains(.screen) ? adapter.exposedScreen?.title : nil,
            chosen: adapter.chosenPhotos, grid: adapter.photos, tray: hasTray ? adapter.picks : nil,
            sheet: exposes.contains(.sheet) ? Lockstep<Adapter>.describe(adapter.exposedSheet) : nil)
        return ViewComparison.Row(
            expected: expectedSide, actual: actualSide,
            differences: mismatches.map { .init(part: $0.part.description, expected: $0.expected, actual: $0.actual) })
    }

    private static func report<Adapter: PhotoGridAdapter>(_ step: Step, _ adapter: Adapter.Type) -> ViewComparison.StepReport {
        ViewComparison.StepReport(
            outcome: Lockstep<Adapter>.describe(step.outcome), effects: Lockstep<Adapter>.describe(step.effects),
            announcements: step.announcements.map(\.text))
    }
}
