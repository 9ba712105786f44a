import Foundation
import KeywordLabels
import Testing
@testable import HotwordDetection

/// Detection on the labelled fixtures in `TestAudio/`, each file a fresh stream.
@Suite struct FixtureDetectionTests {
    let labels: [KeywordLabel]
    let audioFiles: [String]

    init() throws {
        labels = try LabelFile.read(Fixtures.testAudio.appendingPathComponent("labels.tsv").path)
        audioFiles = try FileManager.default.contentsOfDirectory(atPath: Fixtures.testAudio.path)
            .filter { $0.hasSuffix(".wav") }.sorted()
            .map { Fixtures.testAudio.appendingPathComponent($0).standardizedFileURL.path }
    }

    /// The detectors made so far in a test, by their settings: each file is a fresh stream of
    /// one, reset as `--file` resets it between files (loading a recogniser for every file made
    /// this suite the slowest of all).
    private final class Detectors {
        var made: [String: any HotwordDetector] = [:]
    }
    private let detectors = Detectors()

    private func hits(in file: String, sensitivity: Double = 0.5, gain: Double = 1, scale: Float = 1,
                      decision: KeywordDecision = .twoStage) throws -> [HotwordHit] {
        let settings = "\(sensitivity) \(gain) \(decision)"
        let spotter: any HotwordDetector
        if let made = detectors.made[settings] {
            try made.reset()
            spotter = made
        } else {
            spotter = try HotwordDetectorFactory.detector(configuration: Fixtures.spotter(
                [KeywordSetting(keyphrase: "susi", sensitivity: sensitivity)], gain: gain, decision: decision))
            detectors.made[settings] = spotter
        }
        return try Fixtures.hits(in: try Fixtures.samples(of: file).map { $0 * scale }, with: spotter)
    }

    private func name(_ file: String) -> String { URL(fileURLWithPath: file).lastPathComponent }

    /// The labelled file that says "susi, what is the weather in berlin" over the noise floor.
    private func weatherCommandOverNoise() throws -> String {
        try #require(labels.first { $0.file.contains("positive_command_what-is-the-weather-in-berlin") && $0.file.hasSuffix("_noise.wav") }).file
    }

    /// Labelled keywords found at `sensitivity` in the files of `files`, each a fresh stream;
    /// every hit must lie on its label (start and end within 0.3 s, reported within the
    /// scoring tolerance) and no file may give more hits than it has labels. The detector's
    /// estimate of the spoken keyword is held to 0.4 s (a frame-level alignment in noise or babble).
    private func found(in files: [String], sensitivity: Double = 0.5) throws -> Int {
        var found = 0
        for file in files {
            let expected = labels.filter { $0.file == file }
            let hits = try hits(in: file, sensitivity: sensitivity)
            #expect(hits.count <= expected.count, "\(name(file)): \(hits.count) hits for \(expected.count) keywords")
            for label in expected {
                let time = { (hit: HotwordHit) in Double(hit.detectionSample) / 16_000 }
                guard let match = hits.first(where: { time($0) >= label.start && time($0) <= label.end + 1.5 }) else { continue }
                found += 1
                #expect(abs(Double(match.startSample) / 16_000 - label.start) < 0.4, "\(name(file)): start \(Double(match.startSample) / 16_000) vs label \(label.start)")
                #expect(abs(Double(match.endSample) / 16_000 - label.end) < 0.4, "\(name(file)): end \(Double(match.endSample) / 16_000) vs label \(label.end)")
            }
        }
        return found
    }

