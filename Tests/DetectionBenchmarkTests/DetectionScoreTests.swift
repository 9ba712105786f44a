import KeywordLabels
import Testing
@testable import DetectionBenchmark

@Suite struct DetectionScoreTests {
    @Test func countsADetectionInsideTheToleranceAsAHit() {
        let score = DetectionScore(detections: [3.2], labels: [(start: 2.5, end: 3.0)])
        #expect(score.hits == 1)
        #expect(score.falseAlarmsInPositives == 0)
        #expect(abs(score.latencies[0] - 0.2) < 1e-9)
    }

    /// Recordings labelled whole: a label ends where its file does, which is not where the
    /// keyword ends, so hits and false alarms are counted and no latency is.
    @Test func placesARecordingLabelledWholeOverItsFileAndTimesNoLatency() throws {
        let labels = [KeywordLabel(recording: "a.wav", keyword: "susi"), KeywordLabel(recording: "b.wav", keyword: "susi")]
        #expect(labels.allSatisfy { $0.spansWholeFile })
        let placed = try KeywordLabel.placed(labels, keyword: "susi", on: ["a.wav": (start: 0, duration: 2), "b.wav": (start: 2, duration: 3)])
        #expect(placed.map(\.start) == [0, 2])
        #expect(placed.map(\.end) == [2, 5])
        let score = DetectionScore(detections: [1.0, 1.2, 6.0], labels: placed, labelsEndWithTheKeyword: false)
        #expect(score.hits == 2)
        #expect(score.falseAlarmsInPositives == 1)
        #expect(score.latencies.isEmpty)
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

    @Test func pairsDetectionsWithLabelsWhateverOrderTheyComeIn() {
        // Labels out of order, detections out of order: each detection, in time order, takes
        // the earliest label whose window holds it.
        let labels = [(start: 10.0, end: 10.5), (start: 2.0, end: 2.5), (start: 3.0, end: 3.5)]
        let hit = DetectionScore.labelsHit(by: [10.6, 3.6, 2.6, 20.0], labels: labels)
        #expect(hit == [0, 2, 1, nil])
        let score = DetectionScore(detections: [10.6, 3.6, 2.6, 20.0], labels: labels)
        #expect(score.hits == 3 && score.falseAlarmsInPositives == 1)
        #expect(score.latencies.map { ($0 * 10).rounded() / 10 } == [0.1, 0.1, 0.1])
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
