import Testing
@testable import DetectionBenchmark

@Suite struct ConfidenceIntervalTests {
    private func isClose(_ interval: ConfidenceInterval?, _ lower: Double, _ upper: Double, within tolerance: Double = 1e-4) -> Bool {
        guard let interval else { return false }
        return abs(interval.lower - lower) < tolerance && abs(interval.upper - upper) < tolerance
    }

    /// Wilson score intervals, worked by hand from the formula.
    @Test func givesTheWilsonIntervalOfAMissRate() {
        #expect(isClose(.proportion(12, of: 80), 0.08794, 0.24413))
        #expect(isClose(.proportion(6, of: 80), 0.03483, 0.15412))
        // No miss still leaves room for some.
        #expect(isClose(.proportion(0, of: 80), 0, 0.04582))
        #expect(isClose(.proportion(80, of: 80), 0.95418, 1))
    }

    @Test func hasNoMissRateIntervalWithoutTrials() {
        #expect(ConfidenceInterval.proportion(0, of: 0) == nil)
        #expect(ConfidenceInterval.proportion(3, of: 2) == nil)
    }

    /// Exact Poisson limits from the chi-square table: 0 events 0–3.689, 1 event 0.0253–5.572,
    /// 10 events 4.795–18.390.
    @Test func givesTheExactPoissonIntervalOfARate() {
        #expect(isClose(.rate(0, per: 1), 0, 3.6889, within: 1e-3))
        #expect(isClose(.rate(1, per: 1), 0.0253, 5.5716, within: 1e-3))
        #expect(isClose(.rate(10, per: 2), 4.7954 / 2, 18.3904 / 2, within: 1e-3))
        // A large count: the sum in logarithms neither overflows nor loses the tail.
        let large = ConfidenceInterval.rate(1000, per: 1)
        #expect(large.map { $0.lower > 930 && $0.lower < 945 && $0.upper > 1055 && $0.upper < 1070 } == true)
    }

    @Test func hasNoRateIntervalWithoutExposure() {
        #expect(ConfidenceInterval.rate(2, per: 0) == nil)
    }

    @Test func theBenchmarkTableAndJSONCarryTheIntervals() {
        let row = BenchmarkRow(keyword: "jarvis", setting: .sensitivity(0.9),
                               score: DetectionScore(detections: [1.0], labels: [(start: 0.5, end: 0.9), (start: 5, end: 5.5)]),
                               negativeFalseAlarms: 0, negativeHours: 0.29, realTimeFactor: 0.03)
        let result = BenchmarkResult(rows: [row], targetFalseAlarmsPerHour: 1, peakResidentBytes: nil, wallSeconds: 1)
        // 1 miss of 2: 9.5–90.5 %; no false alarm in 0.29 h: up to 3.689 / 0.29 = 12.72 an hour.
        #expect(result.table.contains("9.5–90.5"))
        #expect(result.table.contains("0.00–12.72"))
        #expect(result.json.text.contains("\"fa_per_hour_ci95\":[0,12.72"))
    }
}
