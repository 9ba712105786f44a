import AudioInput
import AudioPlayback
import AudioTestSupport
import Foundation
import HTTPTestSupport
import Testing

/// What a `--file` run would play, written with `--speak-to`: the hotword sound, the sound at
/// the end of the command, then SUSI's answer spoken, through the real binary and a SUSI-like
/// server on loopback.
@Suite(.serialized) struct TalkBackCommandTests {
    let timerCommand = "TestAudio/commands/hotword_02_slt.flac"

    @Test func writesTheHotwordSoundThenTheDoneSoundThenTheSpokenAnswer() throws {
        let server = try LoopbackHTTPServer(script: [.json(SpokenCommandTests.timerAnswer)])
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let wav = folder.file("spoken.wav")
        let outcome = try CommandRunner.run(["--file", timerCommand, "--server", server.url.absoluteString, "--json",
                                             "--config", "/dev/null", "--speak-to", wav])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let types = outcome.events.compactMap { $0["type"] as? String }.filter { $0 != "partial" }
        #expect(types == ["start", "hotword", "final", "query", "answer", "spoken", "summary"], "\(types)")
        let spoken = try #require(outcome.events(ofType: "spoken").first)
        #expect(spoken["text"] as? String == "Alright, timer set for 10 minutes. I cannot set timers on this device.")
        #expect(spoken["language"] as? String == "en")
        let speechSeconds = try #require(spoken["audio_s"] as? Double)

        let written = try AudioFileReader(path: wav).remainingSamples()
        let hotword = Sound.hotwordChime.samples, done = Sound.doneChime.samples
        #expect(abs(Double(written.count) / Double(pipelineSampleRate) - (Sound.hotwordChime.seconds + Sound.doneChime.seconds + speechSeconds)) < 0.01)
        // The chimes as they are, to 16-bit precision, then speech.
        let chimes = Array(written.prefix(hotword.count + done.count))
        #expect(zip(chimes, hotword + done).allSatisfy { abs($0 - $1) < 1e-3 })
        let speech = written.dropFirst(hotword.count + done.count)
        #expect(Signal.decibels(Signal.rms(speech)) > -30)
    }

    @Test func anUnreadableSoundFileIsNamedAndTheRunGoesOnWithoutIt() throws {
        let folder = try TemporaryDirectory()
        let notAudio = folder.file("ding.wav")
        try TemporaryDirectory.write(Array("not a sound".utf8), to: notAudio)
        let wav = folder.file("spoken.wav")
        let outcome = try CommandRunner.run(["--file", timerCommand, "--no-chat", "--json", "--config", "/dev/null",
                                             "--hotword-sound", notAudio, "--speak-to", wav])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let error = try #require(outcome.events(ofType: "error").first)
        #expect(error["file"] as? String == notAudio)
        #expect((error["message"] as? String)?.contains("hotword sound cannot be read") == true)
        #expect(outcome.events(ofType: "hotword").count == 1)
        #expect(outcome.events(ofType: "final").first?["text"] as? String == "set a timer for ten minutes")
        // Only the done sound was played.
        #expect(try AudioFileReader(path: wav).remainingSamples().count == Sound.doneChime.samples.count)
    }

    @Test func noSoundsAndNoSpeechPlayNothing() throws {
        let server = try LoopbackHTTPServer(script: [.json(SpokenCommandTests.timerAnswer)])
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let wav = folder.file("spoken.wav")
        let outcome = try CommandRunner.run(["--file", timerCommand, "--server", server.url.absoluteString, "--json",
                                             "--config", "/dev/null", "--speak-to", wav, "--no-sounds", "--no-speech"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.events(ofType: "spoken").isEmpty)
        // A WAV header and no samples.
        #expect(try FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int == 44)
    }

    @Test func speakToIsRefusedWithoutFiles() throws {
        let outcome = try CommandRunner.run(["--speak-to", "/tmp/never.wav", "--config", "/dev/null"])
        #expect(outcome.status != 0)
        #expect(outcome.standardError.contains("--speak-to"))
    }

    /// Written over the recording it reads, or into a folder it reads, `--speak-to` would
    /// destroy its input or be read back as input: refused before anything is opened.
    @Test func speakToIsRefusedWhereItWouldOverwriteOrAddToItsInput() throws {
        let folder = try TemporaryDirectory()
        let recording = folder.file("recording.wav")
        try FileManager.default.copyItem(atPath: CommandRunner.repository.appendingPathComponent("TestAudio/positive_alone_awb_s_norm_noise.wav").path,
                                         toPath: recording)
        let size = try FileManager.default.attributesOfItem(atPath: recording)[.size] as? Int
        for (input, output) in [(recording, recording), (recording, folder.path + "/./recording.wav"), (folder.path, folder.file("answers.wav"))] {
            let outcome = try CommandRunner.run(["--file", input, "--no-chat", "--config", "/dev/null", "--speak-to", output])
            #expect(outcome.status == 64, "\(outcome.standardError)")
            #expect(outcome.standardError.contains("would overwrite or add to the audio it reads"), "\(outcome.standardError)")
        }
        #expect(try FileManager.default.attributesOfItem(atPath: recording)[.size] as? Int == size)
        #expect(!FileManager.default.fileExists(atPath: folder.file("answers.wav")))
    }
}

extension TalkBackCommandTests {
    @Test func speaksTheAnswerInTheLanguageTheQueryWasAskedIn() throws {
        let answer = #"{"answers":[{"data":[],"actions":[{"type":"answer","expression":"Ein Timer für zehn Minuten."},"#
            + #"{"type":"timer_set","hour":0,"minute":10,"second":0}]}]}"#
        let server = try LoopbackHTTPServer(script: [.json(answer)])
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let outcome = try CommandRunner.run(["--file", timerCommand, "--server", server.url.absoluteString, "--json", "--config", "/dev/null",
                                             "--language", "de", "--no-sounds", "--speak-to", folder.file("spoken.wav")])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(server.recordedRequests.first?.parameters["language"] == "de")
        let spoken = try #require(outcome.events(ofType: "spoken").first)
        #expect(spoken["language"] as? String == "de")
        #expect(spoken["text"] as? String == "Ein Timer für zehn Minuten. Ich kann auf diesem Gerät keine Timer stellen.")
        #expect(spoken["passages"] == nil)
    }

    /// Markup and a web address as a screen shows them, spoken as words: espeak-ng would read
    /// "bee capital slash bee" and spell the address letter by letter for seconds.
    @Test func speaksAnAnswerWithoutItsMarkupAndSaysALinkForItsAddress() throws {
        let expression = #"Berlin is the <b>capital</b> of Germany.<br>Read more at https://en.wikipedia.org/wiki/Berlin?action=view&amp;x=1 :smile:"#
        let server = try LoopbackHTTPServer(script: [.json(#"{"answers":[{"data":[],"actions":[{"type":"answer","expression":"\#(expression)"}]}]}"#)])
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let outcome = try CommandRunner.run(["--file", timerCommand, "--server", server.url.absoluteString, "--json", "--config", "/dev/null",
                                             "--no-sounds", "--speak-to", folder.file("spoken.wav")])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let spoken = try #require(outcome.events(ofType: "spoken").first)
        #expect(spoken["text"] as? String == "Berlin is the capital of Germany. Read more at a link")
        // About 4 s of speech; with the address spelled out, 15.
        #expect((spoken["audio_s"] as? Double).map { $0 < 6 } == true, "\(spoken)")
    }
}
