import Testing
@testable import DetectionBenchmark

@Suite struct RunHalvesTests {
    /// Four labels 10 s apart; the first half holds the first two, and the positive stream splits
    /// in the middle of the gap after the second (at 16.5 s).
    private let labels = [(start: 20.0, end: 23.0), (start: 0.0, end: 3.0), (start: 10.0, end: 13.0), (start: 30.0, end: 33.0)]
    /// Two negative files, 100 s and 50 s long, one after the other.
    private let negativeFiles = [(start: 100.0, duration: 50.0), (start: 0.0, duration: 100.0)]

    private func whole(detections: [Double], negativeDetections: [Double]) -> BenchmarkRow {
        BenchmarkRow(keyword: "jarvis", setting: .sensitivity(0.5), score: DetectionScore(detections: detections, labels: labels),
                     negativeFalseAlarms: negativeDetections.count, negativeHours: 150.0 / 3600, realTimeFactor: 0.04)
    }

    @Test func aHitCountsInTheHalfOfItsLabelAndAFalseAlarmInTheHalfOfItsTime() {
        // 1.0 and 14.4 hit the first half's labels, 24.4 the third label (second half); 5.0 is a
        // false alarm before the split, 17.0 one after it.
        let detections = [14.4, 17.0, 24.4, 5.0, 1.0]
        let row = whole(detections: detections, negativeDetections: [])
        let halves = RunHalves(labels: labels, negativeFiles: negativeFiles)
            .rows(of: row, detections: detections, negativeDetections: [])
        #expect(halves.count == 2)
        #expect(halves[0].score.hits == 2 && halves[0].score.labels == 2 && halves[0].score.falseAlarmsInPositives == 1)
        #expect(halves[1].score.hits == 1 && halves[1].score.labels == 2 && halves[1].score.falseAlarmsInPositives == 1)
        #expect(halves[1].score.missedLabels == [30.0...33.0])
    }

    @Test func aLateHitOfTheFirstHalfsLastLabelStaysInTheFirstHalf() {
        // Labels 2 s apart: the split falls at 4.0 s, but 4.4 s is still within 1.5 s of the
        // second label's end, so it is that label's hit, and the halves add up to the whole.
        let close = [(start: 0.0, end: 1.0), (start: 2.0, end: 3.0), (start: 5.0, end: 6.0), (start: 8.0, end: 9.0)]
        let detections = [0.5, 4.4, 6.2, 9.1]
        let row = BenchmarkRow(keyword: "jarvis", setting: .sensitivity(0.5), score: DetectionScore(detections: detections, labels: close),
                               negativeFalseAlarms: nil, negativeHours: nil, realTimeFactor: 0.04)
        let halves = RunHalves(labels: close, negativeFiles: []).rows(of: row, detections: detections, negativeDetections: nil)
        #expect(halves.map(\.score.hits) == [2, 2])
        #expect(halves.map(\.score.falseAlarmsInPositives) == [0, 0])
        #expect(halves.allSatisfy { $0.negativeFalseAlarms == nil && $0.falseAlarmsPerHour == nil })
    }

    @Test func eachNegativeFileGivesItsFirstHalfToTheFirstHalf() {
        // File one is 0–100 s, file two 100–150 s: its first half ends at 125 s.
        let negatives = [10.0, 49.9, 50.1, 99.0, 110.0, 124.9, 125.1]
        let row = whole(detections: [], negativeDetections: negatives)
        let halves = RunHalves(labels: labels, negativeFiles: negativeFiles)
            .rows(of: row, detections: [], negativeDetections: negatives)
        #expect(halves.map(\.negativeFalseAlarms) == [4, 3])
        #expect(halves.allSatisfy { abs(($0.negativeHours ?? 0) - 75.0 / 3600) < 1e-12 })
        #expect(halves.map { $0.falseAlarmsPerHour.map { ($0 * 10).rounded() / 10 } } == [192.0, 144.0])
    }

    @Test func theHalvesKeepTheRunsSettingsAndCostButNotItsCauses() {
        var row = whole(detections: [1.0], negativeDetections: [])
        row.causes = DetectionCauses(missedLabels: [], positiveCandidates: [], negativeCandidates: nil)
        let halves = RunHalves(labels: labels, negativeFiles: negativeFiles).rows(of: row, detections: [1.0], negativeDetections: [])
        #expect(halves.allSatisfy { $0.keyword == "jarvis" && $0.sensitivity == 0.5 && $0.realTimeFactor == 0.04 })
        #expect(halves.allSatisfy { $0.causes == nil && $0.halves.isEmpty })
    }
}
