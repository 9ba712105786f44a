import Testing
@testable import HotwordDetection

@Suite struct UserPronunciationTests {
    @Test func readsAWordAndItsPhones() throws {
        let pronunciation = try UserPronunciation(parsing: " Zorblat =Z ao  R\tB L AE T ")
        #expect(pronunciation == UserPronunciation(word: "zorblat", phones: ["Z", "ao", "R", "B", "L", "AE", "T"]))
    }

    @Test(arguments: [
        ("susi", UserPronunciation.FormatError.missingEquals),
        ("susi S UW Z IY", .missingEquals),
        ("", .missingEquals),
        ("=S UW", .emptyWord),
        ("  = S UW", .emptyWord),
        ("=", .emptyWord),
        ("susi=", .noPhones),
        ("susi=  \t", .noPhones),
        ("hey susi=HH EY S UW Z IY", .spaceInWord("hey susi")),
    ])
    func refusesTextThatIsNotWordEqualsPhones(_ text: String, problem: UserPronunciation.FormatError) {
        #expect(throws: problem) { try UserPronunciation(parsing: text) }
    }

    @Test func explainsTheFormInEveryRefusal() {
        #expect(UserPronunciation.FormatError.missingEquals.description
            == "no \"=\" between the word and its phones; write WORD=PHONES, e.g. \"susi=S UW Z IY\"")
        #expect(UserPronunciation.FormatError.emptyWord.description.hasPrefix("no word before \"=\""))
        #expect(UserPronunciation.FormatError.noPhones.description.hasPrefix("no phones after \"=\""))
        #expect(UserPronunciation.FormatError.spaceInWord("hey susi").description.hasPrefix("\"hey susi\" is more than one word"))
    }
}
