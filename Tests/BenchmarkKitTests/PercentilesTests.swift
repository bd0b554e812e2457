import Testing
@testable import BenchmarkKit

@Suite("Percentiles (nearest rank)")
struct PercentilesTests {
    @Test("1…100 gives each percentile its own rank")
    func oneToHundred() throws {
        let summary = try #require(Percentiles(samples: (1...100).map(Double.init).shuffled()))
        #expect(summary.p0 == 1)
        #expect(summary.p50 == 50)
        #expect(summary.p90 == 90)
        #expect(summary.p99 == 99)
        #expect(summary.p100 == 100)
        #expect(summary.count == 100)
    }

    @Test("no samples: no summary")
    func empty() {
        #expect(Percentiles(samples: []) == nil)
        #expect(Percentiles.median([]) == nil)
    }

    @Test("one sample is every percentile")
    func single() throws {
        let summary = try #require(Percentiles(samples: [7.5]))
        #expect([summary.p0, summary.p50, summary.p90, summary.p99, summary.p100] == [7.5, 7.5, 7.5, 7.5, 7.5])
        #expect(summary.count == 1)
    }

    @Test("two samples: the median is the lower one, p90 and up the upper")
    func two() throws {
        let summary = try #require(Percentiles(samples: [20, 10]))
        #expect(summary.p0 == 10)
        #expect(summary.p50 == 10)
        #expect(summary.p90 == 20)
        #expect(summary.p99 == 20)
        #expect(summary.p100 == 20)
    }

    @Test("ten samples: p90 is the ninth, p99 the tenth")
    func ten() throws {
        let summary = try #require(Percentiles(samples: (1...10).map(Double.init)))
        #expect(summary.p50 == 5)
        #expect(summary.p90 == 9)
        #expect(summary.p99 == 10)
    }

    @Test("1000 samples: p99 is the 990th")
    func thousand() throws {
        let summary = try #require(Percentiles(samples: (1...1000).map(Double.init)))
        #expect(summary.p99 == 990)
        #expect(summary.p90 == 900)
        #expect(summary.p50 == 500)
    }

    @Test("duplicates and a single outlier")
    func duplicatesAndOutlier() throws {
        let summary = try #require(Percentiles(samples: Array(repeating: 3, count: 99) + [1000]))
        #expect(summary.p50 == 3)
        #expect(summary.p99 == 3)
        #expect(summary.p100 == 1000)
    }

    @Test("NaN samples are ignored")
    func notANumber() throws {
        let summary = try #require(Percentiles(samples: [.nan, 2, 1, .nan]))
        #expect(summary.count == 2)
        #expect(summary.p0 == 1)
        #expect(summary.p100 == 2)
        #expect(Percentiles(samples: [.nan]) == nil)
    }

    @Test("percentiles outside 0…100 clamp to the extremes")
    func clamping() {
        let sorted: [Double] = [1, 2, 3]
        #expect(Percentiles.value(atPercentile: -5, sorted: sorted) == 1)
        #expect(Percentiles.value(atPercentile: 0, sorted: sorted) == 1)
        #expect(Percentiles.value(atPercentile: 100, sorted: sorted) == 3)
        #expect(Percentiles.value(atPercentile: 250, sorted: sorted) == 3)
    }

    @Test("median of an even count is the lower middle")
    func evenMedian() {
        #expect(Percentiles.median([4, 1, 3, 2]) == 2)
        #expect(Percentiles.median([5, 1, 3]) == 3)
    }
}
