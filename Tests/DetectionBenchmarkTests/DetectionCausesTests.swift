import Foundation
import HotwordDetection
import KeywordLabels
import Pipeline
import Testing
@testable import DetectionBenchmark

/// Why keywords were missed and which rule heard the false alarms, from the candidates' verdicts.
@Suite struct DetectionCausesTests {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func candidate(at time: Double, score: Double, edits: Int?, _ reason: CandidateVerdict.Reason,
                           startingAt start: Double? = nil) -> CandidateEvent {
        let sample = Int(time * 16_000)
        let startSample = start.map { Int($0 * 16_000) } ?? sample - 8_000
        return CandidateEvent(verdict: CandidateVerdict(
            candidate: HotwordHit(keyword: "jarvis", startSample: startSample, endSample: sample - 1_600, detectionSample: sample, score: score),
            heardWords: edits.map { _ in ["javanese"] }, phoneEdits: edits, reason: reason), sampleRate: 16_000, source: .unnamed)
    }

    @Test func aMissIsNeverProposedOrTurnedDownForItsNearestCandidatesReason() {
        let causes = DetectionCauses(
            missedLabels: [10...11, 20...21, 30...31],
            positiveCandidates: [
                // Within the first label's window: the nearest in phone edits speaks for it.
                candidate(at: 11.2, score: 5, edits: 5, .tooFar),
                candidate(at: 11.4, score: -40, edits: 3, .tooShort),
                candidate(at: 12.4, score: 9, edits: nil, .shortAndWeak),
                // The second label: only a candidate that was not decoded.
                candidate(at: 21.3, score: -50, edits: nil, .shortAndWeak),
                // Past the third label's window (end + 1.5 s): it was never proposed.
                candidate(at: 32.6, score: 1, edits: 4, .tooFar),
            ],
            negativeCandidates: [candidate(at: 5, score: -20, edits: 3, .nearWords), candidate(at: 9, score: -30, edits: 6, .tooFar)])
        #expect(causes.neverProposed == 1)
        #expect(causes.turnedDown == [.tooShort: 1, .shortAndWeak: 1])
        #expect(causes.falseAlarms == [.nearWords: 1])
        #expect(causes.summary == "missed 3: never proposed 1, short_and_weak 1, too_short 1; false alarms 1: near_words 1")
        #expect(causes.json.text == #"{"never_proposed":1,"heard_for_a_neighbour":0,"turned_down":{"short_and_weak":1,"too_short":1},"false_alarms":{"near_words":1}}"#)
        // Without negatives nothing is said of false alarms (unknown, not none).
        let positivesOnly = DetectionCauses(missedLabels: [10...11], positiveCandidates: [], negativeCandidates: nil)
        #expect(positivesOnly.summary == "missed 1: never proposed 1")
        #expect(positivesOnly.json.text.hasSuffix(#""false_alarms":null}"#))
    }

    /// Two labels close together: the one hit falls in both windows and is scored for the
    /// earlier label, so the later keyword is missed though its candidate was heard; no
    /// turned-down reason speaks for it.
    @Test func aMissWhoseCandidateWasHeardForANeighbourIsSaidSo() {
        let causes = DetectionCauses(
            missedLabels: [6.388...6.978],
            positiveCandidates: [candidate(at: 7.2, score: 3, edits: 0, .exactWords), candidate(at: 6.0, score: -40, edits: nil, .shortAndWeak)],
            negativeCandidates: nil)
        #expect(causes.turnedDown.isEmpty)
        #expect(causes.heardForANeighbour == 1)
        #expect(causes.summary == "missed 1: hit scored for a neighbour 1")
    }

    @Test func aCandidateHeardAgainIsCountedByItsSecondVerdict() {
        let causes = DetectionCauses(
            missedLabels: [10...11, 20...21],
            positiveCandidates: [
                // Heard as the keyphrase's start, then heard again 0.3 s after its end and turned
                // down further off: the second verdict is the candidate's last word.
                candidate(at: 11.0, score: -20, edits: 3, .heardItsStart, startingAt: 10.4),
                candidate(at: 11.5, score: -20, edits: 5, .tooFar, startingAt: 10.4),
                // Another candidate's second hearing does not replace this one's first verdict
                // (a hit elsewhere came before it).
                candidate(at: 21.0, score: -25, edits: 3, .heardItsStart, startingAt: 20.3),
                candidate(at: 21.5, score: -21, edits: 6, .tooFar, startingAt: 20.9),
            ],
            negativeCandidates: nil)
        #expect(causes.turnedDown == [.tooFar: 1, .heardItsStart: 1])
    }

    @Test func aBenchOfTheFixturesAccountsForEveryMissAndFalseAlarm() throws {
        let testAudio = Self.repository.appendingPathComponent("TestAudio")
        let labels = try LabelFile.read(testAudio.appendingPathComponent("labels.tsv").path).filter { $0.file.hasSuffix("/mixed_susi_and_near_misses.wav") }
        let negatives = try FileManager.default.contentsOfDirectory(atPath: testAudio.path)
            .filter { $0.hasPrefix("negative_nearmiss_") }.sorted().map { testAudio.appendingPathComponent($0).path }
        let models = AcousticModelFiles(modelsFolder: Self.repository.appendingPathComponent("Models").path)
        for decision in [KeywordDecision.twoStage, .spotting] {
            let plan = BenchmarkPlan(labels: labels, negatives: negatives, keywords: ["susi"], sensitivities: [0.9],
                                     spotter: KeywordSpotterConfiguration(modelFiles: models, decision: decision))
            let row = try #require(try BenchmarkRunner.run(plan).rows.first)
            guard decision == .twoStage else {
                #expect(row.causes == nil)
                continue
            }
            let causes = try #require(row.causes)
            #expect(row.score.misses > 0 && row.negativeFalseAlarms ?? 0 > 0, "the fixtures should give both at 0.9")
            #expect(causes.neverProposed + causes.turnedDown.values.reduce(0, +) == row.score.misses)
            #expect(causes.turnedDown.keys.allSatisfy { !$0.isHeard })
            let falseAlarms = try #require(causes.falseAlarms)
            #expect(falseAlarms.values.reduce(0, +) == row.negativeFalseAlarms)
            #expect(falseAlarms.keys.allSatisfy { $0.isHeard })
        }
    }
}
