import CommandLineKit
import Foundation
import GestureInput
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing
@testable import BenchmarkKit
@testable import GridSimBenchmarks
import SyntheticSessions

/// The `commands` suite: its cases, the roles that make the gate judge a command's time, the
/// injection that slows a command down, and what keeps its allocation counts exact.
@Suite("The commands suite", .serialized)
struct CommandsSuiteTests {
    let context = SuiteContext(injection: .none, replayEvents: 20_000)

    @Test("command-pass is a word of the injection variable, alone or with the others")
    func injectionWord() {
        let parsed = Injection(environmentValue: "command-pass")
        #expect(parsed == Injection(extraPass: false, extraAllocation: false, commandPass: true))
        #expect(parsed?.isActive == true)
        #expect(parsed?.label == "command-pass")
        #expect(Injection(environmentValue: "extra-pass,command-pass")?.label == "extra-pass,command-pass")
        #expect(Injection(environmentValue: "command-passes") == nil)
    }

    @Test("a case per command at each quick size and at 100K and 1M, none at 10M")
    func cases() {
        for size in [1_000, 10_000, 100_000, 1_000_000] {
            let ids = CommandsSuite.cases(size: size, context: context) { _ in true }.map(\.id)
            let label = GridSizeFormat.label(size)
            #expect(ids == ["check", "replay", "inspect", "convert", "generate"].map { "commands/\(label)/\($0)" })
        }
        #expect(CommandsSuite.cases(size: 10_000_000, context: context) { _ in true }.isEmpty)
    }

    @Test("the anchor is the engine kernel; every command's time ratio is gated")
    func roles() throws {
        let benchmarkCase = try #require(CommandsSuite.cases(size: 1_000, context: context) { _ in true }.first)
        #expect(benchmarkCase.anchor == CommandsSuite.kernelName)
        #expect(benchmarkCase.subjects.first { $0.name == CommandsSuite.kernelName }?.role == .engine)
        let commands = benchmarkCase.subjects.filter { $0.role == .command }
        #expect(!commands.isEmpty)
        #expect(commands.allSatisfy { $0.role.isTimeGated && !$0.role.isPeer })
        #expect(SubjectRole.command.rawValue == "command")
    }

    @Test("each command and the kernel go through every event of the trace", arguments: ["check", "replay", "inspect", "convert", "generate"])
    func resultsAgree(command: String) throws {
        let benchmarkCase = try #require(
            CommandsSuite.cases(size: 1_000, context: context) { $0 == "commands/1K/\(command)" }.first)
        defer { benchmarkCase.finish() }
        var results: [ResultFingerprint] = []
        for subject in benchmarkCase.subjects {
            let operation = subject.prepare()
            operation.resetBeforeSample?()
            operation.perform(1)
            results.append(try #require(operation.result()))
        }
        #expect(results.count == 2)
        #expect(results.allSatisfy { $0.isSameResult(as: results[0]) })
        if command == "check" { #expect(results[1].summary.contains("properties hold")) }
    }

    @Test("the commands that read a path remove their trace file once their case is done")
    func temporaryFile() throws {
        var path = ""
        do {
            let file = TemporaryTraceFile(Array("{}\n".utf8), suffix: ".jsonl")
            path = file.path
            #expect(FileManager.default.fileExists(atPath: path))
        }
        #expect(!path.isEmpty && !FileManager.default.fileExists(atPath: path))
    }

    @Test("the generated trace names ids the header does not list, and a fresh engine knows them")
    func addedIDs() {
        let trace = CommandsTrace(photoCount: 1_000, eventCount: 400)
        #expect(trace.events.count == 400)
        #expect(trace.header.photos.count == 1_000)
        #expect(!trace.addedIDs.isEmpty)
        let engine = trace.freshEngine()
        #expect(engine.slots.count == 1_000 + trace.addedIDs.count)
        #expect(Set(trace.addedIDs).count == trace.addedIDs.count)
        #expect(trace.addedIDs.allSatisfy { (engine.slots.slot(for: $0)?.index ?? 0) >= 1_000 })
    }

    @Test("interning PhotoKit ids allocates the same whatever the process's hash seed")
    func allocationsIndependentOfSeed() throws {
        let counter = try #require(AllocationCounter.callingThread())
        let ids = Array(PhotoKitIDs.table(count: 10_000, seed: CommandsSuite.seed))
        func allocations(seed: UInt64) -> UInt64 {
            let hasher = PhotoIDHasher(seed: seed)
            return leastAllocations(5) {
                counter.measure {
                    var table = PhotoIDTable(hasher: hasher)
                    for id in ids { _ = table.insert(id) }
                    blackHole(table)
                }
            }
        }
        let counts = [1, 2, 0xDEAD_BEEF, .max].map(allocations(seed:))
        #expect(counts.allSatisfy { $0 == counts[0] })
        #expect(counts[0] > 0)
    }

    @Test("running each command twice makes the comparison exit 2")
    func commandPass() throws {
        let directory = try ScratchDirectory.make("bench-commands").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = [
            "--allow-debug", "--quick", "--quiet", "--filter", "commands/1K/check", "--case-seconds", "0.3",
            "--baseline-dir", directory,
        ]
        #expect(bench(arguments + ["--save-baseline", "gate"]).code == 0)
        let injected = bench(arguments + ["--compare", "gate"], inject: "command-pass")
        #expect(injected.code == ExitCode.regression.rawValue)
        // The second run allocates as much again: the exact count doubles.
        #expect(injected.output.split(separator: "\n").contains {
            $0.hasPrefix("regression") && $0.contains("gridsim check") && $0.contains("allocations/op")
        })
    }

    func bench(_ arguments: [String], inject: String? = nil) -> (code: Int32, output: String) {
        runBench(arguments, inject: inject)
    }
}

/// The least of a few counts: another thread may share the calling thread's arena, which can
/// only add to a count.
private func leastAllocations(_ attempts: Int, _ measure: () -> AllocationDelta) -> UInt64 {
    (0..<attempts).map { _ in measure().allocations }.min() ?? 0
}
