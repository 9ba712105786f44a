import TextFormatting

/// Part of a spoken answer, all in one language.
package struct SpokenPassage: Sendable, Equatable {
    /// What to say.
    package var text: String
    /// The language `text` is in, and the voice to speak it with: a code such as "de" or "de-DE".
    package var language: String

    package init(text: String, language: String) {
        self.text = text
        self.language = language
    }
}

/// What a device without a screen says for an answer: SUSI's sentences as they are, a short
/// summary of tables and feeds, and a sentence for each action it cannot carry out.
///
/// SUSI's expressions are in the query's language. The device's own sentences are too when
/// it has a ``Phrasebook`` for that language; otherwise they are English, and spoken as
/// English, so an answer can be spoken in two languages.
extension ChatAnswer {
    /// The answer to speak, one sentence or summary per action, in the server's order, with
    /// sentences next to each other in the same language joined into one passage; when SUSI
    /// had nothing to say (no action, an empty expression), the phrasebook's "no answer", so
    /// that a device without a screen does not leave the person waiting in silence. An action
    /// the device cannot carry out is mentioned once, even when the answer holds several of
    /// its kind.
    package var spokenPassages: [SpokenPassage] {
        let phrasebook = Phrasebook.forLanguage(language)
        let ownLanguage = phrasebook == nil ? Phrasebook.english.language : language
        var said: Set<String> = []
        var passages: [SpokenPassage] = []
        for action in actions {
            let sentence = action.spokenText(in: phrasebook ?? .english)
            guard !sentence.isEmpty, said.insert(sentence).inserted else { continue }
            let sentenceLanguage = if case .answer = action { language } else { ownLanguage }
            if let last = passages.last, last.language == sentenceLanguage {
                passages[passages.count - 1].text = last.text + " " + sentence
            } else {
                passages.append(SpokenPassage(text: sentence, language: sentenceLanguage))
            }
        }
        guard passages.isEmpty else { return passages }
        return [SpokenPassage(text: (phrasebook ?? .english).noAnswer, language: ownLanguage)]
    }
}

extension ChatAction {
    /// How many titles of a table or feed are read out.
    package static let spokenTitleCount = 3

    /// The action as spoken: the expression as SUSI wrote it; otherwise in `phrasebook`'s
    /// words: for a table or feed how many results there are and the first titles (a table
    /// row's title is its first cell), for the rest a sentence saying what the device cannot do;
    /// empty for an action without a type or an answer without an expression.
    package func spokenText(in phrasebook: Phrasebook) -> String {
        switch self {
        case .answer(let expression):
            return expression.trimmingWhitespace()
        case .table(_, let rows):
            return Self.summary(count: rows.count, titles: rows.compactMap(\.first), in: phrasebook)
        case .rss(let items):
            return Self.summary(count: items.count, titles: items.map(\.title), in: phrasebook)
        case .websearch(let query):
            return phrasebook.webSearch(query)
        case .map:
            return phrasebook.map
        case .anchor(_, let text):
            let name = text.trimmingWhitespace()
            return name.isEmpty ? phrasebook.link : phrasebook.namedLink(name)
        case .audioPlay:
            return phrasebook.audio
        case .videoPlay:
            return phrasebook.video
        case .timerSet:
            return phrasebook.timer
        case .mediaControl:
            return phrasebook.mediaControl
        case .unknown(let type, _):
            // No type, or an answer without its expression: nothing the device could say it
            // cannot do.
            let name = type.trimmingWhitespace()
            return name.isEmpty || name == "answer" ? "" : phrasebook.unknownAction(name.replacing("_", with: " "))
        }
    }

    /// Whether a title ending in `character` needs no full stop added.
    private static func endsASentence(_ character: Character) -> Bool { ".?!…。？！".contains(character) }

    /// "I found 7 results. The first are: A. B. C." from a count and the titles in order.
    private static func summary(count: Int, titles: [String], in phrasebook: Phrasebook) -> String {
        guard count > 0 else { return phrasebook.foundNoResults }
        let first = titles.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.prefix(spokenTitleCount)
        let found = phrasebook.foundResults(count)
        guard !first.isEmpty else { return found + "." }
        let lead = count == 1 ? found : found + ". " + (first.count == 1 ? phrasebook.firstIs : phrasebook.firstAre)
        return lead + phrasebook.colon + " " + first.map { $0.last.map(Self.endsASentence) == true ? $0 : $0 + "." }.joined(separator: " ")
    }
}
