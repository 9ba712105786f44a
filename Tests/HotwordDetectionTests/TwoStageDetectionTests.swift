import AudioInput
import DetectionBenchmark
import Foundation
import Testing
@testable import HotwordDetection

/// The second stage on the fixtures: the recogniser confirms a keyword where it was said and
/// not elsewhere, and turns down most of the near-misses that spotting proposes.
@Suite struct TwoStageDetectionTests {
    private let file = Fixtures.testAudio.appendingPathComponent("positive_command_what-is-the-weather-in-berlin_slt_noise.wav").path
    /// The keyword's label in `file`: 0.500–1.004 s.
    private let keyword = 8_000..<16_064

    private func verifier(for keyphrases: [String]) throws -> KeywordVerifier {
        let files = AcousticModelFiles(keywordDictionary: Fixtures.keywordDictionary)
        let lexicon = try PronunciationLexicon(keyphrases: keyphrases, dictionaries: [Fixtures.keywordDictionary, files.generalDictionary])
        return try KeywordVerifier(acousticModel: files.acousticModel, languageModel: KeywordVerifier.defaultLanguageModel,
                                   dictionary: files.generalDictionary, lexicon: lexicon)
    }

    private func pcm(_ samples: ArraySlice<Float>) -> [Int16] { samples.map(PCM16.value) }

    @Test func theRecogniserConfirmsTheKeywordWhereItWasSaidAndNowhereElse() throws {
        let samples = try Fixtures.samples(of: file)
        let verifier = try verifier(for: ["susi"])
        // From 0.6 s before the keyword to 0.1 s after it, as the detector hands it over.
        let window = pcm(samples[0..<(keyword.upperBound + 1_600)])
        #expect(try verifier.confirms(["susi"], samples: window, candidate: keyword, cepstralMean: []))
        // The same audio, with the candidate placed on the command after the keyword.
        let whole = pcm(samples[...])
        #expect(try !verifier.confirms(["susi"], samples: whole, candidate: 24_000..<40_000, cepstralMean: []))
        // A word that is not said is not confirmed where the keyword was.
        #expect(try !verifier.confirms(["computer"], samples: window, candidate: keyword, cepstralMean: []))
    }

    @Test func theRecogniserKnowsAWordThatOnlyTheProjectDictionaryHas() throws {
        // "susi" is not in PocketSphinx's language model; it is added with its pronunciations.
        let verifier = try verifier(for: ["susi", "hey"])
        let samples = try Fixtures.samples(of: file)
        #expect(try verifier.confirms(["susi"], samples: pcm(samples[...]), candidate: keyword, cepstralMean: []))
    }

    @Test func aMissingLanguageModelNamesItsPackage() throws {
        let files = AcousticModelFiles(keywordDictionary: Fixtures.keywordDictionary)
        let lexicon = try PronunciationLexicon(keyphrases: ["susi"], dictionaries: [Fixtures.keywordDictionary])
        #expect(throws: HotwordDetectionError.modelFileMissing(path: "/nonexistent/en-us.lm.bin", package: "pocketsphinx-en-us")) {
            try KeywordVerifier(acousticModel: files.acousticModel, languageModel: "/nonexistent/en-us.lm.bin",
                                dictionary: files.generalDictionary, lexicon: lexicon)
        }
    }

    @Test func theRecogniserTurnsDownMostNearMissCandidates() throws {
        let nearMisses = try FileManager.default.contentsOfDirectory(atPath: Fixtures.testAudio.path)
            .filter { $0.hasPrefix("negative_nearmiss_") }.sorted()
            .map { Fixtures.testAudio.appendingPathComponent($0).path }
        #expect(nearMisses.count >= 40)
        let configuration = Fixtures.spotter([KeywordSetting(keyphrase: "susi")], decision: .verified)
        let candidates = try KeywordSpotter(configuration: configuration, proposingCandidates: true)
        let verified = try TwoStageHotwordDetector(configuration: configuration)
        var proposed = 0, confirmed = 0
        for file in nearMisses {
            let samples = try Fixtures.samples(of: file)
            try candidates.reset()
            try verified.reset()
            if try !Fixtures.hits(in: samples, with: candidates).isEmpty { proposed += 1 }
            if try !Fixtures.hits(in: samples, with: verified).isEmpty { confirmed += 1 }
        }
        // Measured: 25 of the 48 near-miss files give a candidate, 2 of them are confirmed.
        #expect(proposed >= 20, "\(proposed) near-miss files give a candidate")
        #expect(confirmed * 4 <= proposed, "\(confirmed) of \(proposed) near-miss candidates confirmed")
    }

    @Test func theCandidateThresholdLiesBelowTheDecisionThresholdByTheMarginPerPhone() {
        let threshold = KeywordThreshold(keyphrase: "computer", sensitivity: 0.5, phoneCount: 8)
        #expect(threshold.log10Threshold == -11)
        #expect(threshold.log10CandidateThreshold == -11 - 8 * SensitivityCalibration.candidateMarginPerPhone)
        #expect(SensitivityCalibration.candidateMarginPerPhone == 10)
    }

    @Test func sensitivityLowersTheThresholdAndShortKeyphrasesNeedAHigherOne() {
        let law = SensitivityCalibration.log10Threshold
        #expect(law(0.1, 6) > law(0.5, 6) && law(0.5, 6) > law(0.9, 6))
        #expect(law(0.5, 4) > law(0.5, 6) && law(0.5, 6) > law(0.5, 8))
        // At 0.5 the law sits on the measured one-false-alarm-an-hour line.
        #expect(law(0.5, 4) == 11)
        #expect(law(0.5, 9) == -16.5)
    }
}
