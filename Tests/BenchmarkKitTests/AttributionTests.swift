import Foundation
import Testing
import TestSupport
@testable import BenchmarkKit

/// Callgrind's per-function output read whole, and a change of the exact gate attributed to
/// the functions that made it, in tables and in a differential call graph.
@Suite("Exact gate: attribution to functions")
struct AttributionTests {
    /// A counted region (10 instructions of its own) calling a loop, which inlines code of
    /// another file, calls the runtime's `swift_retain` 4 times and `burn` twice; `extra`,
    /// when given, is a function the loop calls once more.
    static func output(burn: Int = 600, extra: Int? = nil) -> String {
        let loop = 190 + 200 + burn + (extra ?? 0)
        var text = """
            # callgrind format
            version: 1
            creator: callgrind-3.19.0
            positions: line
            events: Ir Dr
            summary: \(10 + loop) 10

            ob=(1) /build/gridsim-bench
            fl=(1) /src/Region.swift
            fn=(1) $s28gridsim_bench_counted_region4TestTf1c_n
            5 10
            cfn=(2) $s4Test4loopyyF
            calls=1 0
            +1 \(loop)

            fn=(2)
            10 100
            fi=(2) /src/Inlined.swift
            3 50
            fe=(1)
            12 40
            cob=(2) /lib/libswiftCore.so
            cfi=(3) ???
            cfn=(3) swift_retain
            calls=4 0
            * 200
            cfn=(4) $s4Test4burnyyF
            calls=2 0
            -2 \(burn)

            """
        if let extra {
            text += """
                cfn=(5) $s4Test5extrayyF
                calls=1 0
                * \(extra)

                """
        }
        text += """
            ob=(2)
            fl=(3)
            fn=(3)
            0 200

            ob=(1)
            fl=(1)
            fn=(4)
            30 \(burn)

            """
        if let extra {
            text += """
                fn=(5)
                40 \(extra)

                """
        }
        return text + "totals: \(10 + loop) 10\n"
    }

    @Test("self and inclusive cost per function, calls, objects and first lines; inlined files count to their function")
    func parsesFunctions() throws {
        let profile = try CallProfile(parsing: Self.output(), name: "count.out")
        let byName = Dictionary(uniqueKeysWithValues: profile.functions.map { ($0.symbol, $0) })
        #expect(profile.totalInstructions == 1_000)
        let loop = try #require(byName["$s4Test4loopyyF"])
        #expect(loop.selfInstructions == 190)
        #expect(loop.inclusiveInstructions == 990)
        #expect(loop.file == "/src/Region.swift" && loop.line == 10)
        #expect(byName["$s28gridsim_bench_counted_region4TestTf1c_n"]?.inclusiveInstructions == 1_000)
        let retain = try #require(byName["swift_retain"])
        #expect(retain.object == "libswiftCore.so" && retain.file == nil && retain.selfInstructions == 200)
        let burn = try #require(byName["$s4Test4burnyyF"])
        // The call after the runtime's names no object: the caller's.
        #expect(burn.object == "gridsim-bench" && burn.line == 30 && burn.inclusiveInstructions == 600)
        let calls = profile.calls.map { (profile.functions[$0.caller].symbol, profile.functions[$0.callee].symbol, $0.count, $0.instructions) }
        #expect(calls.contains { $0 == ("$s4Test4loopyyF", "swift_retain", 4, 200) })
        #expect(calls.contains { $0 == ("$s4Test4loopyyF", "$s4Test4burnyyF", 2, 600) })
        #expect(profile.regionFrame == [byName["$s28gridsim_bench_counted_region4TestTf1c_n"]!.key])
    }

