import HotwordDetection

/// The figures of one keyword at one setting: the detector at a sensitivity, or detections
/// made elsewhere.
package struct BenchmarkRow: Sendable, Equatable {
    /// The keyphrase measured.
    package var keyword: String
    /// What was measured: the detector at a sensitivity, or detections read from a file.
    package var setting: BenchmarkSetting
    /// Hits, misses, false alarms in the positive stream and latencies.
    package var score: DetectionScore
    /// False alarms on the negative stream and its length; nil when there were no negatives.
    package var negativeFalseAlarms: Int?
    package var negativeHours: Double?
    /// CPU seconds per second of audio over both streams; nil for detections made elsewhere.
    package var realTimeFactor: Double?
    /// The threshold and phone edits the keyword's sensitivity mapped to; nil when not known.
    package var calibration: KeywordThreshold?
    /// Why keywords were missed and which rule heard the false alarms; nil for keyword spotting
    /// alone, which has no candidates, and for detections made elsewhere.
    package var causes: DetectionCauses?
    /// The same run's figures on its first half and on its second (`bench --halves`; see
    /// `RunHalves`), each without halves of its own; empty when not asked for.
    package var halves: [BenchmarkRow] = []

    /// The figures of `keyword` at `setting`.
    package init(keyword: String, setting: BenchmarkSetting, score: DetectionScore, negativeFalseAlarms: Int?, negativeHours: Double?,
                 realTimeFactor: Double?, calibration: KeywordThreshold? = nil, causes: DetectionCauses? = nil) {
        self.keyword = keyword
        self.setting = setting
        self.score = score
        self.negativeFalseAlarms = negativeFalseAlarms
        self.negativeHours = negativeHours
        self.realTimeFactor = realTimeFactor
        self.calibration = calibration
        self.causes = causes
    }

    /// The sensitivity the detector ran at; nil for detections made elsewhere.
    package var sensitivity: Double? { setting.sensitivity }

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
