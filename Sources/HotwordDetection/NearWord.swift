import Foundation

/// Rare words that sound like a keyphrase's words, to add to the recogniser's vocabulary.
///
/// The recogniser weighs a candidate against the words it knows, and the words that sound most
/// like a keyphrase are mostly rare ones ("pewter" for "computer", "sousa" for "susi"): without
/// them a real keyword comes out as a common word further off, or background speech as the
/// keyphrase itself. The project's vocabulary (`Models/verifier/`) holds the most frequent words;
/// the rest of the general vocabulary waits in `rare-words.txt`, and the words near the
/// keyphrases in use are added when the detector starts. The rest are left out, for memory: the
/// recogniser's memory grows with its vocabulary.
package struct NearWord: Sendable, Equatable {
    /// The word as the dictionary spells it.
    package let word: String
    /// log10 of its unigram probability in the general model.
    package let log10Probability: Double
    /// Every pronunciation of it, in the file's order.
    package let pronunciations: [[String]]

    /// The words of the file at `path` (lines of `WORD LOG10 PHONE...`, one per pronunciation,
    /// a word's lines together) that have a pronunciation within half the phones (rounded up)
    /// of one of `pronunciations`, in the file's order.
    ///
    /// The file has about 65,000 lines, so it is read a line at a time (not whole, which would
    /// add its 2 MB to the detector's peak memory), and a line becomes strings only when its
    /// phone count could be near: the scan stays in tens of milliseconds.
    package static func near(_ pronunciations: [[String]], in path: String) throws(HotwordDetectionError) -> [NearWord] {
        guard let file = fopen(path, "r") else { throw .modelFileMissing(path: path, package: "susi-listen (its Models/ folder)") }
        defer { fclose(file) }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        let phoneCounts = Set(pronunciations.flatMap { keyphraseWord in
            let allowed = (keyphraseWord.count + 1) / 2
            return (keyphraseWord.count - allowed)...(keyphraseWord.count + allowed)
        })
        var found: [NearWord] = []
        // The word being read (its lines come together), its probability and its lines.
        var word: ArraySlice<UInt8> = [], log10Probability = 0.0, lines: [ArraySlice<UInt8>] = [], isNear = false
        func finishWord() {
            guard isNear else { return }
            found.append(NearWord(word: String(decoding: word, as: UTF8.self), log10Probability: log10Probability,
                                  pronunciations: lines.map { Self.phones(of: $0) }))
        }
        var lineNumber = 0
        while case let length = getline(&buffer, &capacity, file), length > 0, let buffer {
            let text = UnsafeRawBufferPointer(start: buffer, count: length)
            let line = ArraySlice(text.last == UInt8(ascii: "\n") ? text.dropLast() : text[...])
            lineNumber += 1
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2)
            guard fields.count == 3, let probability = Double(String(decoding: fields[1], as: UTF8.self)) else {
                throw .unusableModelFile(path: path, problem: .notADictionary(line: lineNumber))
            }
            if fields[0] != word {
                finishWord()
                (word, log10Probability, lines, isNear) = (fields[0], probability, [], false)
            }
            lines.append(line)
            let phoneCount = fields[2].reduce(1) { $0 + ($1 == UInt8(ascii: " ") ? 1 : 0) }
            if !isNear && phoneCounts.contains(phoneCount) {
                let phones = Self.phones(of: line)
                isNear = pronunciations.contains { isWithinHalf(phones, of: $0) }
            }
        }
        finishWord()
        return found
    }

    /// The phones of a line `WORD LOG10 PHONE...`.
    private static func phones(of line: ArraySlice<UInt8>) -> [String] {
        line.split(separator: UInt8(ascii: " ")).dropFirst(2).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `phones` lie within half of `keyphraseWord`'s phones (rounded up) of it.
    static func isWithinHalf(_ phones: [String], of keyphraseWord: [String]) -> Bool {
        let allowed = (keyphraseWord.count + 1) / 2
        return abs(phones.count - keyphraseWord.count) <= allowed && PhoneEdits.count(from: phones, to: keyphraseWord) <= allowed
    }
}
