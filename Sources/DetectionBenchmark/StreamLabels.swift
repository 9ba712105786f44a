import KeywordLabels

extension KeywordLabel {
    /// The labels of `keyword` on a stream of files (`placements`: where each file starts and
    /// how long it lasts, in seconds), in stream seconds. Labels of files not in the stream are
    /// left out; a label ending past its file's end (by more than 10 ms) is an error, and one
    /// that spans its whole file ends where the file does.
    static func placed(_ labels: [KeywordLabel], keyword: String,
                       on placements: [String: (start: Double, duration: Double)]) throws(BenchmarkError) -> [(start: Double, end: Double)] {
        var placed: [(start: Double, end: Double)] = []
        for label in labels where label.keyword == keyword {
            guard let placement = placements[label.file] else { continue }
            if label.spansWholeFile {
                placed.append((placement.start, placement.start + placement.duration))
                continue
            }
            if label.end > placement.duration + 0.01 {
                throw .labels(LabelFileError(origin: label.origin, problem: "end_s \(label.end) is past the end of \(label.file) (\((placement.duration * 1000).rounded() / 1000) s)"))
            }
            placed.append((placement.start + label.start, placement.start + label.end))
        }
        return placed
    }
}
