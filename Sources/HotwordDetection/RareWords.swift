import FoundationEssentials
import PocketSphinxSupport

/// The general vocabulary's rarer words, which the recogniser's own model leaves out to save
/// memory, with their unigram probabilities and pronunciations. Those that sound near a keyphrase
/// word are put back at start-up: a rare word that sounds like the keyphrase ("Sousa" for "susi")
/// is what the recogniser needs to turn down a candidate that was that word.
///
/// The file (`Models/verifier/rare-words.txt`) has one line per pronunciation,
/// `ENTRY LOG10-PROBABILITY PHONE...`: the entry named as in a PocketSphinx dictionary (`sousa`,
/// `sousa(2)`), the probability its word's on the scale of the recogniser's model.
package enum RareWords {
    /// A word put back: its unigram probability and every pronunciation.
    package struct Word: Equatable, Sendable {
        package var word: String
        package var log10Probability: Double
        package var entries: [Entry]
    }

    /// One pronunciation: its dictionary entry (`sousa`, `sousa(2)`) and phones.
    package struct Entry: Equatable, Sendable {
        package var name: String
        package var phones: [String]
    }

    /// The words of the file at `path` with a pronunciation at most half as many phone edits
    /// (rounded down) from one of a keyphrase word's pronunciations as that has phones: within
    /// what the verdict could take for the keyword at any sensitivity, and so words the
    /// recogniser must be able to hear instead. Each with all its pronunciations, in file order.
    /// - Throws: `.modelFileMissing` for a file that cannot be read, `.malformedDictionary` for
    ///   a line that is not `ENTRY LOG10-PROBABILITY PHONE...`.
    package static func near(_ lexicon: PronunciationLexicon, in path: String) throws(HotwordDetectionError) -> [Word] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .modelFileMissing(path: path, package: AcousticModelFiles.projectModels)
        }
        let bytes = [UInt8](data)
        let keywordPronunciations = lexicon.pronunciations.values.flatMap { $0 }.filter { !$0.isEmpty }
        let nearLengths = Set(keywordPronunciations.flatMap { phones in
            (phones.count - allowance(phones))...(phones.count + allowance(phones))
        })
        // Two passes: the words near a keyphrase word, then every pronunciation of those. Only
        // lines with a phone count that could be near become strings.
        var nearWords = Set<String>()
        try forEachEntry(in: bytes, path: path) { fields, _ in
            guard nearLengths.contains(fields.count - 2) else { return }
            let phones = fields.dropFirst(2).map { String(decoding: $0, as: UTF8.self) }
            if keywordPronunciations.contains(where: { PhoneEdits.count(from: phones, to: $0) <= allowance($0) }) {
                nearWords.insert(DecodedWord.baseWord(of: String(decoding: fields[0], as: UTF8.self)))
            }
        }
        var words: [Word] = []
        var indexOfWord: [String: Int] = [:]
        try forEachEntry(in: bytes, path: path) { fields, log10Probability in
            let name = String(decoding: fields[0], as: UTF8.self)
            let word = DecodedWord.baseWord(of: name)
            guard nearWords.contains(word) else { return }
            let entry = Entry(name: name, phones: fields.dropFirst(2).map { String(decoding: $0, as: UTF8.self) })
            if let index = indexOfWord[word] {
                words[index].entries.append(entry)
            } else {
                indexOfWord[word] = words.count
                words.append(Word(word: word, log10Probability: log10Probability, entries: [entry]))
            }
        }
        return words
    }

    /// Calls `body` with the fields of every line that has any, and its probability.
    private static func forEachEntry(in bytes: [UInt8], path: String,
                                     _ body: ([ArraySlice<UInt8>], Double) -> Void) throws(HotwordDetectionError) {
        try TextFileLines.forEach(in: bytes) { line, lineNumber throws(HotwordDetectionError) in
            let fields = line.split(whereSeparator: TextFileLines.isFieldSeparator)
            if fields.isEmpty { return }
            guard fields.count >= 3, let probability = Double(String(decoding: fields[1], as: UTF8.self)), probability <= 0 else {
                throw .malformedDictionary(path: path, line: lineNumber, text: String(decoding: line, as: UTF8.self))
            }
            body(fields, probability)
        }
    }

    /// Phone edits within which a word counts as near a pronunciation.
    private static func allowance(_ phones: [String]) -> Int { phones.count / 2 }
}
