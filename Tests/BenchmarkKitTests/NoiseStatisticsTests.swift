import Foundation
import Testing
@testable import BenchmarkKit

@Suite("Ratios from alternating rounds, and the A/A noise band")
struct NoiseStatisticsTests {
    @Test("constant per-round ratios give that ratio and no spread")
    func constantRatio() throws {
        let anchor: [Double?] = [10, 20, 40, 80, 5]
        let subject: [Double?] = anchor.map { $0.map { $0 * 3 } }
        let estimate = try #require(RatioEstimate(subjectPerRound: subject, anchorPerRound: anchor))
        #expect(abs(estimate.median - 3) < 1e-12)
        #expect(abs(estimate.spread) < 1e-12)
        #expect(estimate.rounds == 5)
    }

    @Test("a machine slowing down for a round slows both sides: the ratio does not move")
    func drift() throws {
        let anchor: [Double?] = [100, 100, 400, 100, 100]  // round 3 ran on a busy machine
        let subject: [Double?] = [50, 50, 200, 50, 50]
        let estimate = try #require(RatioEstimate(subjectPerRound: subject, anchorPerRound: anchor))
        #expect(estimate.median == 0.5)
    }

    @Test("the median shrugs off one wild round")
    func outlierRound() throws {
        let anchor: [Double?] = [10, 10, 10, 10, 10]
        let subject: [Double?] = [20, 20, 200, 20, 20]
        let estimate = try #require(RatioEstimate(subjectPerRound: subject, anchorPerRound: anchor))
        #expect(estimate.median == 2)
        #expect(estimate.spread > 1)  // the wild round shows in the spread
    }

    @Test("rounds a side sat out, zero or infinite times are skipped; none left gives nil")
    func skippedRounds() throws {
        let estimate = try #require(RatioEstimate(
            subjectPerRound: [nil, 4, 0, 6, .infinity], anchorPerRound: [1, 2, 2, 3, 1]))
        #expect(estimate.rounds == 2)
        #expect(estimate.median == 2)
        #expect(RatioEstimate(subjectPerRound: [nil, 0], anchorPerRound: [1, 1]) == nil)
        #expect(RatioEstimate(subjectPerRound: [], anchorPerRound: []) == nil)
    }

    @Test("A/A: identical timings give a zero band")
    func quietMachine() throws {
        let band = try #require(NoiseBand(anchorPerRound: [5, 6, 7], twinPerRound: [5, 6, 7]))
        #expect(band.width == 0)
        #expect(band.rounds == 3)
    }

    @Test("A/A: a systematic 10 % difference shows as bias; scattered ones as spread")
    func biasAndSpread() throws {
        let biased = try #require(NoiseBand(anchorPerRound: Array(repeating: 100, count: 10), twinPerRound: Array(repeating: 110, count: 10)))
        #expect(abs(biased.bias - 0.10) < 1e-9)
        #expect(abs(biased.width - 0.10) < 1e-9)

        // Nine quiet rounds and one 50 % slower: p90 of |ln ratio| is the quiet one's 0.
        let scattered = try #require(NoiseBand(
            anchorPerRound: Array(repeating: 100, count: 10), twinPerRound: Array(repeating: 100, count: 9) + [150]))
        #expect(scattered.bias == 0)
        #expect(scattered.spread == 0)
        // Two of ten slower: p90 lands on one of them.
        let noisy = try #require(NoiseBand(
            anchorPerRound: Array(repeating: 100, count: 10), twinPerRound: Array(repeating: 100, count: 8) + [150, 150]))
        #expect(abs(noisy.spread - 0.5) < 1e-9)
    }
}
