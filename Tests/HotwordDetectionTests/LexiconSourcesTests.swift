import Foundation
import Testing
@testable import HotwordDetection

/// Where the lexicon takes each word's pronunciations from, and the check of their phones.
@Suite struct LexiconSourcesTests {
    let dictionaries = [Fixtures.keywordDictionary, AcousticModelFiles().generalDictionary]
    let phoneSet: AcousticModelPhoneSet

    init() throws {
        phoneSet = try AcousticModelPhoneSet(acousticModel: AcousticModelFiles().acousticModel)
    }

    private func lexicon(_ keyphrases: [String], _ pronunciations: [String] = []) throws -> PronunciationLexicon {
        try PronunciationLexicon(keyphrases: keyphrases, userPronunciations: pronunciations.map { try UserPronunciation(parsing: $0) },
                                 dictionaries: dictionaries, phoneSet: phoneSet)
    }

    @Test func takesAUserPronunciationOfAWordNoDictionaryKnows() throws {
        let lexicon = try lexicon(["zorblat"], ["zorblat=Z AO R B L AE T"])
        #expect(lexicon.dictionaryText == "zorblat Z AO R B L AE T\n")
        #expect(lexicon.phoneCount(of: "zorblat") == 7)
    }

    @Test func userPronunciationsReplaceTheDictionaryEntriesOfTheirWord() throws {
        // Models/keywords.dict gives susi two variants; the user's one is all that is left.
        let lexicon = try lexicon(["susi"], ["susi=S UW S IY"])
        #expect(lexicon.pronunciations["susi"] == [["S", "UW", "S", "IY"]])
    }

    @Test func theSameWordTwiceGivesTwoVariantsInOrder() throws {
        let lexicon = try lexicon(["zorblat"], ["zorblat=Z AO R B L AE T", "Zorblat=Z AA R B L AA T"])
        #expect(lexicon.dictionaryText == "zorblat Z AO R B L AE T\nzorblat(2) Z AA R B L AA T\n")
    }

    @Test func spellsUserPhonesAsTheModelDoes() throws {
        let lexicon = try lexicon(["soozee"], ["soozee=s Uw1 z iy0"])
        #expect(lexicon.pronunciations["soozee"] == [["S", "UW", "Z", "IY"]])
    }