    @Test("a baseline keeps a profile as one line per function and per call, and reads it back")
    func encodesCompactly() throws {
        let profile = try CallProfile(parsing: Self.output(), name: "count.out")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = try encoder.encode(profile)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"600\\t600\\tgridsim-bench\\t$s4Test4burnyyF\\t/src/Region.swift\\t30\""))
        #expect(try JSONDecoder().decode(CallProfile.self, from: data) == profile)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CallProfile.self, from: Data(#"{"functions": ["1\t2"], "calls": []}"#.utf8))
        }
    }

    @Test("malformed output is an error naming the line")
    func rejectsMalformedOutput() {
        #expect(throws: CallProfile.ParseError(description: "c.out:3: name (7) used before it was defined")) {
            try CallProfile(parsing: "events: Ir\nob=(1) a\nfn=(7)\n", name: "c.out")
        }
        #expect(throws: CallProfile.ParseError(description: "d.out:2: a cost line outside any function (no 'fn=' before it)")) {
            try CallProfile(parsing: "events: Ir\n3 4\n", name: "d.out")
        }
    }

    static func count(_ profile: CallProfile, operations: Int = 10) -> CountReport {
        CountReport(
            caseID: "toggle/10K", subject: "Engine", role: .engine, operations: operations,
            instructionsPerOperation: Double(profile.totalInstructions) / Double(operations), profile: profile)
    }

    static func names(_ symbols: [String]) -> SymbolNames {
        SymbolNames(readable: ["$s4Test5extrayyF": "extra()", "$s4Test4burnyyF": "burn()", "$s4Test4loopyyF": "loop()"])
    }

    /// Counts of the region without and with `extra` (or with `burn` changed), and their
    /// comparison, not yet attributed.
    static func compared(burn: Int = 600, extra: Int? = nil) throws -> (comparison: BaselineComparison, base: CountReport, head: CountReport) {
        let base = count(try CallProfile(parsing: output(), name: "base"))
        let head = count(try CallProfile(parsing: output(burn: burn, extra: extra), name: "head"))
        let comparison = BaselineComparison(
            current: ExactGateTests.report(counts: [head]), baseline: ExactGateTests.report(counts: [base]), baselineName: "self")
        return (comparison, base, head)
    }

    @Test("the function that gained work comes first by self; by inclusive the deepest first; the region's frame is left out")
    func attributesTheNewFunction() throws {
        let (compared, base, head) = try Self.compared(extra: 30)
        var comparison = compared
        #expect(comparison.verdict == .regression)
        Attribution.attribute(&comparison, current: [head], baseline: [base], packageRoot: "/src", names: Self.names)
        let attribution = try #require(comparison.attributions.first)
        #expect(attribution.key == "toggle/10K Engine")
        let first = try #require(attribution.bySelf.first)
        #expect(first.function == "extra()" && first.module == "Test" && first.location == "Region.swift:40")
        #expect(first.selfBefore == 0 && first.selfAfter == 3)
        #expect(attribution.bySelf.count == 1)
        // extra() and loop() both gained 3 per operation inclusive: the callee first.
        #expect(attribution.byInclusive.map(\.function) == ["extra()", "loop()"])
        #expect(!attribution.byInclusive.contains { $0.symbol.contains(countedRegionSymbol) })
        let text = TextRenderer.render(comparison)
        #expect(text.contains("== attribution: regression toggle/10K Engine: 100 → 103 instructions/op (+3.00 %)"))
        #expect(text.contains("Region.swift:40"))
        #expect(MarkdownRenderer.render(comparison).contains("| extra() | Test | Region.swift:40 | 0 | 3.00 | +3.00 |"))
    }

    @Test("a cheaper function is an improvement, attributed the same way")
    func attributesAnImprovement() throws {
        let (compared, base, head) = try Self.compared(burn: 300)
        var comparison = compared
        #expect(comparison.verdict == .improvement)
        Attribution.attribute(&comparison, current: [head], baseline: [base], names: Self.names)
        let first = try #require(comparison.attributions.first?.bySelf.first)
        #expect(first.function == "burn()" && first.selfChange == -30)
    }

    @Test("a baseline without profiles is named as the reason there is no attribution")
    func baselineWithoutProfiles() throws {
        let head = Self.count(try CallProfile(parsing: Self.output(extra: 30), name: "head"))
        var base = Self.count(try CallProfile(parsing: Self.output(), name: "base"))
        base.profile = nil
        var comparison = BaselineComparison(
            current: ExactGateTests.report(counts: [head]), baseline: ExactGateTests.report(counts: [base]), baselineName: "self")
        Attribution.attribute(&comparison, current: [head], baseline: [base], names: Self.names)
        #expect(comparison.attributions.first?.note == "the baseline keeps no per-function counts: save it again with --count or --count-only")
        #expect(comparison.attributions.first?.bySelf.isEmpty == true)
    }

    @Test("unchanged counts are not attributed")
    func nothingToAttribute() throws {
        let base = Self.count(try CallProfile(parsing: Self.output(), name: "base"))
        var comparison = BaselineComparison(
            current: ExactGateTests.report(counts: [base]), baseline: ExactGateTests.report(counts: [base]), baselineName: "self")
        Attribution.attribute(&comparison, current: [base], baseline: [base], names: Self.names)
        #expect(comparison.attributions.isEmpty)
    }

    static var hasGraphviz: Bool { CallgrindInvocation.findOnPath("dot") != nil }

    @Test("the differential call graph draws the new function, marked new, as an SVG file the report links")
    func drawsTheGraph() throws {
        let (compared, base, head) = try Self.compared(extra: 30)
        var comparison = compared
        let directory = try ScratchDirectory.make("graphs")
        Attribution.attribute(&comparison, current: [head], baseline: [base], graphDirectory: directory, names: Self.names)
        let dot = try String(contentsOf: directory.appendingPathComponent("toggle-10K-Engine.dot"), encoding: .utf8)
        #expect(dot.contains("extra() (new)"))
        #expect(!dot.contains("gridsim_bench_counted_region"))
        guard Self.hasGraphviz else {
            Issue.record("graphviz's dot is not installed: run scripts/setup")
            return
        }
        let attribution = try #require(comparison.attributions.first)
        let graph = try #require(attribution.graph)
        #expect(graph == directory.appendingPathComponent("toggle-10K-Engine.svg").path)
        let svg = try String(contentsOfFile: graph, encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("extra() (new)"))
        #expect(MarkdownRenderer.render(comparison).contains("Differential call graph: [toggle-10K-Engine.svg](\(graph))"))
    }

    @Test("module names from mangled symbols; file names from case and subject")
    func namesAndFiles() {
        #expect(SymbolNames.module(of: "$s17GridSimBenchmarks12InjectedWorkO4burnyS2iFZ", object: "x") == "GridSimBenchmarks")
        #expect(SymbolNames.module(of: "$sSa6appendyyxnF", object: "libswiftCore.so") == "Swift")
        #expect(SymbolNames.module(of: "swift_retain", object: "libswiftCore.so") == "libswiftCore.so")
        #expect(Attribution.fileName(caseID: "pruning/10K/1%", subject: "FastEngine + log") == "pruning-10K-1pct-FastEngine-log")
        #expect(Attribution.relative("/root/pkg/Sources/A.swift", to: "/root/pkg") == "Sources/A.swift")
        #expect(Attribution.relative("/elsewhere/A.swift", to: "/root/pkg") == "/elsewhere/A.swift")
    }
}
