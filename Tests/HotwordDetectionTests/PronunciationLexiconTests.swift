import Testing
@testable import HotwordDetection

@Suite struct PronunciationLexiconTests {
    let dictionaries = [Fixtures.keywordDictionary, AcousticModelFiles().generalDictionary]

    @Test func takesTheProjectsPronunciationsOfSusiBeforeTheGeneralDictionary() throws {
        let lexicon = try PronunciationLexicon(keyphrases: ["susi"], dictionaries: dictionaries)
        #expect(lexicon.pronunciations["susi"] == [["S", "UW", "Z", "IY"], ["S", "UW", "S", "IY"]])
        #expect(lexicon.dictionaryText == "susi S UW Z IY\nsusi(2) S UW S IY\n")
    }

    @Test func findsEveryVariantOfAGeneralDictionaryWord() throws {
        let lexicon = try PronunciationLexicon(keyphrases: ["Jarvis", "ok computer"], dictionaries: dictionaries)
        #expect(lexicon.pronunciations["jarvis"] == [["JH", "AA", "R", "V", "AH", "S"], ["JH", "AA", "R", "V", "IH", "S"]])
        #expect(lexicon.phoneCount(of: "ok computer") == 3 + 8)
    }

    @Test func saysAKeyphraseEveryWayItsWordsCanBeSaid() throws {
        let lexicon = try PronunciationLexicon(keyphrases: ["hey susi"], dictionaries: dictionaries)
        let ways = lexicon.keyphrasePronunciations(of: "hey susi")
        #expect(ways.map(\.entry) == ["hey_susi", "hey_susi(2)"])
        #expect(ways.map(\.phones) == [["HH", "EY", "S", "UW", "Z", "IY"], ["HH", "EY", "S", "UW", "S", "IY"]])
        #expect(ways.map { lexicon.keyphrase(ofEntry: $0.entry) } == ["hey susi", "hey susi"])
        #expect(lexicon.dictionaryText == "hey_susi HH EY S UW Z IY\nhey_susi(2) HH EY S UW S IY\n")
    }

    @Test func keepsTheEntriesOfAKeyphraseApartFromAWordSpelledLikeThem() throws {
        let lexicon = try PronunciationLexicon(keyphrases: ["hey susi", "Hey_Susi"],
                                               userPronunciations: [UserPronunciation(word: "hey_susi", phones: ["HH", "EY", "S", "UW", "S", "IY"])],
                                               dictionaries: dictionaries)
        let entries = ["hey susi", "hey_susi"].map { lexicon.keyphrasePronunciations(of: $0).map(\.entry) }
        #expect(entries == [["hey_susi", "hey_susi(2)"], ["hey_susi_"]])
        #expect(entries.joined().map { lexicon.keyphrase(ofEntry: $0) } == ["hey susi", "hey susi", "hey_susi"])
    }

    @Test func namesAWordWithNoPronunciation() {
        #expect(throws: HotwordDetectionError.unknownWord(word: "blorptastic", keyphrase: "hey blorptastic", dictionaries: dictionaries)) {
            try PronunciationLexicon(keyphrases: ["hey blorptastic"], dictionaries: dictionaries)
        }
    }

    @Test func rejectsWordsWithPocketSphinxMarkup() {
        for keyphrase in ["susi(2)", "hey su/si", "(susi)"] {
            #expect(throws: HotwordDetectionError.reservedCharacterInWord(word: PronunciationLexicon.words(of: keyphrase).last!, keyphrase: keyphrase)) {
                try PronunciationLexicon(keyphrases: [keyphrase], dictionaries: dictionaries)
            }
        }
    }

    /// "computer" has one pronunciation, "jarvis" two: nine "computer"s are too many words,
    /// seven "jarvis"es too many ways of saying them (128); one word fewer is within the limits.
    @Test(arguments: [
        ("computer", 9, HotwordDetectionError.tooManyWords(keyphrase: repeated("computer", 9), words: 9), 1),
        ("jarvis", 7, HotwordDetectionError.tooManyPronunciations(keyphrase: repeated("jarvis", 7), combinations: 128), 64),
    ])
    func refusesAKeyphraseBeyondTheLimitsAndTakesOneWordFewer(_ word: String, count: Int, error: HotwordDetectionError, waysOfOneFewer: Int) throws {
        #expect(throws: error) { try PronunciationLexicon(keyphrases: [repeated(word, count)], dictionaries: dictionaries) }
        let fewer = repeated(word, count - 1)
        #expect(try PronunciationLexicon(keyphrases: [fewer], dictionaries: dictionaries).keyphrasePronunciations(of: fewer).count == waysOfOneFewer)
    }

    @Test func rejectsAnEmptyKeyphrase() {
        #expect(throws: HotwordDetectionError.emptyKeyphrase) {
            try PronunciationLexicon(keyphrases: ["  "], dictionaries: dictionaries)
        }
    }
}

/// `word` said `count` times, as one keyphrase.
private func repeated(_ word: String, _ count: Int) -> String {
    Array(repeating: word, count: count).joined(separator: " ")
}
