import Foundation
import Testing

/// `--decision` and the `hotword.decision` key, through the built executable.
@Suite(.serialized) struct DecisionCommandTests {
    /// "susi" said twice (at 0.50 and 2.25 s) among near-misses.
    let fixture = "TestAudio/mixed_susi_and_near_misses.wav"

    private func detect(_ arguments: [String]) throws -> CommandRunner.Outcome {
        try CommandRunner.run(["--file", fixture, "--json", "--no-transcription", "--config", "/dev/null"] + arguments)
    }

    @Test func theStartEventSaysHowDetectionsAreDecided() throws {
        for (decision, hasCandidates) in [("two-stage", true), ("verified", true), ("spotting", false)] {
            let outcome = try detect(["--decision", decision])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let start = try #require(outcome.events(ofType: "start").first)
            #expect(start["decision"] as? String == decision)
            let keyword = (start["keywords"] as? [[String: Any]])?.first
            #expect((keyword?["log10_candidate_threshold"] != nil) == hasCandidates)
            #expect((keyword?["phone_edits_allowed"] != nil) == hasCandidates)
            #expect((keyword?["phone_edits_allowed_slow"] != nil) == hasCandidates)
            #expect(!outcome.events(ofType: "hotword").isEmpty, "\(decision): no hit on \(fixture)")
        }
    }

    @Test func everyDecisionRunsTheMixedFixtureAtHighSensitivity() throws {
        // At 0.9 the keyword search once reported a hit starting after its end, which crashed
        // the verifier's audio slicing; every decision must finish and report its hits.
        for decision in ["two-stage", "verified", "spotting"] {
            let outcome = try detect(["--decision", decision, "--sensitivity", "0.9"])
            #expect(outcome.status == 0, "\(decision): \(outcome.standardError)")
            #expect(!outcome.events(ofType: "hotword").isEmpty, "\(decision): no hit on \(fixture)")
        }
    }

    @Test func twoStageIsTheDefault() throws {
        let outcome = try detect([])
        #expect(outcome.events(ofType: "start").first?["decision"] as? String == "two-stage")
    }

    @Test func theStartEventNamesTheRecognisersVocabulary() throws {
        let vocabulary = { (arguments: [String]) throws -> Any? in
            let outcome = try detect(arguments)
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(!outcome.events(ofType: "hotword").isEmpty, "\(arguments): no hit on \(fixture)")
            return try #require(outcome.events(ofType: "start").first)["recogniser_vocabulary"]
        }
        #expect(try vocabulary([]) as? String == "compact")
        #expect(try vocabulary(["--recogniser-vocabulary", "full"]) as? String == "full")
        // Keyword spotting alone has no recogniser.
        #expect(try vocabulary(["--recogniser-vocabulary", "compact", "--decision", "spotting"]) == nil)
        let wrong = try detect(["--recogniser-vocabulary", "tiny"])
        #expect(wrong.status == 64)
        #expect(wrong.standardError.contains("'full' and 'compact'"), "\(wrong.standardError)")
    }

    @Test func candidatesSayWhatTheRecogniserHeardAndWhyEachWasHeardOrTurnedDown() throws {
        let outcome = try detect(["--candidates"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let events = outcome.events
        let candidates = outcome.events(ofType: "candidate")
        let hotwords = outcome.events(ofType: "hotword")
        #expect(!hotwords.isEmpty)
        // Every hit is a heard candidate, reported just before it; with one keyphrase and no
        // command, every heard candidate is a hit.
        for (index, event) in events.enumerated() where event["type"] as? String == "hotword" {
            let before = events[index - 1]
            #expect(before["type"] as? String == "candidate" && before["heard"] as? Bool == true)
            for key in ["keyword", "time", "start", "end", "score"] {
                #expect("\(before[key] ?? "")" == "\(event[key] ?? "")", "\(key)")
            }
        }
        #expect(candidates.filter { $0["heard"] as? Bool == true }.count == hotwords.count)
        // The near-misses are turned down, each with the recogniser's words and how far they are
        // from "susi" (or, short and weak, not decoded at all).
        let turnedDown = candidates.filter { $0["heard"] as? Bool == false }
        #expect(turnedDown.count >= 5)
        for candidate in turnedDown {
            let reason = try #require(candidate["reason"] as? String)
            #expect(["short_and_weak", "too_weak", "too_short", "word_missed", "too_far", "nearer_another_keyphrase"].contains(reason))
            if reason == "short_and_weak" {
                #expect(candidate["words"] is NSNull && candidate["phone_edits"] is NSNull)
            } else {
                #expect((candidate["phone_edits"] as? Int ?? 0) > 0, "\(candidate)")
                #expect(!(candidate["words"] as? [String] ?? []).isEmpty, "\(candidate)")
            }
        }
        // Without the flag, no candidate is reported.
        #expect(try detect([]).events(ofType: "candidate").isEmpty)
    }

    @Test func candidatesNeedASecondStage() throws {
        let outcome = try detect(["--candidates", "--decision", "spotting"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("--candidates (log.candidates) needs --decision (hotword.decision) two-stage or verified"))
        #expect(outcome.events(ofType: "start").isEmpty)
    }

    @Test func anUnknownDecisionIsABadArgument() throws {
        let outcome = try detect(["--decision", "guess"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("guess"))
    }
}
