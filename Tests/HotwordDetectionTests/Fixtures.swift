import AudioInput
import Foundation
import HotwordDetection

/// Paths of the repository's fixtures and of the shared development data beside it.
enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let testAudio = repository.appendingPathComponent("TestAudio")
    static let keywordDictionary = repository.appendingPathComponent("Models/keywords.dict").path
    static let devdata = repository.deletingLastPathComponent().appendingPathComponent("shared/devdata")

    /// The project's models folder.
    static let modelsFolder = repository.appendingPathComponent("Models").path
    /// The model files with the project's keyword dictionary and verification vocabulary.
    static let modelFiles = AcousticModelFiles(modelsFolder: modelsFolder)

    /// A configuration with the project's model files, the recogniser's vocabulary `vocabulary`.
    static func spotter(_ keywords: [KeywordSetting], gain: Double = 1, decision: KeywordDecision = .twoStage,
                        vocabulary: RecogniserVocabulary = .standard) -> KeywordSpotterConfiguration {
        KeywordSpotterConfiguration(keywords: keywords, gain: gain,
                                    modelFiles: AcousticModelFiles(modelsFolder: modelsFolder, size: vocabulary),
                                    decision: decision)
    }

    /// Every 16 kHz sample of a file, read through the project's reader.
    static func samples(of path: String) throws -> [Float] {
        try AudioFileReader(path: path).remainingSamples()
    }

    /// The hits of a detector over `samples`, fed in 30 ms frames.
    static func hits(in samples: [Float], with spotter: any HotwordDetector) throws -> [HotwordHit] {
        try decisions(in: samples, with: spotter).hits
    }

    /// The hits of a detector over `samples`, fed in 30 ms frames, and its verdicts on every candidate.
    static func decisions(in samples: [Float], with detector: any HotwordDetector) throws
        -> (hits: [HotwordHit], verdicts: [CandidateVerdict]) {
        var hits: [HotwordHit] = []
        var verdicts: [CandidateVerdict] = []
        for start in stride(from: 0, to: samples.count, by: 480) {
            hits += try detector.process(Array(samples[start..<min(start + 480, samples.count)]))
            verdicts += detector.candidateVerdicts
        }
        return (hits, verdicts)
    }
}
