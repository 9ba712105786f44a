import Foundation
import Testing
@testable import HotwordDetection

/// The rare words added to the recogniser's vocabulary: those within half a keyphrase word's
/// phones of it, with every pronunciation and the probability the file gives.
@Suite struct NearWordsTests {
    private let susi = [["S", "UW", "Z", "IY"], ["S", "UW", "S", "IY"]]
    private let rareWords = Fixtures.repository.appendingPathComponent("Models/verifier/rare-words.txt").path

    @Test func aWordWithAnyPronunciationWithinHalfTheKeyphraseWordsPhonesIsNear() throws {
        let folder = try ScratchFolder(files: ["rare.txt": Data("""
            sousa -6.1000 S UW S AH
            suzuki -5.9000 S AH Z UW K IY
            suzuki -5.9000 S UW Z UW K IY
            sherwood -6.2000 SH ER W UH D
            sue -5.0000 S UW
            zoo -5.0000 Z UW

            """.utf8)])
        let near = try NearWord.near(susi, in: folder.path + "/rare.txt")
        // "sousa" is one edit from S UW S IY; "suzuki" two from S UW Z IY by its second
        // pronunciation, and comes with both; "sue" is two off, two phones shorter; "zoo" three.
        #expect(near.map(\.word) == ["sousa", "suzuki", "sue"])
        #expect(near[1].pronunciations == [["S", "AH", "Z", "UW", "K", "IY"], ["S", "UW", "Z", "UW", "K", "IY"]])
        #expect(near[0].log10Probability == -6.1)
        // Three edits is more than half of four phones.
        #expect(!NearWord.isWithinHalf(["SH", "UW", "G", "ER"], of: ["S", "UW", "Z", "IY"]))
        #expect(NearWord.isWithinHalf(["JH", "AA", "R", "V", "AH", "S"], of: ["JH", "AA", "R", "V", "IH", "S"]))
    }

    @Test func theProjectsRareWordsNearSusiAreItsRareNearMisses() throws {
        let near = try NearWord.near(susi, in: rareWords).map(\.word)
        for word in ["sousa", "suzy", "susie"] { #expect(near.contains(word), "\(word)") }
        #expect(!near.contains("sherwood"))
        // Within two edits of four phones, several hundred words; the common ones ("sushi",
        // "juicy", "lucy") are in the recogniser's own vocabulary already.
        #expect((300...2_000).contains(near.count), "\(near.count) words near susi")
        let common = try String(contentsOfFile: Fixtures.repository.appendingPathComponent("Models/verifier/words.arpa").path, encoding: .utf8)
        for word in ["sushi", "juicy", "lucy"] { #expect(common.contains("\t\(word)\n"), "\(word)") }
    }

    @Test func aLineThatIsNotAWordItsProbabilityAndPhonesIsRefusedWithItsNumber() throws {
        let folder = try ScratchFolder(files: ["rare.txt": Data("sousa -6.1 S UW S AH\nsousa S UW S AH\n".utf8)])
        #expect(throws: HotwordDetectionError.unusableModelFile(path: folder.path + "/rare.txt", problem: .notADictionary(line: 2))) {
            try NearWord.near(susi, in: folder.path + "/rare.txt")
        }
        #expect(throws: HotwordDetectionError.modelFileMissing(path: folder.path + "/none.txt", package: "susi-listen (its Models/ folder)")) {
            try NearWord.near(susi, in: folder.path + "/none.txt")
        }
    }
}
