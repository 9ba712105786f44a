/// What the recogniser heard over a candidate: its words, and their phones in order.
public struct HeardSpeech: Sendable, Equatable {
    /// The words, a keyphrase word as the word itself (not its alias in the recogniser).
    public let words: [String]
    /// The phones of those words, from the recogniser's dictionary.
    public let phones: [String]

    /// Words heard, and their phones in order.
    public init(words: [String], phones: [String]) {
        self.words = words
        self.phones = phones
    }
}
