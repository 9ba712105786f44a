import FoundationEssentials
import PocketSphinxSupport

/// Pronunciations of the words of a set of keyphrases: the user's own first, then the
/// dictionaries in order; the first source that knows a word gives all of its variants.
package struct PronunciationLexicon: Sendable, Equatable {
    /// Phone sequences per word, in their source's order (`word`, `word(2)`, ...).
    package private(set) var pronunciations: [String: [[String]]] = [:]
    /// The name of each keyphrase's entry in the spotting dictionary (`hey_susi` for "hey
    /// susi"), and back.
    private var entryNames: [String: String] = [:]
    private var keyphrasesByEntryName: [String: String] = [:]

    /// The most words a keyphrase may have: a wake phrase is said in one breath.
    package static let maximumWordsPerKeyphrase = 8
    /// The most ways of saying one keyphrase (combinations of its words' pronunciations): each
    /// is an entry the spotter searches for, and their number multiplies with every word.
    package static let maximumPronunciationsPerKeyphrase = 64

    /// Looks up every word of `keyphrases` in `userPronunciations`, then in `dictionaries`
    /// (paths, searched in order).
    ///
    /// With a `phoneSet`, every phone of the user's pronunciations and of the dictionary entries
    /// used must be one of the model's; phones are then spelled as the model spells them, with
    /// CMUdict stress digits dropped (see `AcousticModelPhoneSet.modelPhone(_:)`). Without one,
    /// phones are only upper-cased.
    package init(keyphrases: [String], userPronunciations: [UserPronunciation] = [], dictionaries: [String],
                phoneSet: AcousticModelPhoneSet? = nil) throws(HotwordDetectionError) {
        var wanted = Set<String>()
        for keyphrase in keyphrases {
            let words = Self.words(of: keyphrase)
            if words.isEmpty { throw .emptyKeyphrase }
            if words.count > Self.maximumWordsPerKeyphrase { throw .tooManyWords(keyphrase: keyphrase, words: words.count) }
            if let word = words.first(where: { $0.contains(where: Self.reservedCharacters.contains) }) {
                throw .reservedCharacterInWord(word: word, keyphrase: keyphrase)
            }
            wanted.formUnion(words)
        }
        for (word, variants) in try Self.userEntries(userPronunciations, phoneSet: phoneSet) where wanted.contains(word) {
            pronunciations[word] = variants
        }
        wanted.subtract(pronunciations.keys)
        for (word, entry) in try Self.dictionaryEntries(of: wanted, in: dictionaries, phoneSet: phoneSet) {
            pronunciations[word] = entry.variants
        }
        for keyphrase in keyphrases {
            let words = Self.words(of: keyphrase)
            for word in words where pronunciations[word] == nil {
                throw .unknownWord(word: word, keyphrase: keyphrase, dictionaries: dictionaries)
            }
            // Counted without multiplying past the limit: the product of many words' variants overflows.
            var combinations = 1
            for word in words where combinations <= Self.maximumPronunciationsPerKeyphrase {
                combinations *= pronunciations[word]?.count ?? 1
            }
            if combinations > Self.maximumPronunciationsPerKeyphrase {
                throw .tooManyPronunciations(keyphrase: keyphrase, combinations: combinations)
            }
            let phrase = words.joined(separator: " ")
            guard entryNames[phrase] == nil else { continue }
            // A word may itself hold "_": the name is made unique, since hits map back by it.
            var name = words.joined(separator: "_")
            while keyphrasesByEntryName[name] != nil { name += "_" }
            entryNames[phrase] = name
            keyphrasesByEntryName[name] = phrase
        }
    }

    /// The user's pronunciations of each word they give one for, in their order, spelled as
    /// `phoneSet` spells phones (see `init`). Every one is checked, whatever word it is for: a
    /// mistake in one shows at once.
    package static func userEntries(_ userPronunciations: [UserPronunciation],
                                    phoneSet: AcousticModelPhoneSet?) throws(HotwordDetectionError) -> [String: [[String]]] {
        var entries: [String: [[String]]] = [:]
        for pronunciation in userPronunciations {
            entries[pronunciation.word, default: []].append(try modelPhones(pronunciation.phones, of: pronunciation.word, from: nil, in: phoneSet))
        }
        return entries
    }

    /// The pronunciations of each of `words` (lower-cased) that a dictionary knows, with the first
    /// of `dictionaries` (paths, searched in order) that has it: all of that dictionary's
    /// variants, spelled as `phoneSet` spells phones (see `init`).
    package static func dictionaryEntries(of words: Set<String>, in dictionaries: [String],
                                          phoneSet: AcousticModelPhoneSet?) throws(HotwordDetectionError) -> [String: DictionaryEntry] {
        var wanted = words
        var found: [String: DictionaryEntry] = [:]
        for dictionary in dictionaries where !wanted.isEmpty {
            for (word, variants) in try entries(for: wanted, in: dictionary) {
                found[word] = DictionaryEntry(dictionary: dictionary, variants: try variants.map { phones throws(HotwordDetectionError) in
                    try modelPhones(phones, of: word, from: dictionary, in: phoneSet)
                })
                wanted.remove(word)
            }
        }
        return found
    }

    /// A word's pronunciations in a dictionary.
    package struct DictionaryEntry: Sendable, Equatable {
        /// The dictionary's path.
        package let dictionary: String
        /// Its pronunciations there, in order (`word`, `word(2)`, ...).
        package let variants: [[String]]
    }

    /// The lower-cased words of a keyphrase.
    package static func words(of keyphrase: String) -> [String] {
        keyphrase.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// The keyphrase as its lower-cased words one space apart: two ways of writing one
    /// keyphrase ("Hey  Susi", "hey susi") give the same.
    package static func normalised(_ keyphrase: String) -> String {
        words(of: keyphrase).joined(separator: " ")
    }

    /// Characters PocketSphinx gives a meaning inside a word: `word(2)` names the second
    /// pronunciation of `word`, and `/` ends a keyphrase in a keyphrase list.
    package static let reservedCharacters: Set<Character> = ["(", ")", "/"]

    /// Number of phones of the shortest pronunciation of `keyphrase`.
    package func phoneCount(of keyphrase: String) -> Int {
        Self.words(of: keyphrase).reduce(0) { total, word in
            total + (pronunciations[word]?.map(\.count).min() ?? 0)
        }
    }

    /// Every way of saying `keyphrase`: one for each combination of its words' pronunciations,
    /// each a single entry of the spotting dictionary (`hey_susi`, `hey_susi(2)`).
    package func keyphrasePronunciations(of keyphrase: String) -> [KeyphrasePronunciation] {
        let words = Self.words(of: keyphrase)
        let name = entryNames[words.joined(separator: " ")] ?? words.joined(separator: "_")
        let combinations = words.reduce([[[String]]()]) { heads, word in
            heads.flatMap { head in (pronunciations[word] ?? []).map { head + [$0] } }
        }
        return combinations.enumerated().map { index, wordPhones in
            KeyphrasePronunciation(entry: DecodedWord.entry(of: name, variant: index), wordPhones: wordPhones)
        }
    }

    /// The keyphrase a `KeyphrasePronunciation.entry` says (`hey_susi(2)` -> `hey susi`), if it is
    /// one of this lexicon's.
    package func keyphrase(ofEntry entry: String) -> String? {
        keyphrasesByEntryName[DecodedWord.baseWord(of: entry)]
    }

    /// The spotting dictionary, as a PocketSphinx dictionary file: one entry for every way of
    /// saying each keyphrase, its words joined into one. PocketSphinx's keyword search models
    /// the phones at a boundary between two dictionary words as if a silence lay there (the
    /// last phone of "hey" before silence, the first of "google" after it); within one entry it
    /// models them as spoken together, which is how a keyphrase is said.
    package var dictionaryText: String {
        let lines = entryNames.keys.sorted().flatMap { keyphrase in
            keyphrasePronunciations(of: keyphrase).map { $0.entry + " " + $0.phones.joined(separator: " ") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The pronunciations of `wanted` words in the dictionary at `path`.
    ///
    /// The general dictionary has 134,723 lines, so lines are matched as bytes and only the
    /// wanted ones become strings: start-up stays in milliseconds.
    private static func entries(for wanted: Set<String>, in path: String) throws(HotwordDetectionError) -> [String: [[String]]] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .modelFileMissing(path: path, package: AcousticModelFiles.modelPackage)
        }
        let wantedBytes = Set(wanted.map { Array($0.utf8)[...] })
        var found: [String: [[String]]] = [:]
        try TextFileLines.forEach(in: [UInt8](data)) { line, lineNumber throws(HotwordDetectionError) in
            let headEnd = line.firstIndex { TextFileLines.isFieldSeparator($0) || $0 == UInt8(ascii: "(") } ?? line.endIndex
            var head = line[line.startIndex..<headEnd]
            if head.contains(where: isUppercase) { head = ArraySlice(head.map { isUppercase($0) ? $0 + 32 : $0 }) }
            guard wantedBytes.contains(head) else { return }
            let text = String(decoding: line, as: UTF8.self)
            let content = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = fields.first else { return }
            if fields.count < 2 {
                throw .malformedDictionary(path: path, line: lineNumber, text: text)
            }
            found[DecodedWord.baseWord(of: first.lowercased()), default: []].append(fields.dropFirst().map(String.init))
        }
        return found
    }

    /// `phones` as `phoneSet` spells them, or an error naming the first it does not have.
    private static func modelPhones(_ phones: [String], of word: String, from dictionary: String?,
                                    in phoneSet: AcousticModelPhoneSet?) throws(HotwordDetectionError) -> [String] {
        guard let phoneSet else { return phones.map { $0.uppercased() } }
        return try phones.map { phone throws(HotwordDetectionError) in
            guard let modelPhone = phoneSet.modelPhone(phone) else {
                throw .unknownPhone(phone: phone, word: word, dictionary: dictionary, phoneSet: phoneSet)
            }
            return modelPhone
        }
    }

    private static func isUppercase(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
