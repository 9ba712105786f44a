import Testing
import Pipeline
@testable import DetectionBenchmark

@Suite struct BenchmarkResultTests {
    /// A run over negatives alone: no labelled keyword, so the miss rate is unknown, not zero.
    private let negativesOnly = BenchmarkResult(
        rows: [0.1, 0.5].map { sensitivity in
            BenchmarkRow(keyword: "alexa", sensitivity: sensitivity,
                         score: DetectionScore(detections: [], labels: []),
                         negativeFalseAlarms: sensitivity < 0.3 ? 0 : 2, negativeHours: 1.5, realTimeFactor: 0.03)
        },
        targetFalseAlarmsPerHour: 1, peakResidentBytes: nil, wallSeconds: 1)

    @Test func anOperatingPointWithoutPositivesHasAnUnknownMissRate() {
        #expect(negativesOnly.operatingPoint(for: "alexa")?.sensitivity == 0.1)
        #expect(negativesOnly.table.contains("alexa: at ≤ 1 FA/h use sensitivity 0.1: miss rate unknown (no positives), 0.00 FA/h"))
        #expect(!negativesOnly.table.contains("0.0 %"))
        #expect(negativesOnly.json.text.contains("\"miss_rate\":null"))
        #expect(!negativesOnly.json.text.contains("\"miss_rate\":0"))
    }

    @Test func thePlotLeavesOutRowsWithoutPositives() {
        #expect(!DetectionCurvePlot(result: negativesOnly).svg.contains("<circle"))
    }
}
