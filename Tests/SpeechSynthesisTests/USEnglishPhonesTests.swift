import SpeechSynthesis
import Testing

/// espeak-ng's letter-to-sound rules read back as the CMU dictionary's US English phones, with
/// the real library: what `susi-listen pronounce` guesses for a word no dictionary knows.
@Suite(.serialized) struct USEnglishPhonesTests {
    private func guess(_ word: String) throws -> [String] {
        let phonemes = try SpeechSynthesizer.shared().phonemes(of: word, language: "en-us")
        return try USEnglishPhones.phones(ofPhonemes: phonemes.flatMap { $0 }, word: word)
    }

    @Test func spellsCommonWordsAsTheDictionaryDoes() throws {
        // The flap of "computer" and "water" and the glottal stop of "button" are the dictionary's T.
        #expect(try guess("computer") == ["K", "AH", "M", "P", "Y", "UW", "T", "ER"])
        #expect(try guess("water") == ["W", "AO", "T", "ER"])
        #expect(try guess("button") == ["B", "AH", "T", "AH", "N"])
        #expect(try guess("think") == ["TH", "IH", "NG", "K"])
        #expect(try guess("wildfire") == ["W", "AY", "L", "D", "F", "AY", "ER"])
    }

    @Test func leavesOutTheRThatLinksAnRColouredVowelToTheNext() throws {
        // espeak-ng says "hurry" as h ˈɜː ɹ i; the dictionary writes HH ER IY.
        #expect(try guess("hurry") == ["HH", "ER", "IY"])
        let ferrari = try guess("ferrari")
        #expect(ferrari.filter { $0 == "R" }.count == 1, "\(ferrari)")
    }

    @Test func readsAPalatalisedConsonantAsTheConsonantAndY() throws {
        // espeak-ng's "jalapeno" holds nʲ, which no table entry names whole.
        let jalapeno = try guess("jalapeno")
        #expect(jalapeno.contains(["N", "Y"]), "\(jalapeno)")
    }

    @Test func givesEachWordOfATextItsPhonemesAndSaysNumbersAsWords() throws {
        let words = try SpeechSynthesizer.shared().phonemes(of: "hey r2d2", language: "en-us")
        #expect(words.count >= 2, "\(words)")
        #expect(try USEnglishPhones.phones(ofPhonemes: words[0], word: "hey") == ["HH", "EY"])
        let droid = try guess("r2d2")
        #expect(droid.count >= 6, "\(droid)")
    }

    @Test func namesAPhonemeWithNoUSEnglishPhone() {
        #expect(throws: SpeechSynthesisError.failed(text: "bach", reason: "espeak-ng says the phoneme \"q\", which has no US English phone")) {
            try USEnglishPhones.phones(ofPhonemes: ["b", "ˈɑː", "q"], word: "bach")
        }
    }
}
