/// One spoken keyword in a labelled file.
package struct KeywordLabel: Sendable, Equatable {
    /// The audio file that holds the keyword.
    package var file: String
    /// The keyphrase spoken.
    package var keyword: String
    /// Where it is spoken, in seconds from the start of `file`; for a recording of the keyword
    /// (`spansWholeFile`), 0 and infinity: somewhere in the file, where exactly not known.
    package var start: Double
    package var end: Double
    /// Where the label came from, for messages: `labels.tsv:12`.
    package var origin: String

    /// A label of `keyword` spoken from `start` to `end` seconds into `file`, read at `origin`.
    package init(file: String, keyword: String, start: Double, end: Double, origin: String) {
        self.file = file
        self.keyword = keyword
        self.start = start
        self.end = end
        self.origin = origin
    }

    /// A recording `file` that holds `keyword` said once, somewhere in it: the label spans the
    /// whole file, whatever its length.
    package init(recording file: String, keyword: String) {
        self.init(file: file, keyword: keyword, start: 0, end: .infinity, origin: file)
    }

    /// Whether the label spans its whole file (a recording of the keyword), so that where the
    /// keyword ends in it is not known.
    package var spansWholeFile: Bool { end == .infinity }
}
