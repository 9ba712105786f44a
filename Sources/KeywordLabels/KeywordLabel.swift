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

    /// A label of `keyword` spoken from `start` to `end` seconds into `file`, read at `origin`.
    public init(file: String, keyword: String, start: Double, end: Double, origin: String) {
        self.file = file
        self.keyword = keyword
        self.start = start
        self.end = end
        self.origin = origin
    }
}
