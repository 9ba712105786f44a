import AudioTestSupport
import Foundation
import Testing

/// `--echo-cancellation` and `--echo-reference` through the real binary, on `TestAudio/echo/`:
/// two spoken answers that say "Susi", heard back through a simulated room, each with a person
/// saying "susi" in the middle.
@Suite(.serialized) struct EchoCancellationCommandTests {
    let captured = "TestAudio/echo/captured.flac"
    let played = "TestAudio/echo/played.flac"

    @Test func aPersonsSusiDuringTheAnswerIsABargeInAndTheDevicesOwnIsNotHeard() throws {
        let outcome = try CommandRunner.run(["--file", captured, "--echo-reference", played, "--no-transcription",
                                             "--json", "--config", "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.events(ofType: "start").first?["echo"] as? String == "cancellation")
        let types = outcome.events.compactMap { $0["type"] as? String }.filter { $0 == "barge_in" || $0 == "hotword" }
        #expect(types == ["barge_in", "hotword", "barge_in", "hotword"], "\(outcome.standardOutput)")
        let summary = try #require(outcome.events(ofType: "summary").first)
        #expect((summary["echo_cancellation_cpu_s"] as? Double ?? 0) > 0)
    }

    @Test func offPausesDetectionWhileTheDevicePlays() throws {
        let outcome = try CommandRunner.run(["--file", captured, "--echo-reference", played, "--echo-cancellation", "off",
                                             "--no-transcription", "--json", "--config", "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.events(ofType: "start").first?["echo"] as? String == "pause")
        #expect(outcome.events(ofType: "hotword").isEmpty)
        #expect(outcome.events(ofType: "summary").first?["echo_cancellation_cpu_s"] == nil)
    }

    @Test(arguments: [
        (["--file", "TestAudio/echo/captured.flac", "--echo-cancellation", "maybe"], "--echo-cancellation: expected on or off, got \"maybe\""),
        (["--echo-reference", "TestAudio/echo/played.flac"], "--echo-reference is what was played while one recording was made"),
        (["--file", "TestAudio/echo/captured.flac", "TestAudio/echo/played.flac", "--echo-reference", "TestAudio/echo/played.flac"],
         "give it with one --file that is an audio file"),
        (["--file", "TestAudio", "--echo-reference", "TestAudio/echo/played.flac"], "give it with one --file that is an audio file"),
    ])
    func refusesEchoOptionsThatCannotApply(_ arguments: [String], message: String) throws {
        let outcome = try CommandRunner.run(arguments + ["--config", "/dev/null"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }

    @Test func aReferenceThatCannotBeReadIsNamed() throws {
        let folder = try TemporaryDirectory()
        let outcome = try CommandRunner.run(["--file", captured, "--echo-reference", folder.file("missing.wav"),
                                             "--no-transcription", "--json", "--config", "/dev/null"])
        #expect(outcome.status == 1)
        let error = try #require(outcome.events(ofType: "error").first)
        #expect(error["file"] as? String == folder.file("missing.wav"), "\(error)")
        #expect((error["message"] as? String)?.hasPrefix("the echo reference: ") == true, "\(error)")
        // The canceller never ran: the summary gives it no CPU time, not 0 s.
        #expect(outcome.events(ofType: "summary").first?["echo_cancellation_cpu_s"] == nil)
    }
}
