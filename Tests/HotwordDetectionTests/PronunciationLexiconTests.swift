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

    @Test func rejectsAnEmptyKeyphrase() {
        #expect(throws: HotwordDetectionError.emptyKeyphrase) {
            try PronunciationLexicon(keyphrases: ["  "], dictionaries: dictionaries)
        }
    }
}
