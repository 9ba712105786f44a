import Testing
@testable import DetectionBenchmark

@Suite struct DetectionScoreTests {
    @Test func countsADetectionInsideTheToleranceAsAHit() {
        let score = DetectionScore(detections: [3.2], labels: [(start: 2.5, end: 3.0)])
        #expect(score.hits == 1)
        #expect(score.falseAlarmsInPositives == 0)
        #expect(abs(score.latencies[0] - 0.2) < 1e-9)
    }

    @Test func countsADetectionAfterTheToleranceAsAFalseAlarmAndAMiss() {
        let score = DetectionScore(detections: [4.6], labels: [(start: 2.5, end: 3.0)])
        #expect(score.hits == 0)
        #expect(score.misses == 1)
        #expect(score.falseAlarmsInPositives == 1)
    }

    @Test func countsASecondDetectionOfTheSameKeywordAsAFalseAlarm() {
        let score = DetectionScore(detections: [3.1, 3.4], labels: [(start: 2.5, end: 3.0)])
        #expect(score.hits == 1)
        #expect(score.falseAlarmsInPositives == 1)
    }

    @Test func countsADetectionBeforeTheKeywordStartsAsAFalseAlarm() {
        let score = DetectionScore(detections: [2.0], labels: [(start: 2.5, end: 3.0)])
        #expect(score.falseAlarmsInPositives == 1)
    }

    @Test func takesLatencyQuantilesByNearestRank() {
        let score = DetectionScore(detections: [1.1, 2.2, 3.3, 4.4],
                                   labels: [(1, 1), (2, 2), (3, 3), (4, 4)])
        #expect(score.latency(quantile: 0.5).map { abs($0 - 0.2) < 1e-9 } == true)
        #expect(score.latency(quantile: 0.95).map { abs($0 - 0.4) < 1e-9 } == true)
        #expect(DetectionScore(detections: [], labels: []).latency(quantile: 0.5) == nil)
    }
}
