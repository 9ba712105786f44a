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

/// What a device without a screen says for an answer: SUSI's sentences as words (without
/// markup, a web address as "a link"), a short summary of tables and feeds, and a sentence
/// for each action it cannot carry out.
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
            let sentence = action.spokenText(in: phrasebook)
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
    /// The names of the column whose cells are a table row's title, when a table has one.
    private static let titleColumnNames: Set<String> = ["title", "name", "label"]

    /// The action as spoken, made ``Swift/String/speakable(sayingForALink:)``: the expression
    /// as SUSI wrote it; otherwise in `phrasebook`'s words: for a table or feed how many results
    /// there are and the first titles (a table row's title is its cell in ``titleColumn(of:)``),
    /// for the rest a sentence saying what the device cannot do; empty for an action without a
    /// type or an answer without an expression. With no phrasebook (the query's language has
    /// none) the device's sentences are English and a web address in an expression is left
    /// out: the query's voice would spell the English words.
    package func spokenText(in phrasebook: Phrasebook?) -> String {
        let book = phrasebook ?? .english
        func speakable(_ text: String) -> String { text.speakable(sayingForALink: book.webAddress) }
        switch self {
        case .answer(let expression):
            return expression.speakable(sayingForALink: phrasebook?.webAddress ?? "")
        case .table(let columns, let rows):
            let titles = Self.titleColumn(of: columns, rows: rows).map { column in rows.map { column < $0.count ? $0[column] : "" } } ?? []
            return Self.summary(count: rows.count, titles: titles.map(speakable), in: book)
        case .rss(let items):
            return Self.summary(count: items.count, titles: items.map { speakable($0.title) }, in: book)
        case .websearch(let query):
            return book.webSearch(speakable(query))
        case .map:
            return book.map
        case .anchor(let link, let text):
            // Text that is the address itself is no name for it.
            let name = text.isWebAddress || text.trimmingWhitespace() == link.trimmingWhitespace() ? "" : speakable(text)
            return name.isEmpty ? book.link : book.namedLink(name)
        case .audioPlay:
            return book.audio
        case .videoPlay:
            return book.video
        case .timerSet:
            return book.timer
        case .mediaControl:
            return book.mediaControl
        case .unknown(let type, _):
            // No type, or an answer without its expression: nothing the device could say it
            // cannot do.
            let name = type.trimmingWhitespace()
            return name.isEmpty || name == "answer" ? "" : book.unknownAction(name.replacing("_", with: " "))
        }
    }

    /// The index of the column read as each row's title: the first whose key or header is
    /// "title", "name" or "label" (in any case), else the first with a cell that is neither a
    /// number nor a web address; nil when there is none (the count alone is said), as
    /// "The first are: 3645000. 1841000." says nothing.
    static func titleColumn(of columns: [TableColumn], rows: [[String]]) -> Int? {
        let named = columns.firstIndex { column in
            [column.key, column.header].contains { titleColumnNames.contains($0.trimmingWhitespace().lowercased()) }
        }
        if let named { return named }
        return columns.indices.first { column in
            rows.contains { row in
                let cell = column < row.count ? row[column].trimmingWhitespace() : ""
                return !cell.isEmpty && !cell.isWebAddress && !isNumber(cell)
            }
        }
    }

    /// Whether `cell` is a number, with or without a sign, thousands separators, a percent sign.
    private static func isNumber(_ cell: String) -> Bool {
        let digits = cell.filter { $0 != "," && $0 != "_" && !$0.isWhitespace }
        return Double(digits.hasSuffix("%") ? String(digits.dropLast()) : digits)?.isFinite == true
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
