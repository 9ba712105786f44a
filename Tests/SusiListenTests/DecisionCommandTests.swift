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

    @Test func anUnknownDecisionIsABadArgument() throws {
        let outcome = try detect(["--decision", "guess"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("guess"))
    }
}
