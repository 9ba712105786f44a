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
        #expect(ways.map(\.spelling) == ["hey susi", "hey susi(2)"])
        #expect(ways.map(\.phones) == [["HH", "EY", "S", "UW", "Z", "IY"], ["HH", "EY", "S", "UW", "S", "IY"]])
        #expect(ways.map { PronunciationLexicon.keyphrase(ofSpelling: $0.spelling) } == ["hey susi", "hey susi"])
    }

    @Test func namesAWordWithNoPronunciation() {
        #expect(throws: HotwordDetectionError.unknownWord(word: "blorptastic", keyphrase: "hey blorptastic", dictionaries: dictionaries)) {
            try PronunciationLexicon(keyphrases: ["hey blorptastic"], dictionaries: dictionaries)
        }
    }

    @Test func rejectsAnEmptyKeyphrase() {
        #expect(throws: HotwordDetectionError.emptyKeyphrase) {
            try PronunciationLexicon(keyphrases: ["  "], dictionaries: dictionaries)
        }
    }
}
