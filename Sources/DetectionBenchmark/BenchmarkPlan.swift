import HotwordDetection
import KeywordLabels

/// What to measure: labelled positives, negatives, keywords and sensitivities.
package struct BenchmarkPlan: Sendable {
    /// Every labelled keyword; the files they name are played in order of first appearance.
    package var labels: [KeywordLabel]
    /// Files with no keyword, played as one stream for false alarms.
    package var negatives: [String]
    /// Keyphrases to measure; each is run on its own, on the files labelled with it.
    package var keywords: [String]
    /// Sensitivities to sweep.
    package var sensitivities: [Double]
    /// Start every file as a fresh stream instead of one continuous stream.
    package var resetBetweenFiles: Bool
    /// Gain, model files and decision for every detector (its keywords are replaced per run).
    package var spotter: KeywordSpotterConfiguration
    /// The false-alarm rate an operating point must meet.
    package var targetFalseAlarmsPerHour: Double
    /// Also score each run's first and second half apart (see `RunHalves`).
    package var splitsHalves: Bool

    /// A plan; by default one continuous stream, the default spotter, a target of 1 false alarm
    /// an hour, and no halves.
    package init(labels: [KeywordLabel], negatives: [String], keywords: [String], sensitivities: [Double],
                resetBetweenFiles: Bool = false, spotter: KeywordSpotterConfiguration = KeywordSpotterConfiguration(),
                targetFalseAlarmsPerHour: Double = 1, splitsHalves: Bool = false) {
        self.labels = labels
        self.negatives = negatives
        self.keywords = keywords
        self.sensitivities = sensitivities
        self.resetBetweenFiles = resetBetweenFiles
        self.spotter = spotter
        self.targetFalseAlarmsPerHour = targetFalseAlarmsPerHour
        self.splitsHalves = splitsHalves
    }

    /// Whether every label of `keyword` says where the keyword ends, so that latency is
    /// measured: a recording labelled whole does not.
    func labelsEndWithTheKeyword(_ keyword: String) -> Bool {
        !labels.contains { $0.keyword == keyword && $0.spansWholeFile }
    }

    /// The files that hold labels of `keyword`, in order of first appearance.
    func positiveFiles(for keyword: String) -> [String] {
        var seen = Set<String>()
        return labels.filter { $0.keyword == keyword }.map(\.file).filter { seen.insert($0).inserted }
    }
}
