import TextFormatting

/// A pronunciation the user gives for a word, written `WORD=PHONES` (`susi=S UW Z IY`).
///
/// It comes before every dictionary and replaces their entries for the word; several for the
/// same word are its variants, in order. Its phones are checked against the acoustic model when
/// the lexicon is built (`PronunciationLexicon`).
package struct UserPronunciation: Sendable, Equatable {
    /// Why a `WORD=PHONES` text is not a pronunciation.
    package enum FormatError: Error, Equatable, CustomStringConvertible {
        /// No `=` between the word and its phones.
        case missingEquals
        /// Nothing before the `=`.
        case emptyWord
        /// The word holds a space: a pronunciation is for one word.
        case spaceInWord(String)
        /// Nothing after the `=`.
        case noPhones

        package var description: String {
            let form = "write WORD=PHONES, e.g. \"susi=S UW Z IY\""
            switch self {
            case .missingEquals: return "no \"=\" between the word and its phones; \(form)"
            case .emptyWord: return "no word before \"=\"; \(form)"
            case .spaceInWord(let word): return "\"\(word)\" is more than one word; give one pronunciation per word, e.g. \"hey=HH EY\""
            case .noPhones: return "no phones after \"=\"; \(form)"
            }
        }
    }

    /// The word, lower-cased as keyphrase words are.
    package let word: String
    /// Its phones, as given; `PronunciationLexicon` turns them into the model's.
    package let phones: [String]

    /// `word` (lower-cased) pronounced as `phones`.
    package init(word: String, phones: [String]) {
        self.word = word.lowercased()
        self.phones = phones
    }

    /// The pronunciation as `WORD=PHONES` reads it: `susi=S UW Z IY`.
    package var text: String { word + "=" + phones.joined(separator: " ") }

    /// Reads `WORD=PHONES`: phones are separated by spaces or tabs, and spaces around the word
    /// are ignored.
    package init(parsing text: String) throws(FormatError) {
        guard let equals = text.firstIndex(of: "=") else { throw .missingEquals }
        let word = text[..<equals].trimmingWhitespace()
        let phones = text[text.index(after: equals)...].split(whereSeparator: \.isWhitespace).map(String.init)
        if word.isEmpty { throw .emptyWord }
        if word.contains(where: \.isWhitespace) { throw .spaceInWord(word) }
        if phones.isEmpty { throw .noPhones }
        self.init(word: word, phones: phones)
    }
}
