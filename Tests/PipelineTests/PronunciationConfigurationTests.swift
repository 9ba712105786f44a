import HotwordDetection
import Testing
@testable import Pipeline

/// The `pronunciations` key of the `[hotword]` section.
@Suite struct PronunciationConfigurationTests {
    private func configuration(from text: String) throws -> Configuration {
        var configuration = Configuration()
        let entries = try ConfigurationFile.parse(text, path: "c.toml")
        #expect(try configuration.apply(entries, from: "c.toml").isEmpty)
        return configuration
    }

    @Test func readsAnArrayOfPronunciationsAndHandsThemToTheSpotter() throws {
        let configuration = try configuration(from: """
            [hotword]
            keywords = ["hey zorblat"]
            pronunciations = ["zorblat=Z AO R B L AE T", "Zorblat = z aa r b l aa t"]
            """)
        let expected = [UserPronunciation(word: "zorblat", phones: ["Z", "AO", "R", "B", "L", "AE", "T"]),
                        UserPronunciation(word: "zorblat", phones: ["z", "aa", "r", "b", "l", "aa", "t"])]
        #expect(configuration.pronunciations == expected)
        #expect(configuration.spotterConfiguration.pronunciations == expected)
        #expect(configuration.spotterConfiguration.keywords == [KeywordSetting(keyphrase: "hey zorblat")])
    }

    @Test func readsOnePronunciationGivenAsAString() throws {
        let configuration = try configuration(from: "[hotword]\npronunciations = 'susi=S UW Z IY'")
        #expect(configuration.pronunciations == [UserPronunciation(word: "susi", phones: ["S", "UW", "Z", "IY"])])
    }

    @Test func hasNoPronunciationsByDefault() {
        #expect(Configuration().pronunciations.isEmpty)
        #expect(Configuration().spotterConfiguration.pronunciations.isEmpty)
    }

    @Test(arguments: [
        ("[hotword]\npronunciations = [\"susi\"]",
         "c.toml:2: key \"hotword.pronunciations\": \"susi\": no \"=\" between the word and its phones; write WORD=PHONES, e.g. \"susi=S UW Z IY\""),
        ("[hotword]\n\npronunciations = [\"susi=S UW Z IY\", \"=S UW\"]",
         "c.toml:3: key \"hotword.pronunciations\": \"=S UW\": no word before \"=\"; write WORD=PHONES, e.g. \"susi=S UW Z IY\""),
        ("[hotword]\npronunciations = \"susi=\"",
         "c.toml:2: key \"hotword.pronunciations\": \"susi=\": no phones after \"=\"; write WORD=PHONES, e.g. \"susi=S UW Z IY\""),
        ("[hotword]\npronunciations = [\"hey susi=HH EY S UW Z IY\"]",
         "c.toml:2: key \"hotword.pronunciations\": \"hey susi=HH EY S UW Z IY\": \"hey susi\" is more than one word; give one pronunciation per word, e.g. \"hey=HH EY\""),
        ("[hotword]\npronunciations = [\"susi=S UW Z IY\", 4]",
         "c.toml:2: key \"hotword.pronunciations\": expected a \"WORD=PHONES\" string or an array of them, got [\"susi=S UW Z IY\", 4]"),
        ("[hotword]\npronunciations = true",
         "c.toml:2: key \"hotword.pronunciations\": expected a \"WORD=PHONES\" string or an array of them, got true"),
        ("[hotword]\nkeywords = [\"susi\", 4]",
         "c.toml:2: key \"hotword.keywords\": expected a keyphrase or an array of them, none empty and none twice, got [\"susi\", 4]"),
        ("[hotword]\nkeywords = []",
         "c.toml:2: key \"hotword.keywords\": expected a keyphrase or an array of them, none empty and none twice, got []"),
        ("[hotword]\nkeywords = [\"Hey  Susi\", \"hey susi\"]",
         "c.toml:2: key \"hotword.keywords\": expected a keyphrase or an array of them, none empty and none twice, got [\"Hey  Susi\", \"hey susi\"]"),
        ("[hotword]\nkeywords = [\"susi\", \" \"]",
         "c.toml:2: key \"hotword.keywords\": expected a keyphrase or an array of them, none empty and none twice, got [\"susi\", \" \"]"),
    ])
    func refusesAMalformedPronunciationNamingLineAndKey(_ text: String, message: String) throws {
        var configuration = Configuration()
        let entries = try ConfigurationFile.parse(text, path: "c.toml")
        let error = #expect(throws: ConfigurationError.self) { try configuration.apply(entries, from: "c.toml") }
        #expect(error?.description == message)
    }

    @Test func readsHowDetectionsAreDecided() throws {
        #expect(Configuration().decision == .twoStage)
        let configuration = try configuration(from: "[hotword]\ndecision = \"spotting\"")
        #expect(configuration.decision == .spotting)
        #expect(configuration.spotterConfiguration.decision == .spotting)
        var unchanged = Configuration()
        let entries = try ConfigurationFile.parse("[hotword]\ndecision = \"guess\"", path: "c.toml")
        #expect(throws: ConfigurationError.self) { try unchanged.apply(entries, from: "c.toml") }
    }
}
