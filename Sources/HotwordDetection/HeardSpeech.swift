/// What the recogniser heard over a candidate: its words, and their phones in order.
package struct HeardSpeech: Sendable, Equatable {
    /// The words, a keyphrase word as the word itself (not its alias in the recogniser).
    package let words: [String]
    /// The phones of those words, from the recogniser's dictionary.
    package let phones: [String]

    /// Words heard, and their phones in order.
    package init(words: [String], phones: [String]) {
        self.words = words
        self.phones = phones
    }
}
