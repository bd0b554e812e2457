import Testing
@testable import BenchmarkKit

/// The runner with stand-in subjects: no timing claims, only what it must always do.
@Suite("Running a case")
struct CaseRunnerTests {
    static let tiny = RunSettings(
        caseBudgetNanoseconds: 2e6, minimumRounds: 4, maximumRounds: 20, roundTargetNanoseconds: 1e5,
        minimumSampleNanoseconds: 1e3, maximumSamplesPerRound: 4, minimumSamplesPerRound: 2, warmupNanoseconds: 0)

    /// A subject computing `answer`, allocating `allocations` objects per operation.
    static func subject(_ name: String, role: SubjectRole = .peer, answer: Int, allocations: Int = 0,
                        skip: String? = nil) -> Subject<Int> {
        Subject(name: name, role: role, skipReason: { _ in skip }) { base, _ in
            PreparedOperation(
                perform: { count in
                    for _ in 0..<count {
                        for index in 0..<allocations { blackHole(AllocationProbe(index)) }
                        blackHole(base &* 31)
                    }
                },
                result: { ResultFingerprint(canonical: [base + answer], summary: "\(base + answer)") })
        }
    }

    static func runCase(_ subjects: [Subject<Int>], anchor: String = "A") throws -> CaseReport {
        let benchmarkCase = BenchmarkCase(
            suite: "test", size: 1000, parameters: CaseParameters(size: 1000), operationName: "op",
            itemName: "items", itemsPerOperation: 10, operationsPerSample: .automatic, allocationOperations: 8,
            anchor: anchor, fixture: SharedFixture(users: 1) { 41 }, subjects: subjects)
        let counter = try #require(AllocationCounter.callingThread())
        return try CaseRunner(settings: tiny, clockOverhead: 0, allocationCounter: counter).run(benchmarkCase)
    }

    @Test("subjects that disagree on the result stop the run, naming each result")
    func disagreement() throws {
        let error = #expect(throws: BenchmarkFailure.self) {
            try Self.runCase([Self.subject("A", role: .seed, answer: 1), Self.subject("B", answer: 2)])
        }
        guard case .resultsDisagree(let caseID, let results)? = error else {
            Issue.record("expected resultsDisagree, got \(String(describing: error))")
            return
        }
        #expect(caseID == "test/1K")
        #expect(results.map(\.subject) == ["A", "B"])
        #expect("\(error!)".contains("42") && "\(error!)".contains("43"))
    }

    @Test("a subject's warm-up runs untimed once at the start of each of its turns, for the operations the turn times")
    func warmUpBeforeEachRound() throws {
        final class Calls { var operations: [Int] = [] }
        let calls = Calls()
        let warmed = Subject<Int>(name: "warmed", role: .peer) { base, _ in
            PreparedOperation(
                perform: { count in for _ in 0..<count { blackHole(base &* 31) } },
                warmUpBeforeRound: { calls.operations.append($0) },
                result: { ResultFingerprint(canonical: [base + 1], summary: "\(base + 1)") })
        }
        let report = try Self.runCase([Self.subject("A", role: .seed, answer: 1), warmed])
        let subject = try #require(report.subject(named: "warmed"))
        let perTurn = try #require(subject.samplesPerRound) * (try #require(subject.operationsPerSample))
        #expect(calls.operations.count == report.rounds)
        #expect(calls.operations.allSatisfy { $0 == perTurn })
    }

    @Test("a capped subject is skipped and reported with its reason; a capped anchor is an error")
    func caps() throws {
        let report = try Self.runCase([
            Self.subject("A", role: .seed, answer: 1), Self.subject("slow", answer: 1, skip: "capped at 1K"),
        ])
        #expect(report.subject(named: "slow")?.skipped == "capped at 1K")
        #expect(report.subject(named: "slow")?.nanosecondsPerOperation == nil)
        #expect(throws: BenchmarkFailure.self) {
            try Self.runCase([Self.subject("A", role: .seed, answer: 1, skip: "capped")])
        }
    }

    @Test("every running subject gets samples in every round, exact allocation counts and a ratio")
    func measured() throws {
        let report = try Self.runCase([
            Self.subject("A", role: .seed, answer: 1), Self.subject("B", answer: 1, allocations: 3),
            Self.subject("memcpy", role: .physicalLimit, answer: 99),  // exempt from the check
        ])
        #expect(report.rounds >= Self.tiny.minimumRounds)
        let anchor = try #require(report.subject(named: "A"))
        let subject = try #require(report.subject(named: "B"))
        #expect(anchor.allocationsPerOperation == 0)
        #expect(subject.allocationsPerOperation == 3)
        #expect(subject.allocatedBytesPerOperation == 96.0, "3 objects of 32 bytes: \(String(describing: subject.allocatedBytesPerOperation?.bitPattern))")
        #expect(subject.samples?.count == report.rounds * (subject.samplesPerRound ?? 0))
        #expect(subject.ratioToAnchor?.rounds == report.rounds)
        #expect(anchor.ratioToAnchor?.median == 1)
        #expect(report.noise?.rounds == report.rounds)
        #expect(subject.result?.summary == "42")
        #expect(subject.itemsPerSecond != nil && subject.ratioToBestPeer != nil)
    }
}
