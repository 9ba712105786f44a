/// One spoken keyword in a labelled file.
public struct KeywordLabel: Sendable, Equatable {
    /// The audio file that holds the keyword.
    public var file: String
    /// The keyphrase spoken.
    public var keyword: String
    /// Where it is spoken, in seconds from the start of `file`.
    public var start: Double
    public var end: Double
    /// Where the label came from, for messages: `labels.tsv:12`.
    public var origin: String

    public init(file: String, keyword: String, start: Double, end: Double, origin: String) {
        self.file = file
        self.keyword = keyword
        self.start = start
        self.end = end
        self.origin = origin
    }
}

extension KeywordLabel {
    /// The labels of `keyword` on a stream of files (`placements`: where each file starts and
    /// how long it lasts, in seconds), in stream seconds. Labels of files not in the stream are
    /// left out; a label ending past its file's end (by more than 10 ms) is an error.
    static func placed(_ labels: [KeywordLabel], keyword: String,
                       on placements: [String: (start: Double, duration: Double)]) throws(BenchmarkError) -> [(start: Double, end: Double)] {
        var placed: [(start: Double, end: Double)] = []
        for label in labels where label.keyword == keyword {
            guard let placement = placements[label.file] else { continue }
            if label.end > placement.duration + 0.01 {
                throw .labels(origin: label.origin, problem: "end_s \(label.end) is past the end of \(label.file) (\((placement.duration * 1000).rounded() / 1000) s)")
            }
            placed.append((placement.start + label.start, placement.start + label.end))
        }
        return placed
    }
}
