import AudioInput
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
        let files = Fixtures.modelFiles
        let lexicon = try PronunciationLexicon(keyphrases: keyphrases, dictionaries: [Fixtures.keywordDictionary, files.generalDictionary])
        return try KeywordVerifier(acousticModel: files.acousticModel, vocabulary: files.verifierFiles, lexicon: lexicon)
    }

    private func pcm(_ samples: ArraySlice<Float>) -> [Int16] { samples.map { PCM16.value($0) } }

    /// Edits from what the recogniser heard over `candidate` to the nearest pronunciation of `keyphrase`.
    private func phoneEdits(_ keyphrase: String, heardBy verifier: KeywordVerifier, in samples: [Int16],
                            candidate: Range<Int>) throws -> Int {
        let lexicon = try PronunciationLexicon(keyphrases: [keyphrase], dictionaries: [Fixtures.keywordDictionary, AcousticModelFiles().generalDictionary])
        let heard = try verifier.heard(samples, candidate: candidate).phones
        return lexicon.keyphrasePronunciations(of: keyphrase).map { PhoneEdits.count(from: heard, to: $0.phones) }.min() ?? .max
    }

    @Test func aKeyphrasesStartIsAtLeastThreeOfItsFirstPhonesWithThreeStillToCome() throws {
        let lexicon = try PronunciationLexicon(keyphrases: ["wildfire", "susi", "think engine"],
                                               dictionaries: [Fixtures.keywordDictionary, Fixtures.modelFiles.generalDictionary])
        func isStart(_ phones: String, of keyphrase: String) -> Bool {
            HeardSpeech(words: [], phones: phones.split(separator: " ").map(String.init))
                .isStart(of: lexicon.keyphrasePronunciations(of: keyphrase), leastPhones: 3)
        }
        #expect(isStart("W AY L D", of: "wildfire"))            // "wild"
        #expect(isStart("W AY L", of: "wildfire"))              // "while"
        #expect(isStart("W AY D", of: "wildfire"))              // "wide": one edit
        #expect(isStart("TH IH NG K", of: "think engine"))      // "think"
        #expect(!isStart("W AY L D F AY ER", of: "wildfire"))   // all of it
        #expect(!isStart("L AW D", of: "wildfire"))             // "loud": two edits
        #expect(!isStart("W AY L D F", of: "wildfire"))         // two phones to come
        #expect(!isStart("W AY", of: "wildfire"))               // too short a start
        #expect(!isStart("S UW S", of: "susi"))                 // "sous": a short keyphrase
        #expect(!isStart("", of: "susi"))
    }

    @Test func theRecogniserHearsTheKeywordWhereItWasSaidAndNowhereElse() throws {
        let samples = try Fixtures.samples(of: file)
        let verifier = try verifier(for: ["susi"])
        // From 0.6 s before the keyword to 0.1 s after it, as the detector hands it over.
        let window = pcm(samples[0..<(keyword.upperBound + 1_600)])
        #expect(try phoneEdits("susi", heardBy: verifier, in: window, candidate: keyword) == 0)
        // Heard as the keyword's alias in the recogniser, reported as the word itself.
        #expect(try verifier.heard(window, candidate: keyword).words == ["susi"])
        // The same audio, with the candidate placed on the command after the keyword.
        let allowed = SensitivityCalibration.phoneEditsAllowed(sensitivity: 0.5, phoneCount: 4)
        #expect(try phoneEdits("susi", heardBy: verifier, in: pcm(samples[...]), candidate: 24_000..<40_000) > allowed)
        // A word that was not said is far from what was heard where the keyword was.
        let computer = SensitivityCalibration.phoneEditsAllowed(sensitivity: 0.5, phoneCount: 8)
        #expect(try phoneEdits("computer", heardBy: verifier, in: window, candidate: keyword) > computer)
    }

    @Test func aNewStreamIsHeardTheSameWhateverTheRecogniserDecodedBefore() throws {
        // PocketSphinx's noise estimate outlives an utterance (on purpose, within a stream); a new
        // stream must be heard the same as by a recogniser that has just been loaded. (The
        // cepstral mean does not carry over: each candidate is normalised on its own audio.)
        let window = pcm(try Fixtures.samples(of: file)[0..<(keyword.upperBound + 1_600)])
        let babble = Fixtures.testAudio.appendingPathComponent("negative_background_only_babble.wav").path
        let fresh = try verifier(for: ["susi"]).heardWords(window)
        #expect(fresh.contains { $0.word == "susi" + KeywordVerifier.aliasSuffix })
        let used = try verifier(for: ["susi"])
        _ = try used.heardWords(pcm(try Fixtures.samples(of: babble)[...]))
        // Within the stream the babble's noise estimate carries over, and the words are heard
        // over other frames.
        #expect(try used.heardWords(window) != fresh)
        try used.startStream()
        #expect(try used.heardWords(window) == fresh)
    }

    @Test func aSecondHearingLeavesTheFirstHearingsAsTheyWere() throws {
        // A second hearing goes through a front end of its own, so the audio heard there never
        // reaches the noise estimate the first hearings are heard through; that front end still
        // learns the stream's noise from every first hearing.
        let window = pcm(try Fixtures.samples(of: file)[0..<(keyword.upperBound + 1_600)])
        let babble = pcm(try Fixtures.samples(of: Fixtures.testAudio.appendingPathComponent("negative_background_only_babble.wav").path)[...])
        let fresh = try verifier(for: ["susi"]).heardWords(window)
        #expect(fresh.contains { $0.word == "susi" + KeywordVerifier.aliasSuffix })

        let heardFirst = try verifier(for: ["susi"])
        _ = try heardFirst.heardWords(babble)
        let afterBabble = try heardFirst.heardWords(window)
        #expect(afterBabble != fresh)

        let heardAgain = try verifier(for: ["susi"])
        _ = try heardAgain.heardWordsAgain(babble)
        #expect(try heardAgain.heardWords(window) == fresh)

        let rehearingAfterBabble = try verifier(for: ["susi"])
        _ = try rehearingAfterBabble.heardWords(babble)
        #expect(try rehearingAfterBabble.heardWordsAgain(window) == afterBabble)
    }

    @Test func theRecogniserKnowsAWordThatOnlyTheProjectDictionaryHas() throws {
        // "susi" is also added under an alias, with the project's pronunciations.
        let verifier = try verifier(for: ["susi", "hey"])
        let samples = try Fixtures.samples(of: file)
        let window = pcm(samples[0..<(keyword.upperBound + 1_600)])
        #expect(try phoneEdits("susi", heardBy: verifier, in: window, candidate: keyword) == 0)
    }

    @Test func everyHitIsAHeardVerdictAndEveryTurnedDownCandidateSaysWhy() throws {
        let samples = try Fixtures.samples(of: Fixtures.testAudio.appendingPathComponent("mixed_susi_and_near_misses.wav").path)
        let detector = try TwoStageHotwordDetector(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "susi")]))
        var verdicts: [CandidateVerdict] = []
        for start in stride(from: 0, to: samples.count, by: 480) {
            let hits = try detector.process(Array(samples[start..<min(start + 480, samples.count)]))
            #expect(hits == detector.candidateVerdicts.filter(\.isHeard).map(\.candidate))
            verdicts += detector.candidateVerdicts
        }
        let threshold = try #require(detector.thresholds.first)
        for verdict in verdicts {
            switch verdict.reason {
            case .shortAndWeak:
                #expect(verdict.heardWords == nil && verdict.phoneEdits == nil)
            case .exactWords:
                #expect(verdict.phoneEdits == 0 && verdict.heardWords == ["susi"])
            case .nearWords:
                #expect((1...threshold.slowPhoneEditsAllowed).contains(verdict.phoneEdits ?? -1))
            case .tooFar:
                #expect((verdict.phoneEdits ?? 0) > threshold.phoneEditsAllowed)
            default:
                #expect(verdict.heardWords != nil)
            }
        }
        // The fixture's keywords are heard as "susi", most near-misses turned down as the words
        // they are: "sushi" as "since" (measured: 17 exact, the near miss "juicy" among them,
        // 5 too far, 1 sure spotting at 0.5).
        #expect(verdicts.filter { $0.reason == .exactWords }.count >= 12)
        #expect(verdicts.filter { $0.reason == .tooFar }.count >= 3)
        #expect(verdicts.contains { $0.reason == .tooFar && $0.heardWords == ["since"] })
        // Spotting alone has no candidates to explain.
        let spotter = try KeywordSpotter(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "susi")], decision: .spotting))
        #expect(!(try Fixtures.hits(in: samples, with: spotter)).isEmpty && spotter.candidateVerdicts.isEmpty)
    }

    @Test func aKeywordRunningIntoTheNextWordIsHeard() throws {
        // flite's awb says "susi set a timer for five minutes" with no pause, at the start of the
        // file. While the spotter's mean stayed the model's in a stream's first seconds, spotting
        // scored the keyword +14.7 and the recogniser with all 72,545 words heard "susi" and the
        // start of "set" as "susi needs", four edits off, carried by sure spotting because the
        // keyphrase was among the words (that rule's own cases are in
        // `sensitivityWidensTheEditsAllowed…` below). With the mean following the stream's first
        // sound, spotting scores it +22.4 and the recogniser hears "susi" alone.
        let file = Fixtures.testAudio.appendingPathComponent("positive_command_set-a-timer-for-five-minutes_awb_noise.wav")
        let samples = try Fixtures.samples(of: file.path)
        let detector = try TwoStageHotwordDetector(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "susi")], vocabulary: .full))
        var verdicts: [CandidateVerdict] = []
        for start in stride(from: 0, to: samples.count, by: 480) {
            _ = try detector.process(Array(samples[start..<min(start + 480, samples.count)]))
            verdicts += detector.candidateVerdicts
        }
        let threshold = try #require(detector.thresholds.first)
        let heardVerdicts = verdicts.filter(\.isHeard)
        #expect(heardVerdicts.count == 1, "\(verdicts)")
        let heard = try #require(heardVerdicts.first, "\(verdicts)")
        #expect(heard.candidate.score >= threshold.log10Threshold, "\(heard)")
        #expect(heard.heardWords?.containsRun(["susi"]) == true, "\(heard)")
    }

    @Test func phoneEditsCountSubstitutionsInsertionsAndDeletions() {
        let computer = ["K", "AH", "M", "P", "Y", "UW", "T", "ER"]
        #expect(PhoneEdits.count(from: computer, to: computer) == 0)
        // "compuserve": K AA M P Y UW S ER V, two substitutions and an insertion.
        #expect(PhoneEdits.count(from: ["K", "AA", "M", "P", "Y", "UW", "S", "ER", "V"], to: computer) == 3)
        // "compu": the last two phones deleted.
        #expect(PhoneEdits.count(from: Array(computer.prefix(6)), to: computer) == 2)
        #expect(PhoneEdits.count(from: [], to: computer) == 8)
        #expect(PhoneEdits.count(from: computer, to: []) == 8)
    }

    /// The words the recogniser heard over background speech that "hey susi" (6 phones, 3 edits
    /// allowed at 0.5) took on the perturbed devdata background: each within the allowance over
    /// the whole keyphrase; three of them miss "hey" entirely.
    @Test func noWordOfAKeyphraseOfSeveralWordsMayBeMissedEntirely() {
        let heySusi = [["HH", "EY"], ["S", "UW", "Z", "IY"]]
        let heard = { (text: String) in text.split(separator: " ").map(String.init) }
        for words in ["DH AH S UW Z IY", "AH D UW Z IY", "AE Z S UW N", "HH EY Z UW M", "HH EY S T AH L IY"] {
            #expect(PhoneEdits.count(from: heard(words), to: heySusi.flatMap { $0 }) <= 4)
        }
        for withoutHey in ["DH AH S UW Z IY", "AH D UW Z IY", "AE Z S UW N"] {
            #expect(!PhoneEdits.everyWordHeard(heard(withoutHey), words: heySusi), "\(withoutHey)")
        }
        // "hey zoom", "hastily": both words partly heard, so the allowance decides.
        #expect(PhoneEdits.everyWordHeard(heard("HH EY Z UW M"), words: heySusi))
        #expect(PhoneEdits.everyWordHeard(heard("HH EY S T AH L IY"), words: heySusi))
        #expect(PhoneEdits.everyWordHeard(heard("EY S UW S IY"), words: heySusi))
        // One word is always heard in this sense: its phone edits alone decide.
        #expect(PhoneEdits.everyWordHeard(["K", "AH"], words: [["K", "AH", "M", "P", "Y", "UW", "T", "ER"]]))
        let threshold = KeywordThreshold(keyphrase: "hey susi", sensitivity: 0.5, phoneCount: 6)
        #expect(threshold.decide(score: -10, phoneEdits: 2, everyWordHeard: true, seconds: 0.4, decision: .twoStage) == .nearWords)
        #expect(threshold.decide(score: -10, phoneEdits: 2, everyWordHeard: false, seconds: 0.4, decision: .twoStage) == .wordMissed)
        // A candidate spotting is sure of is not held to it.
        #expect(threshold.decide(score: 1, phoneEdits: 2, everyWordHeard: false, seconds: 0.4, decision: .twoStage) == .sureSpotting)
    }

    @Test func sensitivityWidensTheEditsAllowedShortInexactCandidatesAreRefusedAndSlowOnesMayBeFurtherOff() {
        #expect((0...4).map { SensitivityCalibration.phoneEditsAllowed(sensitivity: Double($0) / 4, phoneCount: 8) } == [0, 2, 4, 4, 4])
        // Never more than half the phones, rounded up: 5 of 9 (not 6).
        #expect(SensitivityCalibration.phoneEditsAllowed(sensitivity: 0.9, phoneCount: 9) == 5)
        #expect((0...4).map { SensitivityCalibration.phoneEditsAllowed(sensitivity: Double($0) / 4, phoneCount: 4) } == [0, 1, 1, 1, 1])
        #expect(SensitivityCalibration.phoneEditsAllowed(sensitivity: 1, phoneCount: 2) == 0)
        let jarvis = KeywordThreshold(keyphrase: "jarvis", sensitivity: 0.5, phoneCount: 6)
        #expect(jarvis.phoneEditsAllowed == 3)
        // Exact: heard however short and weak; inexact: only if it lasts 45 ms a phone (0.27 s)
        // and scores at most 2 a phone below the threshold (0 − 2 × 6 = −12).
        #expect(jarvis.decide(score: -50, phoneEdits: 0, seconds: 0.2, decision: .verified) == .exactWords)
        #expect(jarvis.decide(score: -10, phoneEdits: 3, seconds: 0.3, decision: .verified) == .nearWords)
        #expect(jarvis.decide(score: -50, phoneEdits: 3, seconds: 0.3, decision: .verified) == .tooWeak)
        #expect(jarvis.decide(score: -50, phoneEdits: 3, seconds: 0.2, decision: .verified) == .tooShort)
        #expect(jarvis.decide(score: -50, phoneEdits: 4, seconds: 0.53, decision: .twoStage) == .tooFar)
        // Slow (90 ms a phone, 0.54 s, or more): one edit more for six phones, none at 0.
        #expect(jarvis.slowPhoneEditsAllowed == 4)
        #expect(jarvis.decide(score: -10, phoneEdits: 4, seconds: 0.54, decision: .verified) == .nearWords)
        #expect(jarvis.decide(score: -50, phoneEdits: 5, seconds: 0.9, decision: .verified) == .tooFar)
        #expect((0...4).map { SensitivityCalibration.phoneEditsAllowed(sensitivity: Double($0) / 4, phoneCount: 8, slow: true) } == [0, 3, 5, 5, 5])
        #expect(SensitivityCalibration.phoneEditsAllowed(sensitivity: 1, phoneCount: 4, slow: true) == 1)
        // Slow and within the ordinary allowance: no score floor. The slow extra edit still needs
        // it, and a quick candidate does.
        #expect(jarvis.decide(score: -30, phoneEdits: 3, seconds: 0.54, decision: .twoStage) == .nearWords)
        #expect(jarvis.decide(score: -30, phoneEdits: 4, seconds: 0.54, decision: .twoStage) == .tooWeak)
        #expect(jarvis.decide(score: -30, phoneEdits: 3, seconds: 0.53, decision: .twoStage) == .tooWeak)
        // A short keyphrase has no slow leeway: "juicy" for "susi", slow and weak, is not heard.
        let susi = KeywordThreshold(keyphrase: "susi", sensitivity: 0.5, phoneCount: 4)
        #expect(susi.slowPhoneEditsAllowed == susi.phoneEditsAllowed)
        #expect(susi.decide(score: susi.log10InexactFloor - 1, phoneEdits: 1, seconds: 0.6, decision: .twoStage) == .tooWeak)
        #expect(susi.decide(score: susi.log10InexactFloor, phoneEdits: 1, seconds: 0.6, decision: .twoStage) == .nearWords)
        // Spotting that is sure of itself carries a candidate unless the recogniser heard
        // something else entirely; only in `.twoStage`.
        #expect(jarvis.decide(score: 1, phoneEdits: 5, seconds: 0.5, decision: .twoStage) == .sureSpotting)
        #expect(jarvis.decide(score: 1, phoneEdits: 6, seconds: 0.5, decision: .twoStage) == .tooFar)
        #expect(jarvis.decide(score: 1, phoneEdits: 5, seconds: 0.5, decision: .verified) == .tooFar)
        // The keyphrase heard among other words is not something else entirely.
        #expect(jarvis.decide(score: 1, phoneEdits: 6, keyphraseAmongWords: true, seconds: 0.5, decision: .twoStage) == .sureSpotting)
        #expect(jarvis.decide(score: -1, phoneEdits: 6, keyphraseAmongWords: true, seconds: 0.5, decision: .twoStage) == .tooFar)
        #expect(["okay", "jarvis", "lights"].containsRun(["jarvis"]) && ["think", "engine", "off"].containsRun(["think", "engine"]))
        #expect(!["think", "the", "engine"].containsRun(["think", "engine"]) && !["jar"].containsRun(["jarvis"]))
        // Far above the threshold (3 a phone: 0 + 3 × 6 = 18), spotting carries it whatever was heard.
        #expect(jarvis.log10CertainThreshold == 18)
        #expect(jarvis.decide(score: 17.9, phoneEdits: 6, seconds: 0.5, decision: .twoStage) == .tooFar)
        #expect(jarvis.decide(score: 18, phoneEdits: 6, seconds: 0.5, decision: .twoStage) == .sureSpotting)
        #expect(jarvis.decide(score: 18, phoneEdits: 6, seconds: 0.5, decision: .verified) == .tooFar)
        // Short and well below the threshold (0 − 5 × 6 = −30): not worth decoding.
        #expect(!jarvis.isWorthVerifying(score: -31, seconds: 0.2))
        #expect(jarvis.isWorthVerifying(score: -29, seconds: 0.2))
        #expect(jarvis.isWorthVerifying(score: -59, seconds: 0.3))
    }

    @Test func aMissingVerificationVocabularyNamesWhereItComesFrom() throws {
        var files = Fixtures.modelFiles
        files.verifierVocabulary = AcousticModelFiles.VerifierVocabulary(modelsFolder: "/nonexistent")
        #expect(throws: HotwordDetectionError.modelFileMissing(path: "/nonexistent/verifier/compact/words.arpa", package: "susi-listen (its Models/ folder)")) {
            try files.validate()
        }
        // No Debian package holds the project's own models: the message says where they come from instead.
        let message = HotwordDetectionError.modelFileMissing(path: "/nonexistent/verifier/compact/words.arpa", package: AcousticModelFiles.projectModels).description
        #expect(message.contains("SUSI_LISTEN_MODELS") && !message.contains("apt-get"), "\(message)")
        files.verifierVocabulary = AcousticModelFiles.VerifierVocabulary(languageModel: Fixtures.keywordDictionary, dictionary: Fixtures.keywordDictionary)
        #expect(throws: HotwordDetectionError.unusableModelFile(path: Fixtures.keywordDictionary, problem: .notALanguageModel)) {
            try files.validate()
        }
        files.verifierVocabulary = nil
        #expect(files.verifierFiles.languageModel == AcousticModelFiles.debianModelFolder + "/en-us.lm.bin")
        try files.validate()
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
        // Measured: 13 of the near-miss files give a candidate at 0.5 (every pronunciation of
        // "susi" is spotted, 6 log10 a phone below the threshold), and few of those are confirmed
        // ("sushi", "juicy", "Lucy" are one edit away): 4, "juicy" twice, "sushi" and "Sousa" (3
        // with all 72,545 words, which hear one "juicy" as other words).
        #expect(proposed >= 10, "\(proposed) near-miss files give a candidate")
        #expect(confirmed * 3 <= proposed, "\(confirmed) of \(proposed) near-miss candidates confirmed")
    }

    /// Listened for together, "okay susi" took the hit in a "hey susi" sentence, whichever was
    /// listed first: spotting alone found both in the same frame and reported "okay susi"
    /// (+4.3) before "hey susi" (+18.2); two-stage detection confirmed "okay susi" too, heard
    /// two edits off. Now the hit clearing its own threshold by the most comes first, and the
    /// recogniser's "hey susi" speaks for "hey susi" alone.
    @Test func aKeyphraseHeardAsAnotherOfTheConfiguredOnesIsLeftToThatOne() throws {
        let sentence = Fixtures.testAudio.appendingPathComponent("positive_sentence_hey-susi-what-time-is-it_awb_noise.wav").path
        let samples = try Fixtures.samples(of: sentence)
        for order in [["okay susi", "hey susi"], ["hey susi", "okay susi"]] {
            let keywords = order.map { KeywordSetting(keyphrase: $0) }
            let spotter = try KeywordSpotter(configuration: Fixtures.spotter(keywords, decision: .spotting))
            #expect(try Fixtures.hits(in: samples, with: spotter).first?.keyword == "hey susi", "\(order), spotting alone")
            let detector = try TwoStageHotwordDetector(configuration: Fixtures.spotter(keywords))
            let (hits, verdicts) = try Fixtures.decisions(in: samples, with: detector)
            #expect(hits.map(\.keyword) == ["hey susi"], "\(order), two-stage")
            // "okay susi" is turned down, and says so.
            #expect(verdicts.contains { $0.candidate.keyword == "okay susi" && $0.reason == .nearerAnotherKeyphrase }, "\(verdicts)")
        }
    }

    @Test func aCandidateSpotterThatIsNotRestartedProposesEachDetectionOnce() throws {
        let configuration = Fixtures.spotter([KeywordSetting(keyphrase: "susi")])
        let candidates = try KeywordSpotter(configuration: configuration, proposingCandidates: true)
        let samples = try Fixtures.samples(of: Fixtures.testAudio.appendingPathComponent("mixed_susi_and_near_misses.wav").path)
        let proposed = try Fixtures.hits(in: samples, with: candidates)
        let spans = proposed.map { "\($0.startSample)-\($0.endSample) \($0.score)" }
        #expect(proposed.count >= 3, "\(spans)")
        #expect(Set(spans).count == spans.count, "a detection proposed twice: \(spans)")
    }

    @Test func theCandidateThresholdLiesBelowTheDecisionThresholdByTheMarginPerPhone() {
        let threshold = KeywordThreshold(keyphrase: "computer", sensitivity: 0.5, phoneCount: 8)
        #expect(threshold.log10Threshold == -11)
        #expect(threshold.log10CandidateThreshold == -11 - 8 * SensitivityCalibration.candidateMarginPerPhone)
        #expect(SensitivityCalibration.candidateMarginPerPhone == 6)
    }

    @Test func theCandidateMarginShrinksBelowTheDefaultSensitivityToNoneAtZero() {
        let margin = { (sensitivity: Double) in
            let threshold = KeywordThreshold(keyphrase: "susi", sensitivity: sensitivity, phoneCount: 4)
            return (threshold.log10Threshold - threshold.log10CandidateThreshold) / 4
        }
        #expect(margin(1) == 6 && margin(0.7) == 6 && margin(0.5) == 6)
        #expect(margin(0.25) == 3)
        #expect(margin(0) == 0)
    }

    @Test func anInexactMatchNeedsAScoreNearTheThresholdAndAnExactOneDoesNot() {
        let threshold = KeywordThreshold(keyphrase: "computer", sensitivity: 0.5, phoneCount: 8)
        #expect(threshold.log10InexactFloor == -11 - 8 * SensitivityCalibration.inexactMarginPerPhone)
        let weak = threshold.log10InexactFloor - 1, fair = threshold.log10InexactFloor + 1
        #expect(threshold.decide(score: weak, phoneEdits: 0, seconds: 0.6, decision: .twoStage) == .exactWords)
        #expect(threshold.decide(score: weak, phoneEdits: 2, seconds: 0.6, decision: .twoStage) == .tooWeak)
        #expect(threshold.decide(score: fair, phoneEdits: 2, seconds: 0.6, decision: .twoStage) == .nearWords)
        #expect(threshold.decide(score: weak, phoneEdits: 2, seconds: 0.6, decision: .verified) == .tooWeak)
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
