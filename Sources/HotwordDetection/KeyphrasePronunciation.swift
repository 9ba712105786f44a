/// One way of saying a keyphrase: its words' dictionary entries and the phones they spell.
public struct KeyphrasePronunciation: Sendable, Equatable {
    /// The words as their dictionary entries are named (`hey susi(2)`), separated by spaces.
    public let spelling: String
    /// The phones of the whole keyphrase, in order.
    public let phones: [String]

    public init(spelling: String, phones: [String]) {
        self.spelling = spelling
        self.phones = phones
    }
}
