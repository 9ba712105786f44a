/// What the recogniser heard over a candidate: its words, and their phones in order.
package struct HeardSpeech: Sendable, Equatable {
    /// The words, a keyphrase word as the word itself (not its alias in the recogniser).
    package let words: [String]
    /// The phones of those words, from the recogniser's dictionary.
    package let phones: [String]
    /// Where the last of those words ends, in samples from the start of the audio heard; nil when
    /// no word was heard.
    package let wordsEnd: Int?

    /// Words heard, their phones in order, and where the last of them ends.
    package init(words: [String], phones: [String], wordsEnd: Int? = nil) {
        self.words = words
        self.phones = phones
        self.wordsEnd = wordsEnd
    }

    /// Whether the words are the start of a way of saying a keyphrase and no more: at least
    /// `leastPhones` phones, at most one phone edit from as many of its first phones, with at
    /// least `leastPhones` of its phones still to come ("wild" for "wildfire", "think" for
    /// "think engine").
    package func isStart(of ways: [KeyphrasePronunciation], leastPhones: Int) -> Bool {
        phones.count >= leastPhones && ways.contains { way in
            way.phones.count - phones.count >= leastPhones
                && PhoneEdits.count(from: phones, to: Array(way.phones.prefix(phones.count))) <= 1
        }
    }
}
