import Foundation
@_spi(GridSimInternals) import SelectionTrace

/// Where GridSim's scenario traces are: `Traces/` at the root of GridSim's checkout.
///
/// Found from this file's own path (`#filePath`), not through resources: a package that
/// depends on GridSim, by path or by URL, builds it from a checkout of the whole repository,
/// so the folder is there beside the sources, and new scenarios are picked up without a
/// rebuild of resource bundles. (SwiftPM resources must sit inside the target's folder, and
/// `Traces/` is shared with the command line and GridSim's own tests.)
enum ScenarioTraces {
    static var directory: URL {
        GridSimCheckout.root.appendingPathComponent("Traces", isDirectory: true)
    }
}

/// The checkout of GridSim this kit was built from, found as `ScenarioTraces` finds `Traces/`:
/// a package that depends on GridSim has no `gridsim` on its path, but it has this checkout.
enum GridSimCheckout {
    static var root: URL {
        URL(fileURLWithPath: #filePath)  // …/Sources/GridSimKit/ScenarioTraces.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The command that replays `tracePath` step by step from any directory, through the
    /// checkout's own `gridsim`: `swift run --package-path /…/GridSim gridsim replay /…/trace.jsonl`.
    static func replayCommand(_ tracePath: String) -> String {
        "swift run --package-path \(shellQuoted(root.path)) gridsim replay \(shellQuoted(tracePath))"
    }

    /// `path` as a shell reads it back: as it is when it holds only safe characters, else in
    /// single quotes.
    static func shellQuoted(_ path: String) -> String {
        let safe = path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+,:=@".contains($0)) }
        return safe && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension ConformanceCase {
    /// One case per `NAME.jsonl` directly in `directory` (your bug reports, say), in name order.
    ///
    /// With `.referenceModel`, each trace is compared with the reference model; with
    /// `checkedReports: true`, with its `NAME.report.json` beside it instead (a trace
    /// without one fails, saying so). A trace that does not parse becomes a case that fails
    /// with the reader's error (`FILE:LINE: what is wrong`); a missing folder, one such case.
    public static func traces(in directory: String, checkedReports: Bool = false) -> [ConformanceCase] {
        traces(in: directory, requiringReports: false, checkedReports: checkedReports)
    }

    static func traces(in directory: String, requiringReports: Bool, checkedReports: Bool = false)
        -> [ConformanceCase]
    {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            return [
                ConformanceCase(
                    name: folder.lastPathComponent, source: .trace(path: folder.path), trace: emptyTrace,
                    problem: "cannot list the trace folder \(folder.path): \(error.localizedDescription)")
            ]
        }
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().compactMap { file in
            let name = String(file.dropLast(".jsonl".count))
            let path = folder.appendingPathComponent(file).path
            let reportPath = folder.appendingPathComponent(name + ".report.json").path
            let hasReport = FileManager.default.fileExists(atPath: reportPath)
            if requiringReports && !hasReport { return nil }
            let expectation: Expectation = checkedReports ? .checkedReport(path: reportPath) : .referenceModel
            do {
                let trace = try Trace(contentsOfFile: path)
                return ConformanceCase(
                    name: name, source: .trace(path: path), expectation: expectation, trace: trace)
            } catch {
                return ConformanceCase(
                    name: name, source: .trace(path: path), expectation: expectation, trace: emptyTrace,
                    problem: Self.describe(error, reading: path))
            }
        }
    }

    /// `FILE:LINE: what is wrong`, as the command line reports a malformed trace.
    private static func describe(_ error: any Error, reading path: String) -> String {
        guard let error = error as? TraceError else { return "\(error)" }
        return error.inFile(path).description
    }

    private static var emptyTrace: Trace { Trace(header: TraceHeader(photos: .count(0)), events: []) }
}