    @Test func mixesUserPronunciationsAndDictionariesWithinAKeyphrase() throws {
        let lexicon = try lexicon(["hey zorblat", "susi"], ["zorblat=Z AO R B L AE T"])
        #expect(lexicon.pronunciations == ["hey": [["HH", "EY"]], "zorblat": [["Z", "AO", "R", "B", "L", "AE", "T"]],
                                           "susi": [["S", "UW", "Z", "IY"], ["S", "UW", "S", "IY"]]])
    }

    @Test func loadsEveryVariantOfEveryWordOfAMultiWordKeyphrase() throws {
        let lexicon = try lexicon(["hey computer", "interesting again"])
        #expect(lexicon.pronunciations["hey"] == [["HH", "EY"]])
        #expect(lexicon.pronunciations["computer"] == [["K", "AH", "M", "P", "Y", "UW", "T", "ER"]])
        // cmudict lists interesting, interesting(2), interesting(3) and interesting(4).
        #expect(lexicon.pronunciations["interesting"] == [
            ["IH", "N", "T", "R", "AH", "S", "T", "IH", "NG"], ["IH", "N", "T", "R", "IH", "S", "T", "IH", "NG"],
            ["IH", "N", "T", "ER", "AH", "S", "T", "IH", "NG"], ["IH", "N", "T", "ER", "IH", "S", "T", "IH", "NG"],
        ])
        #expect(lexicon.pronunciations["again"] == [["AH", "G", "EH", "N"], ["AH", "G", "EY", "N"]])
        #expect(lexicon.dictionaryText.contains("\ninteresting_again(8) IH N T ER IH S T IH NG AH G EY N\n"))
        #expect(lexicon.phoneCount(of: "hey computer") == 2 + 8)
    }

    /// The wake words users move from: the Picovoice wake-word benchmark's keyphrases, Snowboy's
    /// own, and those Home Assistant offers through openWakeWord ("ok nabu", "hey jarvis", "hey
    /// mycroft", "alexa", "hey rhasspy"). "picovoice", "snowboy", "mycroft", "nabu" and "rhasspy"
    /// come from Models/keywords.dict, the rest from cmudict.
    @Test func knowsEveryCommonWakeWordWithoutAUserPronunciation() throws {
        let keyphrases = ["alexa", "americano", "blueberry", "bumblebee", "computer", "grapefruit", "grasshopper",
                          "hey google", "hey siri", "jarvis", "ok google", "picovoice", "porcupine", "terminator", "snowboy",
                          "ok nabu", "hey jarvis", "hey mycroft", "hey rhasspy"]
        let lexicon = try lexicon(keyphrases)
        #expect(lexicon.pronunciations["picovoice"] == [["P", "IY", "K", "OW", "V", "OY", "S"]])
        #expect(lexicon.pronunciations["snowboy"] == [["S", "N", "OW", "B", "OY"]])
        #expect(lexicon.pronunciations["mycroft"] == [["M", "AY", "K", "R", "AO", "F", "T"]])
        #expect(lexicon.pronunciations["nabu"] == [["N", "AA", "B", "UW"]])
        #expect(lexicon.pronunciations["rhasspy"] == [["R", "AE", "S", "P", "IY"]])
        for keyphrase in keyphrases {
            #expect(lexicon.phoneCount(of: keyphrase) >= 5, "\(keyphrase)")
        }
    }

    @Test func namesAnUnknownPhoneOfAUserPronunciationWithTheModelsPhones() throws {
        let error = #expect(throws: HotwordDetectionError.unknownPhone(phone: "Q", word: "zorblat", dictionary: nil, phoneSet: phoneSet)) {
            try lexicon(["zorblat"], ["zorblat=Z AO R B L AE Q"])
        }
        let message = try #require(error).description
        #expect(message.hasPrefix("unknown phone \"Q\" in the pronunciation of \"zorblat\" (given with --pronunciation or pronunciations)"))
        #expect(message.contains("AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH SIL T TH UH UW V W Y Z ZH"))
        #expect(message.contains(phoneSet.modelDefinition))
    }

    @Test func checksUserPronunciationsOfWordsNoKeyphraseUses() {
        #expect(throws: HotwordDetectionError.unknownPhone(phone: "XX", word: "other", dictionary: nil, phoneSet: phoneSet)) {
            try lexicon(["susi"], ["other=AH XX"])
        }
    }

    @Test func namesAnUnknownPhoneOfADictionaryAndTheDictionary() throws {
        let folder = try ScratchFolder(files: ["words.dict": Data("blorp B L AO R P\nblorp(2) B L AO R X\n".utf8)])
        let dictionary = folder.path + "/words.dict"
        #expect(throws: HotwordDetectionError.unknownPhone(phone: "X", word: "blorp", dictionary: dictionary, phoneSet: phoneSet)) {
            try PronunciationLexicon(keyphrases: ["blorp"], dictionaries: [dictionary], phoneSet: phoneSet)
        }
        #expect(HotwordDetectionError.unknownPhone(phone: "X", word: "blorp", dictionary: dictionary, phoneSet: phoneSet).description
            .contains("(from \(dictionary))"))
    }

    @Test func saysHowToAddAPronunciationForAnUnknownWord() {
        let error = #expect(throws: HotwordDetectionError.unknownWord(word: "blorptastic", keyphrase: "hey blorptastic", dictionaries: dictionaries)) {
            try lexicon(["hey blorptastic"], ["zorblat=Z AO R B L AE T"])
        }
        let message = error?.description ?? ""
        #expect(message.contains("--pronunciation \"blorptastic=PHONES\""))
        #expect(message.contains("pronunciations = [\"blorptastic=PHONES\"]"))
        #expect(message.contains("add a line \"blorptastic PHONES\" to Models/keywords.dict"))
    }

    @Test func stillRefusesAnEmptyKeyphrase() {
        #expect(throws: HotwordDetectionError.emptyKeyphrase) {
            try lexicon([" \t"], ["zorblat=Z AO R B L AE T"])
        }
    }
}
