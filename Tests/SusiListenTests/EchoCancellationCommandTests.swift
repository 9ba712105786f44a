import AudioInput
import AudioPlayback
import AudioTestSupport
import CSndFile
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

    /// The person says "susi" and nothing after it, each time while the device answers: what
    /// the canceller leaves of the answer after the hotword is no command.
    @Test func nothingSaidAfterABargeInIsNoCommand() throws {
        let outcome = try CommandRunner.run(["--file", captured, "--echo-reference", played, "--no-chat", "--json", "--config", "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let types = outcome.events.compactMap { $0["type"] as? String }.filter { !["partial", "start", "summary"].contains($0) }
        #expect(types == ["barge_in", "hotword", "no_command", "barge_in", "hotword", "no_command"], "\(outcome.standardOutput)")
    }

    /// The hotword chime heard back through a room (10 ms later, at -9 dB, with a reflection)
    /// by a canceller that has heard nothing played before: what it leaves of the chime is no
    /// command, and a command said straight after "susi", over the chime, is heard whole.
    @Test func theHotwordChimeHeardBackIsNoCommandAndACommandOverItIsHeard() throws {
        let folder = try TemporaryDirectory()
        for (fixture, expected) in [("TestAudio/positive_alone_awb_s_norm_noise.wav", nil),
                                    ("TestAudio/commands/hotword_02_slt.flac", "set a timer for ten minutes")] {
            var person = try AudioFileReader(path: CommandRunner.repository.appendingPathComponent(fixture).path).remainingSamples()
            person += [Float](repeating: 0, count: 4 * 16_000)
            let hit = try CommandRunner.run(["--file", fixture, "--no-transcription", "--json", "--config", "/dev/null"])
            let chimeStart = Int(try #require(hit.events(ofType: "hotword").first?["time"] as? Double) * 16_000)
            var reference = [Float](repeating: 0, count: person.count)
            for (index, sample) in Sound.hotwordChime.samples.enumerated() {
                reference[chimeStart + index] = sample
                person[chimeStart + 160 + index] += 0.35 * sample
                person[chimeStart + 528 + index] += 0.17 * sample
            }
            let capturedPath = folder.file("captured.wav"), playedPath = folder.file("played.wav")
            let wav = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
            try SoundFileWriter.write(person, to: capturedPath, format: wav, sampleRate: 16_000, channels: 1)
            try SoundFileWriter.write(reference, to: playedPath, format: wav, sampleRate: 16_000, channels: 1)
            let outcome = try CommandRunner.run(["--file", capturedPath, "--echo-reference", playedPath, "--no-chat", "--json", "--config", "/dev/null"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.events(ofType: "hotword").count == 1, "\(fixture): \(outcome.standardOutput)")
            if let expected {
                #expect(outcome.events(ofType: "final").first?["text"] as? String == expected, "\(outcome.standardOutput)")
            } else {
                #expect(outcome.events(ofType: "final").isEmpty && outcome.events(ofType: "no_command").count == 1, "\(outcome.standardOutput)")
            }
        }
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
