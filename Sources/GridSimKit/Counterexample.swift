@_spi(GridSimInternals) import SelectionTrace

/// The failure of a property run: the generated trace on which the adapter first differs
/// from the reference model, shrunk, with the seed that reproduces it.
///
/// Its description is what a failing test prints: the difference, the sizes before and after
/// shrinking, where the shrunk trace and its page were written and how to replay it, the one
/// line that runs the case again, and the shrunk trace itself.
public struct Counterexample: Error, Sendable, CustomStringConvertible {
    /// The adapter's type name.
    public var adapterName: String
    /// Which case of the run failed (0-based), of how many.
    public var caseIndex: Int
    public var cases: Int
    /// The seed of the failing case: `PropertyRun(seed:)` with it checks this case first.
    public var seed: UInt64
    /// The generated trace (with none of the events the adapter does not handle), before shrinking.
    public var original: Trace
    /// The difference on the original trace.
    public var originalMismatch: AdapterMismatch
    /// The smallest trace found that still fails, its header's `meta` naming the failure.
    public var shrunk: Trace
    /// The difference on the shrunk trace.
    public var mismatch: AdapterMismatch
    /// Comparisons the shrinker ran.
    public var shrinkChecks: Int
    /// The file the shrunk trace was written to, if a folder was given and the write worked.
    public var writtenTo: String?
    /// The view page of the shrunk trace beside it (`NAME.html`): the adapter's steps and state
    /// beside the reference model's, opening at the first step where they differ.
    public var pageWrittenTo: String?
    /// Why the shrunk trace or its page could not be written, if it could not.
    public var writeError: String?

    public var description: String {
        var lines = [
            "\(adapterName) differs from the reference model on case \(caseIndex + 1) of \(cases) (seed \(seed))",
            "  at \(mismatch)",
            "  shrunk from \(Self.size(of: original)) to \(Self.size(of: shrunk)) (\(shrinkChecks) checks)",
        ]
        if let writtenTo {
            lines.append("  shrunk trace: \(writtenTo)")
            lines.append("  replay it: " + GridSimCheckout.replayCommand(writtenTo))
        }
        if let pageWrittenTo {
            lines.append("  see both sides: \(pageWrittenTo) (opens at step \(mismatch.step), the difference marked)")
        }
        if let writeError { lines.append("  " + writeError) }
        lines.append("  run this case again: \(PropertyRun.seedVariable)=\(seed) swift test --filter <this test>")
        lines.append("  the shrunk trace:")
        lines += shrunk.text.split(separator: "\n").map { "    " + $0 }
        return lines.joined(separator: "\n")
    }

    /// `3 events over 1 photo`
    private static func size(of trace: Trace) -> String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return counted(trace.events.count, "event") + " over " + counted(trace.header.photos.count, "photo")
    }
}
