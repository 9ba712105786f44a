/// How `bench --halves` divides one run in two, so that a setting can be chosen on the first
/// half and reported on the second, which it was not chosen on.
///
/// The first half holds the first half of the keyword's labels, in stream order (the first
/// `labels / 2`), and of each negative file's time; the second half holds the rest. Each
/// detection counts where the whole run counted it: a hit in the half of the label it hit, a
/// false alarm in the half its time lies in (in the positive stream, split in the middle of
/// the gap after the first half's last label). So the halves add up to the whole run.
struct RunHalves {
    /// The keyword's labels, in stream seconds, ordered by start.
    private let labels: [(start: Double, end: Double)]
    /// How many of `labels` the first half holds.
    private let firstLabelCount: Int
    /// Where each negative file lies on the negative stream, in seconds.
    private let negativeFiles: [(start: Double, duration: Double)]
    /// Whether each label ends where the keyword does, so that latency is measured.
    private let labelsEndWithTheKeyword: Bool

    /// - Parameters:
    ///   - labels: the keyword's labels on the positive stream, in seconds.
    ///   - negativeFiles: where each negative file starts on the negative stream and how long it lasts.
    ///   - labelsEndWithTheKeyword: false for recordings labelled whole, which have no latency.
    init(labels: [(start: Double, end: Double)], negativeFiles: [(start: Double, duration: Double)],
         labelsEndWithTheKeyword: Bool = true) {
        self.labels = labels.sorted { $0.start < $1.start }
        firstLabelCount = labels.count / 2
        self.negativeFiles = negativeFiles.sorted { $0.start < $1.start }
        self.labelsEndWithTheKeyword = labelsEndWithTheKeyword
    }

    /// Positive-stream time from which a false alarm belongs to the second half.
    private var positiveSplit: Double {
        guard firstLabelCount > 0 else { return -.infinity }
        guard firstLabelCount < labels.count else { return .infinity }
        return (labels[firstLabelCount - 1].end + labels[firstLabelCount].start) / 2
    }

    /// `whole`'s figures for the first half and for the second, from the run's detections
    /// (stream seconds) on the positive stream and, with negatives, on the negative stream. The
    /// halves keep `whole`'s keyword, sensitivity, calibration and real-time factor (the cost
    /// of the run as a whole).
    func rows(of whole: BenchmarkRow, detections: [Double], negativeDetections: [Double]?) -> [BenchmarkRow] {
        let hitLabels = DetectionScore.labelsHit(by: detections, labels: labels)
        let negativeHalves = negativeDetections.map { $0.map(isInFirstHalfOfItsFile) }
        return [true, false].map { first in
            let halfLabels = first ? Array(labels.prefix(firstLabelCount)) : Array(labels.dropFirst(firstLabelCount))
            let halfDetections = zip(detections, hitLabels).filter { time, label in
                label.map { ($0 < firstLabelCount) == first } ?? ((time < positiveSplit) == first)
            }.map(\.0)
            var row = whole
            row.score = DetectionScore(detections: halfDetections, labels: halfLabels, labelsEndWithTheKeyword: labelsEndWithTheKeyword)
            row.negativeFalseAlarms = negativeHalves.map { $0.filter { $0 == first }.count }
            row.negativeHours = whole.negativeHours.map { $0 / 2 }
            row.causes = nil
            row.halves = []
            return row
        }
    }

    /// Whether negative-stream time `time` lies in the first half of the file it falls in.
    private func isInFirstHalfOfItsFile(_ time: Double) -> Bool {
        guard let file = negativeFiles.last(where: { $0.start <= time }) else { return true }
        return time < file.start + file.duration / 2
    }
}
