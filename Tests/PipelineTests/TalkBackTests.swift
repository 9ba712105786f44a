import AudioInput
import AudioPlayback
import AudioTestSupport
import Foundation
import HotwordDetection
import JSONText
import Testing
@testable import Pipeline

/// Which events make a sound, what comes of playing them, and how the daemon's playback thread
/// pauses detection while it plays.
@Suite(.serialized) struct TalkBackTests {
    static let hotword = ListenEvent.hotword(HotwordEvent(
        hit: HotwordHit(keyword: "susi", startSample: 0, endSample: 8_000, detectionSample: 9_000, score: 20),
        sampleRate: pipelineSampleRate, source: .unnamed))
    static let final = ListenEvent.final(TranscriptEvent(text: "what is the weather", time: 3, reason: .endOfSpeech, source: .unnamed))
    static func answer(_ spoken: String, language: String = "en") -> ListenEvent {
        .answer(AnswerEvent(query: "what is the weather", text: spoken, actions: [], spokenText: spoken, language: language))
    }

    @Test func playsTheChimesAndSpeaksTheAnswerInTheOrderOfTheEvents() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("played.wav")
        var spoken: [ListenEvent] = []
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let recording = try WAVFileOutput(path: path)
            let talkBack = TalkBack(configuration: TalkBackConfiguration()) { recording }
            #expect(talkBack.setupEvents.isEmpty)
            for event in [Self.hotword, Self.final, Self.answer("the weather in berlin is sunny"),
                          .noCommand(NoCommandEvent(time: 1, source: .unnamed))] {
                spoken += talkBack.respond(to: event)
            }
        }
        let responding = clock.now - started
        let event = try #require(spoken.first, "no spoken event")
        guard case .spoken(let speech) = event else { Issue.record("\(event)"); return }
        #expect(spoken.count == 1)
        #expect(speech.text == "the weather in berlin is sunny" && speech.language == "en")
        // Synthesis is measured within the answer's handling, whatever the machine's load.
        #expect(speech.synthesisSeconds > 0 && .seconds(speech.synthesisSeconds) <= responding, "\(speech.synthesisSeconds) s of \(responding)")
        let samples = try AudioFileReader(path: path).remainingSamples()
        let chimes = Sound.hotwordChime.samples.count + Sound.doneChime.samples.count
        #expect(abs(Double(samples.count - chimes) / Double(pipelineSampleRate) - speech.seconds) < 0.01)
    }

    @Test func anEmptyAnswerIsNotSpokenAndALanguageWithoutVoiceFallsBackToEnglish() throws {
        let folder = try TemporaryDirectory()
        let recording = try WAVFileOutput(path: folder.file("played.wav"))
        var settings = TalkBackConfiguration()
        settings.sounds = false
        let talkBack = TalkBack(configuration: settings) { recording }
        #expect(!talkBack.plays(Self.answer("")))
        #expect(!talkBack.plays(Self.hotword))
        let events = talkBack.respond(to: Self.answer("hello", language: "xx"))
        guard case .spoken(let speech)? = events.first else { Issue.record("\(events)"); return }
        #expect(speech.language == "en" && speech.requestedLanguage == "xx")
        #expect(events.first?.readableLine.contains("espeak-ng has no voice for \"xx\", spoken in en") == true)
    }

    @Test func aMissingPlaybackDeviceIsReportedOnceAndTriedAgainAtEachSound() {
        var attempts = 0
        let talkBack = TalkBack(configuration: TalkBackConfiguration()) { () throws(PlaybackError) -> any SoundOutput in
            attempts += 1
            return try PlaybackDevice(name: "nosuchspeaker", configuration: "pcm.speaker { type null }")
        }
        let first = talkBack.respond(to: Self.hotword)
        #expect(first.count == 1)
        #expect(first.first?.isTrouble == true)
        #expect(first.first?.readableLine.contains("nosuchspeaker: no such playback device") == true)
        #expect(talkBack.respond(to: Self.final).isEmpty)
        #expect(attempts == 2)
    }

    @Test func pausesDetectionWhilePlayingAndForTheEchoTailAfter() async throws {
        let folder = try TemporaryDirectory()
        let recording = try WAVFileOutput(path: folder.file("played.wav"))
        let talkBack = TalkBack(configuration: TalkBackConfiguration()) { recording }
        let (reported, sink) = AsyncStream<ListenEvent>.makeStream()
        let thread = PlaybackThread(talkBack: talkBack) { sink.yield($0) }
        #expect(!thread.isPlaying)
        thread.respond(to: .noCommand(NoCommandEvent(time: 1, source: .unnamed)))
        #expect(!thread.isPlaying)
        // The sound ends after it was asked for, so its echo tail lasts at least until then
        // plus the tail, however late this task gets to look (the machine may be loaded).
        let askedAt = ContinuousClock.now
        thread.respond(to: Self.answer("the weather in berlin is sunny"))
        #expect(thread.isPlaying)
        var iterator = reported.makeAsyncIterator()
        guard case .spoken? = await iterator.next() else { Issue.record("no spoken event"); return }
        #expect(thread.isPlaying || ContinuousClock.now - askedAt >= PlaybackThread.echoTail)
        try await Task.sleep(for: PlaybackThread.echoTail + .milliseconds(50))
        #expect(!thread.isPlaying)
        await thread.finish()
    }
}
