import Foundation
import Testing
@testable import HotwordDetection

@Suite struct AcousticModelPhoneSetTests {
    let modelFolder = AcousticModelFiles().acousticModel

    @Test func readsTheBasePhonesOfTheBinaryUSEnglishModel() throws {
        let phoneSet = try AcousticModelPhoneSet(acousticModel: modelFolder)
        #expect(phoneSet.phones == ["+NSN+", "+SPN+", "AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY",
                                    "F", "G", "HH", "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH",
                                    "SIL", "T", "TH", "UH", "UW", "V", "W", "Y", "Z", "ZH"])
        #expect(phoneSet.modelDefinition == modelFolder + "/mdef")
    }

    @Test func readsTheBasePhonesOfATextModelDefinition() throws {
        let folder = try ScratchFolder(files: ["mdef": Data("""
            0.3
            3 n_base
            1 n_tri
            # Columns definitions
            #base lft  rt p attrib tmat      ... state id's ...
            SIL     -    -  - filler    0    0    1    2    N
            AA      -    -  - n/a       1    3    4    5    N
            B       -    -  - n/a       2    6    7    8    N
            AA      B    B  i n/a       1    9   10   11    N
            """.utf8)])
        #expect(try AcousticModelPhoneSet(acousticModel: folder.path).phones == ["SIL", "AA", "B"])
    }

    @Test func spellsAPhoneAsTheModelDoesInAnyCaseAndWithoutStress() throws {
        let phoneSet = try AcousticModelPhoneSet(acousticModel: modelFolder)
        #expect(phoneSet.modelPhone("ah") == "AH")
        #expect(phoneSet.modelPhone("AH0") == "AH")
        #expect(phoneSet.modelPhone("iy1") == "IY")
        #expect(phoneSet.modelPhone("Ey2") == "EY")
        #expect(phoneSet.modelPhone("sil") == "SIL")
        #expect(phoneSet.modelPhone("AH3") == nil)
        #expect(phoneSet.modelPhone("Q") == nil)
        #expect(phoneSet.modelPhone("0") == nil)
    }

    @Test func namesAMissingModelDefinitionAndItsPackage() {
        #expect(throws: HotwordDetectionError.modelFileMissing(path: "/nonexistent/mdef", package: "pocketsphinx-en-us")) {
            try AcousticModelPhoneSet(acousticModel: "/nonexistent")
        }
    }

    @Test func refusesAFileThatIsNoModelDefinition() throws {
        let folder = try ScratchFolder(files: ["mdef": Data("these are notes\n".utf8)])
        #expect(throws: HotwordDetectionError.unreadableModelDefinition(
            path: folder.path + "/mdef", reason: "it is neither a binary nor a text (version 0.3) model definition")) {
            try AcousticModelPhoneSet(acousticModel: folder.path)
        }
    }

    @Test func refusesABinaryModelDefinitionCutShort() throws {
        let whole = try #require(FileManager.default.contents(atPath: modelFolder + "/mdef"))
        // The header and the first phone name, "+NSN+", only.
        let folder = try ScratchFolder(files: ["mdef": whole.prefix(12 + 1_052 + 40 + 6)])
        let error = #expect(throws: HotwordDetectionError.self) { try AcousticModelPhoneSet(acousticModel: folder.path) }
        #expect(error?.description.contains("cannot read the acoustic model's phones from \(folder.path)/mdef") == true)
    }
}

/// A folder of small files for one test, removed when the value is released.
final class ScratchFolder {
    let path: String

    init(files: [String: Data]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("susi-listen-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, contents) in files {
            try contents.write(to: URL(fileURLWithPath: path + "/" + name))
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
