/// Hits, misses, false alarms and latency of one detector run against labels, scored as in
/// `shared/ANCHORS.md`: a detection is a hit when its time lies in `[start, end + tolerance]` of
/// a label not yet hit; every other detection is a false alarm.
package struct DetectionScore: Sendable, Equatable {
    /// Labelled keywords that were hit, and all labelled keywords.
    package var hits: Int
    package var labels: Int
    /// Detections in the positive stream that hit no label.
    package var falseAlarmsInPositives: Int
    /// Detection time minus label end, in seconds, one per hit, sorted; none where the labels
    /// do not say where the keyword ends (recordings labelled whole).
    package var latencies: [Double]
    /// The labelled keywords no detection hit (stream seconds, start to end), in order.
    package var missedLabels: [ClosedRange<Double>]

    /// Labelled keywords that no detection hit.
    package var misses: Int { labels - hits }
    /// Misses over labelled keywords; nil (unknown, not zero) with no labelled keywords.
    package var missRate: Double? { labels > 0 ? Double(misses) / Double(labels) : nil }
    /// The 95 % interval of the miss rate (Wilson); nil with no labelled keywords.
    package var missRateInterval: ConfidenceInterval? { .proportion(misses, of: labels) }

    /// Seconds after a label's end in which a detection still counts as its hit.
    package static let defaultTolerance = 1.5

    /// Scores `detections` (stream times, seconds) against `labels` (stream times, seconds);
    /// latency only when `labelsEndWithTheKeyword`.
    package init(detections: [Double], labels: [(start: Double, end: Double)], tolerance: Double = defaultTolerance,
                 labelsEndWithTheKeyword: Bool = true) {
        let ordered = labels.sorted { $0.start < $1.start }
        let hit = Self.labelsHit(by: detections, labels: ordered, tolerance: tolerance)
        let taken = Set(hit.compactMap { $0 })
        self.hits = taken.count
        self.labels = ordered.count
        self.falseAlarmsInPositives = hit.count - taken.count
        self.latencies = labelsEndWithTheKeyword
            ? zip(detections, hit).compactMap { time, index in index.map { time - ordered[$0].end } }.sorted() : []
        self.missedLabels = ordered.indices.filter { !taken.contains($0) }.map { ordered[$0].start...max(ordered[$0].start, ordered[$0].end) }
    }

    /// For each of `detections`, the index in `labels` of the label it hits, nil for a false
    /// alarm. Detections are taken in time order, each hitting the earliest-starting label not
    /// yet hit whose window `[start, end + tolerance]` holds it.
    package static func labelsHit(by detections: [Double], labels: [(start: Double, end: Double)],
                                 tolerance: Double = defaultTolerance) -> [Int?] {
        let byStart = labels.indices.sorted { labels[$0].start < labels[$1].start }
        var taken = Set<Int>()
        var hit = [Int?](repeating: nil, count: detections.count)
        for detection in detections.indices.sorted(by: { detections[$0] < detections[$1] }) {
            let time = detections[detection]
            if let index = byStart.first(where: { !taken.contains($0) && labels[$0].start <= time && time <= labels[$0].end + tolerance }) {
                taken.insert(index)
                hit[detection] = index
            }
        }
        return hit
    }

    /// The `fraction` quantile of the latencies (nearest rank), nil with no hits.
    package func latency(quantile fraction: Double) -> Double? {
        Self.quantile(fraction, ofSorted: latencies)
    }

    /// The `fraction` quantile of sorted `values` by nearest rank, nil when there are none.
    static func quantile(_ fraction: Double, ofSorted values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let rank = Int((fraction * Double(values.count)).rounded(.up)) - 1
        return values[min(max(rank, 0), values.count - 1)]
    }
}
