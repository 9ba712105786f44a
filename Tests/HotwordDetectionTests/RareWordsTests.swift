import Foundation
import Testing
@testable import HotwordDetection

/// The rare words the recogniser's vocabulary leaves out, and which of them are put back for a
/// keyphrase.
@Suite struct RareWordsTests {
    private func lexicon(_ pronunciations: [String]) throws -> PronunciationLexicon {
        let user = try pronunciations.map { try UserPronunciation(parsing: $0) }
        return try PronunciationLexicon(keyphrases: Array(Set(user.map(\.word))), userPronunciations: user, dictionaries: [])
    }

    @Test func putsBackWordsWithinHalfTheKeyphraseWordsPhonesWithAllTheirPronunciations() throws {
        let folder = try ScratchFolder(files: ["rare-words.txt": Data("""
            blorp -5.5 B L AO R P
            blorp(2) -5.5 B L AO R F AH T
            klorb -6.25 K L AO R B
            zorp -6 Z AO R P
            blotch -5.75 B L AA CH

            """.utf8)])
        // "blorx": five phones, so two edits. blorp is one off, klorb two, zorp and blotch three.
        let words = try RareWords.near(try lexicon(["blorx=B L AO R K"]), in: folder.path + "/rare-words.txt")
        #expect(words == [
            RareWords.Word(word: "blorp", log10Probability: -5.5, entries: [
                RareWords.Entry(name: "blorp", phones: ["B", "L", "AO", "R", "P"]),
                RareWords.Entry(name: "blorp(2)", phones: ["B", "L", "AO", "R", "F", "AH", "T"]),
            ]),
            RareWords.Word(word: "klorb", log10Probability: -6.25, entries: [RareWords.Entry(name: "klorb", phones: ["K", "L", "AO", "R", "B"])]),
        ])
    }

    @Test func theProjectsRareWordsHoldTheNearMissesOfSusiButNoCommonWord() throws {
        let models = Fixtures.modelsFolder
        let path = try #require(AcousticModelFiles(modelsFolder: models, size: .compact).verifierVocabulary?.rareWords)
        let words = try RareWords.near(try lexicon(["susi=S UW Z IY", "susi=S UW S IY"]), in: path)
        let names = Set(words.map(\.word))
        // "Sousa" and "seesaw" (near-miss fixtures) are rare; "juicy", "lucy" and "sushi" are among
        // the 20,000 common words the model keeps, so they are not in the file.
        #expect(names.isSuperset(of: ["sousa", "seesaw"]))
        #expect(!names.contains("juicy") && !names.contains("the"))
        #expect(words.count > 100 && words.count < 1_000)
        #expect(words.allSatisfy { $0.log10Probability < -4 && !$0.entries.isEmpty })
    }

    @Test func namesTheLineThatIsNotAnEntry() throws {
        let folder = try ScratchFolder(files: ["rare-words.txt": Data("blorp -5.5 B L AO R P\nblorp B L AO R P\n".utf8)])
        let path = folder.path + "/rare-words.txt"
        #expect(throws: HotwordDetectionError.malformedDictionary(path: path, line: 2, text: "blorp B L AO R P")) {
            try RareWords.near(try lexicon(["blorx=B L AO R K"]), in: path)
        }
    }

    @Test func aMissingFileIsNamedAsTheProjects() throws {
        #expect(throws: HotwordDetectionError.modelFileMissing(path: "/nonexistent/rare-words.txt", package: AcousticModelFiles.projectModels)) {
            try RareWords.near(try lexicon(["blorx=B L AO R K"]), in: "/nonexistent/rare-words.txt")
        }
        var files = AcousticModelFiles(modelsFolder: Fixtures.modelsFolder, size: .compact)
        let vocabulary = try #require(files.verifierVocabulary)
        files.verifierVocabulary = AcousticModelFiles.VerifierVocabulary(
            languageModel: vocabulary.languageModel, dictionary: vocabulary.dictionary, rareWords: "/nonexistent/rare-words.txt")
        #expect(throws: HotwordDetectionError.modelFileMissing(path: "/nonexistent/rare-words.txt", package: AcousticModelFiles.projectModels)) {
            try files.validate()
        }
    }
}