    /// A keyphrase of several words is said in one breath, its words running into each other;
    /// spotted as one dictionary entry, "hey susi" clears the default threshold in the sentences
    /// that say it (scored +18 and +8), where spotted word by word, as if a pause lay between
    /// "hey" and "susi", it was not found in any fixture at all.
    @Test func spotsAKeyphraseOfSeveralWordsSaidInOneBreath() throws {
        let spotter = { () throws -> KeywordSpotter in
            try KeywordSpotter(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "hey susi")], decision: .spotting))
        }
        let sentence = Fixtures.testAudio.appendingPathComponent("positive_sentence_hey-susi-what-time-is-it_awb_noise.wav").path
        let inSentence = try Fixtures.hits(in: Fixtures.samples(of: sentence), with: spotter())
        #expect(inSentence.map(\.keyword) == ["hey susi"])
        let label = try #require(labels.first { $0.file == URL(fileURLWithPath: sentence).standardizedFileURL.path })
        #expect(inSentence.allSatisfy { abs(Double($0.endSample) / 16_000 - label.end) < 0.3 })
        // The mixed file says "hey susi what time is it" from 10.40 to 12.22 s.
        let mixed = Fixtures.testAudio.appendingPathComponent("mixed_susi_and_near_misses.wav").path
        let inMixed = try Fixtures.hits(in: Fixtures.samples(of: mixed), with: spotter())
        #expect(inMixed.contains { (10.4...12.22).contains(Double($0.endSample) / 16_000) })
    }

    private func labelledFiles(condition: String) -> [String] {
        Set(labels.map(\.file)).filter { name($0).hasPrefix("positive_") && name($0).hasSuffix("_\(condition).wav") }.sorted()
    }

    private var negatives: [String] {
        let labelled = Set(labels.map(\.file))
        return audioFiles.filter { !labelled.contains($0) }
    }

    // Measured on these fixtures with two-stage detection at 0.5: over the noise floor 20 of 22
    // keywords are found (spotting alone with the earlier, laxer threshold law found 21, but that
    // law gave "susi" 34 false alarms an hour on real background speech).
    @Test func findsNearlyEveryKeywordOverTheNoiseFloorAtTheDefaultSensitivity() throws {
        let files = labelledFiles(condition: "noise")
        let total = labels.filter { files.contains($0.file) }.count
        #expect(total >= 20)
        let hits = try found(in: files)
        #expect(hits >= total - 4, "\(hits) of \(total) keywords over the noise floor found")
    }

    // Babble 12 dB below the keyword is where detection breaks down: few of its 19 keywords are
    // found at any sensitivity. The test holds the floor and that sensitivity helps.
    @Test func findsSomeKeywordsInSpeechBabbleAndMoreAtHigherSensitivity() throws {
        let files = labelledFiles(condition: "babble")
        let low = try found(in: files, sensitivity: 0.1), normal = try found(in: files), high = try found(in: files, sensitivity: 0.9)
        #expect(high >= 1, "\(high) keywords found in babble at 0.9")
        #expect(low <= normal && normal <= high, "0.1: \(low), 0.5: \(normal), 0.9: \(high)")
    }

    @Test func hearsNothingInBackgroundOnlyAndBabbleNegatives() throws {
        let quiet = negatives.filter { name($0).hasPrefix("negative_background_only") || name($0).hasSuffix("_babble.wav") }
        #expect(quiet.count >= 10)
        for file in quiet {
            let found = try hits(in: file)
            #expect(found.isEmpty, "\(name(file)): \(found.count) false alarm(s), scores \(found.map(\.score))")
        }
    }

    // Near-misses over a quiet noise floor are the hard negatives: "juicy" and "Sousa" score as
    // high as real keywords, and "sushi", "juicy" and "Lucy" are one phone edit from "susi".
    // Measured with two-stage detection: 3 of 37 such files fire at 0.5, the recogniser hearing
    // "susi" itself in "juicy" (voices awb and rms) and "sushi" (slt), from candidates 0.9 to 2.3
    // log10 a phone below the threshold; the earlier spotting alone fired on 5. At 0.1 the
    // candidate margin has shrunk to 1.2 a phone and the threshold risen by 1.2 a phone, so no
    // candidate scores below the threshold at 0.5, and none fires (with a margin that stayed 6 a
    // phone at every sensitivity, the same 3 fired at 0.1). More is a regression.
    @Test func firesOnFewNearMissesOverTheNoiseFloorAndNoneAtLowSensitivity() throws {
        let hard = negatives.filter { name($0).hasSuffix("_noise.wav") && !name($0).hasPrefix("negative_background_only") }
        #expect(hard.count >= 30)
        let firing = try hard.filter { !(try hits(in: $0)).isEmpty }.map(name)
        #expect(firing.count <= 3, "\(firing.count) near-miss files fire at 0.5: \(firing)")
        let strict = try hard.filter { !(try hits(in: $0, sensitivity: 0.1)).isEmpty }.map(name)
        #expect(strict.isEmpty, "\(strict.count) near-miss files fire at 0.1: \(strict)")
    }

    @Test(arguments: [KeywordDecision.spotting, .twoStage])
    func detectsMoreAtHighSensitivityThanAtLow(_ decision: KeywordDecision) throws {
        let mixed = try #require(audioFiles.first { $0.hasSuffix("mixed_susi_and_near_misses.wav") })
        let keywords = labels.filter { $0.file == mixed }
        let hitTimes = { (sensitivity: Double) throws -> [Double] in
            try hits(in: mixed, sensitivity: sensitivity, decision: decision).map { Double($0.detectionSample) / 16_000 }
        }
        let low = try hitTimes(0.1), high = try hitTimes(0.9)
        #expect(high.count > low.count, "\(decision): 0.9 gave \(high.count) hits, 0.1 gave \(low.count)")
        // Two-stage detection's candidates come from further below the threshold the higher the
        // sensitivity, so the keywords it finds grow with it too (measured: 9 hits at 0.1, 18 at
        // 0.9; 19 and 18 while the candidate margin did not follow the sensitivity).
        let found = { (times: [Double]) in keywords.filter { label in times.contains { $0 >= label.start && $0 <= label.end + 1.5 } }.count }
        #expect(found(high) > found(low), "\(decision): 0.9 found \(found(high)) keywords, 0.1 found \(found(low))")
    }

    @Test func givesTheSameHitsForAFileWhateverWasHeardBefore() throws {
        let file = try weatherCommandOverNoise()
        let babble = try #require(audioFiles.first { $0.hasSuffix("negative_background_only_babble.wav") })
        let spotter = try KeywordSpotter(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "susi")]))
        let alone = try Fixtures.hits(in: try Fixtures.samples(of: file), with: spotter)
        try spotter.reset()
        _ = try Fixtures.hits(in: try Fixtures.samples(of: babble), with: spotter)
        try spotter.reset()
        let afterBabble = try Fixtures.hits(in: try Fixtures.samples(of: file), with: spotter)
        #expect(alone.count == 1)
        #expect(alone == afterBabble)
    }

    /// Each hit ends the spotter's utterance, and with it updates the running cepstral mean, so
    /// over a file with many keywords every later score depends on where that mean started. A
    /// reset must put it back exactly as a freshly loaded spotter has it (with no frames behind
    /// it), not merely to the same mean.
    @Test func aResetSpotterHearsAManyKeywordFileAsAFreshOneDoes() throws {
        let mixed = try Fixtures.samples(of: try #require(audioFiles.first { $0.hasSuffix("mixed_susi_and_near_misses.wav") }))
        let babble = try Fixtures.samples(of: try #require(audioFiles.first { $0.hasSuffix("negative_background_only_babble.wav") }))
        let configuration = Fixtures.spotter([KeywordSetting(keyphrase: "susi", sensitivity: 0.9)])
        let fresh = try Fixtures.hits(in: mixed, with: try KeywordSpotter(configuration: configuration))
        let reused = try KeywordSpotter(configuration: configuration)
        _ = try Fixtures.hits(in: babble, with: reused)
        try reused.reset()
        let afterReset = try Fixtures.hits(in: mixed, with: reused)
        #expect(fresh.count > 2)
        #expect(fresh == afterReset)
    }

    @Test func gainRestoresAKeywordRecordedFarTooQuietly() throws {
        let file = try weatherCommandOverNoise()
        // At 1/2000 of its level the keyword spans a handful of 16-bit steps and is lost;
        // a gain of 2000 applied before the conversion to integers brings it back.
        #expect(try hits(in: file, scale: 1.0 / 2000).isEmpty)
        #expect(try hits(in: file, gain: 2000, scale: 1.0 / 2000).count == 1)
    }

    @Test func placesHitsOnTheStreamsOwnCountAfterAReset() throws {
        let file = try weatherCommandOverNoise()
        let spotter = try KeywordSpotter(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "susi")]))
        let samples = try Fixtures.samples(of: file)
        let first = try Fixtures.hits(in: samples, with: spotter)
        try spotter.reset()
        let second = try Fixtures.hits(in: samples, with: spotter)
        #expect(first.count == 1)
        #expect(first.map(\.startSample) == second.map(\.startSample))
        #expect(first.map(\.detectionSample) == second.map(\.detectionSample))
    }

    /// A hit restarts the spotter's utterance, and PocketSphinx places every utterance but a
    /// stream's first on its own count, which ran 10 frames (0.1 s) early until the decoders kept
    /// no pre-speech frames beyond those their voice-activity detection waits for.
    @Test func placesAHitAfterARestartOnTheStreamsOwnCount() throws {
        let file = try weatherCommandOverNoise()
        let samples = try Fixtures.samples(of: file)
        let hits = try Fixtures.hits(in: samples + samples, with: KeywordSpotter(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "susi")])))
        try #require(hits.count == 2)
        // The start depends a little on what the utterance heard before it; the end does not.
        #expect(abs(hits[1].endSample - (hits[0].endSample + samples.count)) <= 3 * KeywordSpotter.samplesPerFrame,
                "second keyword ends at \(hits[1].endSample), first at \(hits[0].endSample) + \(samples.count)")
    }
}
