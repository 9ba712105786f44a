import HotwordDetection

/// The figures of one keyword at one sensitivity.
package struct BenchmarkRow: Sendable, Equatable {
    /// The keyphrase measured.
    package var keyword: String
    /// The sensitivity it was measured at (0...1).
    package var sensitivity: Double
    /// Hits, misses, false alarms in the positive stream and latencies.
    package var score: DetectionScore
    /// False alarms on the negative stream and its length; nil when there were no negatives.
    package var negativeFalseAlarms: Int?
    package var negativeHours: Double?
    /// CPU seconds per second of audio over both streams.
    package var realTimeFactor: Double
    /// The threshold and phone edits the keyword's sensitivity mapped to; nil when not known.
    package var calibration: KeywordThreshold? = nil
    /// Why keywords were missed and which rule heard the false alarms; nil for keyword spotting
    /// alone, which has no candidates.
    package var causes: DetectionCauses? = nil
    /// The same run's figures on its first half and on its second (`bench --halves`; see
    /// `RunHalves`), each without halves of its own; empty when not asked for.
    package var halves: [BenchmarkRow] = []

    /// False alarms per hour of negative audio; nil (unknown, not zero) with no negatives.
    package var falseAlarmsPerHour: Double? {
        guard let negativeFalseAlarms, let negativeHours, negativeHours > 0 else { return nil }
        return Double(negativeFalseAlarms) / negativeHours
    }

    /// The 95 % interval of the false alarms per hour (exact Poisson); nil with no negatives.
    package var falseAlarmsPerHourInterval: ConfidenceInterval? {
        guard let negativeFalseAlarms, let negativeHours else { return nil }
        return .rate(negativeFalseAlarms, per: negativeHours)
    }
}
