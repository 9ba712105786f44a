import Foundation
import KeywordLabels
import Testing
@testable import HotwordDetection

/// The compact recogniser vocabulary (the default) against the full one, on the fixtures: it
/// hears every keyword the full one hears, and what it gives up is at most a near miss heard as
/// the keyword.
@Suite struct CompactVocabularyTests {
    private func detector(_ size: RecogniserVocabulary) throws -> any HotwordDetector {
        try HotwordDetectorFactory.detector(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "susi")], vocabulary: size))
    }

    /// Seconds at which `detector` reports hits in `file`, a fresh stream.
    private func hitTimes(in file: String, with detector: any HotwordDetector) throws -> [Double] {
        try detector.reset()
        let path = Fixtures.testAudio.appendingPathComponent(file).path
        return try Fixtures.hits(in: try Fixtures.samples(of: path), with: detector).map { Double($0.detectionSample) / 16_000 }
    }

    @Test func theCompactFolderIsTheOneWithRareWords() {
        let models = "/models"
        #expect(AcousticModelFiles.VerifierVocabulary(modelsFolder: models, size: .full) == AcousticModelFiles.VerifierVocabulary(
            languageModel: "/models/verifier/words.arpa", dictionary: "/models/verifier/words.dict"))
        // The compact vocabulary is the default.
        #expect(AcousticModelFiles.VerifierVocabulary(modelsFolder: models) == AcousticModelFiles.VerifierVocabulary(
            languageModel: "/models/verifier/compact/words.arpa", dictionary: "/models/verifier/compact/words.dict",
            rareWords: "/models/verifier/compact/rare-words.txt"))
        #expect(AcousticModelFiles(modelsFolder: models).recogniserVocabulary == .compact)
        #expect(AcousticModelFiles(modelsFolder: models, size: .full).recogniserVocabulary == .full)
    }

    @Test func hearsEveryKeywordTheFullVocabularyHearsWithAtMostOneFalseAlarmMore() throws {
        let file = "mixed_susi_and_near_misses.wav"
        let labels = try LabelFile.read(Fixtures.testAudio.appendingPathComponent("labels.tsv").path)
            .filter { $0.file.hasSuffix(file) }
        #expect(labels.count >= 10)
        let onALabel = { (time: Double) in labels.contains { time >= $0.start && time <= $0.end + 1.5 } }
        let full = try hitTimes(in: file, with: try detector(.full))
        let compact = try hitTimes(in: file, with: try detector(.compact))
        // Measured: 18 hits each on the labels; the compact vocabulary one false alarm more, a
        // near miss heard as "susi" where the full one heard other words.
        #expect(full.filter(onALabel).count >= labels.count - 2, "full: \(full)")
        #expect(compact.filter(onALabel) == full.filter(onALabel), "compact \(compact), full \(full)")
        #expect(compact.filter { !onALabel($0) }.count <= full.filter { !onALabel($0) }.count + 1, "compact \(compact), full \(full)")
    }

    @Test func firesOnAtMostOneNearMissFileMoreThanTheFullVocabulary() throws {
        let nearMisses = try FileManager.default.contentsOfDirectory(atPath: Fixtures.testAudio.path)
            .filter { $0.hasPrefix("negative_nearmiss_") }.sorted()
        #expect(nearMisses.count >= 40)
        let full = try detector(.full), compact = try detector(.compact)
        var firingFull = 0, firingCompact = 0
        for file in nearMisses {
            if try !hitTimes(in: file, with: full).isEmpty { firingFull += 1 }
            if try !hitTimes(in: file, with: compact).isEmpty { firingCompact += 1 }
        }
        // Measured at 0.5: 3 of the 40 files with the full vocabulary, 4 with the compact one
        // ("juicy" heard as "susi" rather than "you sit").
        #expect(firingFull <= 4)
        #expect(firingCompact <= firingFull + 1, "compact \(firingCompact), full \(firingFull)")
    }
}
