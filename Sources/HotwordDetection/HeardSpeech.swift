/// What the recogniser heard over a candidate: its words, and their phones in order.
package struct HeardSpeech: Sendable, Equatable {
    /// The words, a keyphrase word as the word itself (not its alias in the recogniser).
    package let words: [String]
    /// The phones of those words, from the recogniser's dictionary.
    package let phones: [String]
    /// The sample just past the last of those words, counted from the start of the audio heard;
    /// nil when no word was heard.
    package let end: Int?

    /// Words heard, their phones in order, and where the last of them ends.
    package init(words: [String], phones: [String], end: Int? = nil) {
        self.words = words
        self.phones = phones
        self.end = end
    }
}
