import Foundation
import GridSimKit
import SeedGridBugs
import Testing

/// The positional-selection bug found twice: in-process by the kit, and by `gridsim differ` and
/// `gridsim conform` driving `seedgrid-adapter --bug positional` over the line protocol. Both
/// must report the same findings: the same failing case, the same shrunk trace, the same
/// difference, and the same failing conformance cases.
@Suite("The same findings in-process and through the protocol")
struct SameFindingsTests {
    @Test func differFindsAndShrinksWhatThePropertyRunDoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seedgrid-same-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let inProcess = try #require(throws: PropertyRunFailure.self) {
            try PropertyRun(cases: 300, counterexamples: folder.appendingPathComponent("kit").path, environment: [:])
                .check(PositionalAdapter.self)
        }
        guard case .counterexample(let expected) = inProcess else {
            Issue.record("expected a counterexample, got \(inProcess)")
            return
        }
        let protocolFolder = folder.appendingPathComponent("protocol")
        let run = try GridSimRun.run([
            "differ", "--adapter", "\(try AdapterProcess.executable().path) --bug positional", "--counterexamples",
            protocolFolder.path,
        ])
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("(seed \(expected.seed))"), "\(run.output)")
        #expect(run.output.contains("  at \(expected.mismatch)"), "\(run.output)")
        #expect(run.output.contains("shrunk from \(expected.original.events.count) to \(expected.shrunk.events.count) events"))
        let written = try FileManager.default.contentsOfDirectory(atPath: protocolFolder.path)
            .filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".requests.jsonl") && !$0.hasSuffix(".expected.jsonl") }
        try #require(written.count == 1, "\(written)")
        let shrunk = try Trace(contentsOfFile: protocolFolder.appendingPathComponent(written[0]).path)
        #expect(shrunk.events == expected.shrunk.events)
        // The same grid, limit and start: the headers differ only in `meta`, which names the
        // adapter as each side knows it.
        func grid(_ trace: Trace) -> Substring {
            let header = trace.text.prefix { $0 != "\n" }
            return header.range(of: #","meta""#).map { header[..<$0.lowerBound] } ?? header
        }
        #expect(grid(shrunk) == grid(expected.shrunk))
    }

    @Test func conformFailsTheCasesTheKitFails() throws {
        let inProcess = Set(
            ConformanceCase.all(for: PositionalAdapter.self).filter { (try? $0.check(PositionalAdapter.self)) == nil }
                .map(\.description))
        #expect(!inProcess.isEmpty)
        let run = try GridSimRun.run(["conform", "--adapter", "\(try AdapterProcess.executable().path) --bug positional"])
        #expect(run.status == 1, "\(run.output)")
        // Cases compared with the reference model, as the kit compares them; `conform` also
        // compares the scenario traces with their reports, which the kit's `all(for:)` does not.
        let throughProtocol = Set(
            run.output.split(separator: "\n").filter { $0.hasPrefix("FAIL  ") && $0.contains("(expected: the reference model)") }
                .compactMap { line in line.dropFirst("FAIL  ".count).components(separatedBy: " fails at ").first })
        #expect(throughProtocol == inProcess)
    }
}

/// `gridsim` (GridSim's debug build, as the kill test finds it) run with `arguments`.
struct GridSimRun {
    let status: Int32
    let output: String

    static func run(_ arguments: [String]) throws -> GridSimRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try GridSimCheck.built())
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return GridSimRun(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
