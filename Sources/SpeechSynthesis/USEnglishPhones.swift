/// US English phones (the CMU dictionary's, stress left out) from the IPA phonemes espeak-ng
/// gives, so that espeak-ng's letter-to-sound rules can guess how a word the dictionaries lack is
/// said (`susi-listen pronounce`).
///
/// espeak-ng's US English names some sounds the CMU dictionary spells with two phones (`ˈɑːɹ`,
/// `aɪɚ`, the syllabic `n̩`), and some it has no phone for: the flap `ɾ` of "water" and the glottal
/// stop `ʔ` of "button" are `T`, as the dictionary spells both words. How often the guess is the
/// dictionary's own: docs/detection.md, "A word no dictionary knows".
package enum USEnglishPhones {
    /// The phones of one word, from its phonemes as ``SpeechSynthesizer/phonemes(of:language:)``
    /// gives them; stress marks are dropped.
    /// - Throws: `SpeechSynthesisError.failed` naming a phoneme that has no US English phone.
    package static func phones(ofPhonemes phonemes: [String], word: String) throws(SpeechSynthesisError) -> [String] {
        var phones: [String] = []
        for phoneme in phonemes {
            let sound = String(phoneme.unicodeScalars.filter { !stressMarks.contains($0) })
            if sound.isEmpty { continue }
            guard let spelled = phonesByPhoneme[sound] ?? Self.phones(ofParts: sound) else {
                throw .failed(text: word, reason: "espeak-ng says the phoneme \"\(sound)\", which has no US English phone")
            }
            // espeak-ng links an R-coloured vowel to the vowel after it with an R of its own
            // ("hurry" is `h ˈɜː ɹ i`), which the dictionary never writes after one.
            let linkingR = spelled == ["R"] && (phones.last == "ER" || phones.last == "R")
            if !linkingR { phones += spelled }
        }
        return phones
    }

    /// The phones of a phoneme the table lacks, read as the longest known phonemes and marks it
    /// starts with, one after another (`nʲ` is `n` and the palatal `ʲ`: `N Y`); nil when some
    /// part of it is not known.
    private static func phones(ofParts sound: String) -> [String]? {
        var rest = Substring(sound)
        var phones: [String] = []
        while !rest.isEmpty {
            let longest = (1...min(3, rest.count)).reversed().lazy.compactMap { length in
                phonesByPhoneme[String(rest.prefix(length))].map { (length, $0) }
            }.first
            guard let (length, spelled) = longest else { return nil }
            phones += spelled
            rest = rest.dropFirst(length)
        }
        return phones
    }

    /// Primary and secondary stress, which the phones leave out.
    private static let stressMarks: Set<Unicode.Scalar> = ["ˈ", "ˌ"]

    /// Each phoneme espeak-ng's English voices use, as the CMU dictionary's phones.
    private static let phonesByPhoneme: [String: [String]] = [
        // Vowels and diphthongs.
        "ə": ["AH"], "ʌ": ["AH"], "ɐ": ["AH"], "ɚ": ["ER"], "ɜː": ["ER"], "ɜ": ["ER"],
        "æ": ["AE"], "a": ["AE"], "ɑː": ["AA"], "ɑ": ["AA"], "ɒ": ["AA"], "ɔː": ["AO"], "ɔ": ["AO"], "oː": ["AO"],
        "ɪ": ["IH"], "ᵻ": ["IH"], "iː": ["IY"], "i": ["IY"], "ʊ": ["UH"], "uː": ["UW"], "u": ["UW"],
        "ɛ": ["EH"], "e": ["EH"], "eɪ": ["EY"], "aɪ": ["AY"], "ɔɪ": ["OY"], "aʊ": ["AW"], "oʊ": ["OW"], "əʊ": ["OW"], "o": ["OW"],
        // Vowels with the R after them, and the British centring diphthongs.
        "ɑːɹ": ["AA", "R"], "ɔːɹ": ["AO", "R"], "oːɹ": ["AO", "R"], "ɛɹ": ["EH", "R"], "ɪɹ": ["IH", "R"], "ʊɹ": ["UH", "R"],
        "aɪɚ": ["AY", "ER"], "aɪə": ["AY", "ER"], "aʊɚ": ["AW", "ER"], "aʊə": ["AW", "ER"],
        "ɛə": ["EH", "R"], "eə": ["EH", "R"], "ɪə": ["IH", "R"], "ʊə": ["UH", "R"], "iə": ["IY", "AH"],
        // French nasal vowels, as the dictionary spells borrowed words ("croissant").
        "ɑ̃": ["AA", "N"], "ɛ̃": ["EH", "N"], "ɔ̃": ["AO", "N"], "œ̃": ["AH", "N"],
        // Syllabic consonants: a vowel and the consonant.
        "əl": ["AH", "L"], "l̩": ["AH", "L"], "n̩": ["AH", "N"], "m̩": ["AH", "M"],
        // Consonants.
        "p": ["P"], "b": ["B"], "t": ["T"], "d": ["D"], "k": ["K"], "ɡ": ["G"], "g": ["G"],
        "f": ["F"], "v": ["V"], "θ": ["TH"], "ð": ["DH"], "s": ["S"], "z": ["Z"], "ʃ": ["SH"], "ʒ": ["ZH"],
        "h": ["HH"], "tʃ": ["CH"], "dʒ": ["JH"], "m": ["M"], "n": ["N"], "ŋ": ["NG"],
        "l": ["L"], "ɫ": ["L"], "ɬ": ["L"], "ɹ": ["R"], "r": ["R"], "j": ["Y"], "w": ["W"], "ʍ": ["W"],
        "ɾ": ["T"], "ʔ": ["T"], "x": ["K"], "ç": ["HH"],
        // Marks after a phoneme: palatalised, labialised, aspirated, long.
        "ʲ": ["Y"], "ʷ": ["W"], "ʰ": [], "ː": [],
    ]
}
