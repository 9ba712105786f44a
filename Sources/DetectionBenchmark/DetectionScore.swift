/// Hits, misses, false alarms and latency of one detector run against labels, scored as in
/// `shared/ANCHORS.md`: a detection is a hit when its time lies in `[start, end + tolerance]` of
/// a label not yet hit; every other detection is a false alarm.
public struct DetectionScore: Sendable, Equatable {
    /// Labelled keywords that were hit, and all labelled keywords.
    public var hits: Int
    public var labels: Int
    /// Detections in the positive stream that hit no label.
    public var falseAlarmsInPositives: Int
    /// Detection time minus label end, in seconds, one per hit, sorted.
    public var latencies: [Double]
    /// The labelled keywords no detection hit (stream seconds, start to end), in order.
    public var missedLabels: [ClosedRange<Double>]

    /// Labelled keywords that no detection hit.
    public var misses: Int { labels - hits }
    /// Misses over labelled keywords; nil (unknown, not zero) with no labelled keywords.
    public var missRate: Double? { labels > 0 ? Double(misses) / Double(labels) : nil }
    /// The 95 % interval of the miss rate (Wilson); nil with no labelled keywords.
    public var missRateInterval: ConfidenceInterval? { .proportion(misses, of: labels) }

    /// Seconds after a label's end in which a detection still counts as its hit.
    public static let defaultTolerance = 1.5

    /// Scores `detections` (stream times, seconds) against `labels` (stream times, seconds).
    public init(detections: [Double], labels: [(start: Double, end: Double)], tolerance: Double = defaultTolerance) {
        let ordered = labels.sorted { $0.start < $1.start }
        var taken = [Bool](repeating: false, count: ordered.count)
        var latencies: [Double] = []
        var falseAlarms = 0
        for time in detections.sorted() {
            if let index = ordered.indices.first(where: { !taken[$0] && ordered[$0].start <= time && time <= ordered[$0].end + tolerance }) {
                taken[index] = true
                latencies.append(time - ordered[index].end)
            } else {
                falseAlarms += 1
            }
        }
        self.hits = latencies.count
        self.labels = ordered.count
        self.falseAlarmsInPositives = falseAlarms
        self.latencies = latencies.sorted()
        self.missedLabels = ordered.indices.filter { !taken[$0] }.map { ordered[$0].start...max(ordered[$0].start, ordered[$0].end) }
    }

    /// The `fraction` quantile of the latencies (nearest rank), nil with no hits.
    public func latency(quantile fraction: Double) -> Double? {
        Self.quantile(fraction, ofSorted: latencies)
    }

    /// The `fraction` quantile of sorted `values` by nearest rank, nil when there are none.
    static func quantile(_ fraction: Double, ofSorted values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let rank = Int((fraction * Double(values.count)).rounded(.up)) - 1
        return values[min(max(rank, 0), values.count - 1)]
    }
}
