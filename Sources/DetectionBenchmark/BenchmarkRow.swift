import HotwordDetection

/// The figures of one keyword at one sensitivity.
public struct BenchmarkRow: Sendable, Equatable {
    /// The keyphrase measured.
    public var keyword: String
    /// The sensitivity it was measured at (0...1).
    public var sensitivity: Double
    /// Hits, misses, false alarms in the positive stream and latencies.
    public var score: DetectionScore
    /// False alarms on the negative stream and its length; nil when there were no negatives.
    public var negativeFalseAlarms: Int?
    public var negativeHours: Double?
    /// CPU seconds per second of audio over both streams.
    public var realTimeFactor: Double
    /// The threshold and phone edits the keyword's sensitivity mapped to; nil when not known.
    public var calibration: KeywordThreshold? = nil
    /// Why keywords were missed and which rule heard the false alarms; nil for keyword spotting
    /// alone, which has no candidates.
    public var causes: DetectionCauses? = nil

    /// False alarms per hour of negative audio; nil (unknown, not zero) with no negatives.
    public var falseAlarmsPerHour: Double? {
        guard let negativeFalseAlarms, let negativeHours, negativeHours > 0 else { return nil }
        return Double(negativeFalseAlarms) / negativeHours
    }

    /// The 95 % interval of the false alarms per hour (exact Poisson); nil with no negatives.
    public var falseAlarmsPerHourInterval: ConfidenceInterval? {
        guard let negativeFalseAlarms, let negativeHours else { return nil }
        return .rate(negativeFalseAlarms, per: negativeHours)
    }
}
