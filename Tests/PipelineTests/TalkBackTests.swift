import AudioInput
import AudioPlayback
import AudioTestSupport
import Foundation
import HotwordDetection
import JSONText
import SusiChat
import Testing
@testable import Pipeline

/// Which events make a sound, and what comes of playing them.
@Suite(.serialized) struct TalkBackTests {
    static let hotword = ListenEvent.hotword(HotwordEvent(
        hit: HotwordHit(keyword: "susi", startSample: 0, endSample: 8_000, detectionSample: 9_000, score: 20),
        sampleRate: pipelineSampleRate, source: .unnamed))
    static let final = ListenEvent.final(TranscriptEvent(text: "what is the weather", time: 3, reason: .endOfSpeech, source: .unnamed))
    static func answer(_ spoken: String, language: String = "en") -> ListenEvent {
        .answer(AnswerEvent(query: "what is the weather", text: spoken, actions: [],
                            spokenPassages: spoken.isEmpty ? [] : [SpokenPassage(text: spoken, language: language)]))
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
}

extension TalkBackTests {
    @Test func aPlaybackDeviceFailingMidSentenceIsReportedAndOpenedAgainForTheNextSound() throws {
        let folder = try TemporaryDirectory()
        let raw = folder.file("played.raw")
        // The first device fails once its first period reaches /dev/full; the second works.
        let configurations = [
            #"pcm.speaker { type file file "/dev/full" format "raw" slave.pcm { type null } }"#,
            #"pcm.speaker { type file file "\#(raw)" format "raw" slave.pcm { type null } }"#,
        ]
        var opened = 0
        var settings = TalkBackConfiguration()
        settings.sounds = false
        let talkBack = TalkBack(configuration: settings) { () throws(PlaybackError) -> any SoundOutput in
            defer { opened += 1 }
            return try PlaybackDevice(name: "speaker", configuration: configurations[min(opened, 1)])
        }
        let failed = talkBack.respond(to: Self.answer("the weather in berlin is sunny with twenty degrees"))
        #expect(failed.count == 1 && failed.first?.isTrouble == true, "\(failed)")
        #expect(failed.first?.readableLine.contains("playback: speaker:") == true, "\(failed)")
        #expect(failed.first?.readableLine.contains("listening goes on without sound") == true)
        let spoken = talkBack.respond(to: Self.answer("it will rain tomorrow"))
        guard case .spoken? = spoken.first else { Issue.record("\(spoken)"); return }
        #expect(opened == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: raw)).count > 16_000)
    }

    /// The events of speaking SUSI's `answer`, without sounds, into a WAV file at `path` (complete on return).
    static func speak(_ answer: ChatAnswer, into path: String) throws -> [ListenEvent] {
        let recording = try WAVFileOutput(path: path)
        var settings = TalkBackConfiguration()
        settings.sounds = false
        let talkBack = TalkBack(configuration: settings) { recording }
        return talkBack.respond(to: .answer(AnswerEvent(query: answer.query, text: answer.readableText, actions: [],
                                                        spokenPassages: answer.spokenPassages)))
    }

    @Test func speaksAGermanAnswerWithTheDevicesOwnSentencesInGerman() throws {
        let answer = ChatAnswer(query: "zeig mir Berlin", actions: [.answer(expression: "Hier ist Berlin."), .map(latitude: 52.5, longitude: 13.4, zoom: 13)],
                                language: "de_DE")
        let folder = try TemporaryDirectory()
        let events = try Self.speak(answer, into: folder.file("played.wav"))
        guard case .spoken(let speech)? = events.first else { Issue.record("\(events)"); return }
        #expect(speech.text == "Hier ist Berlin. Ich kann auf diesem Gerät keine Karte zeigen.")
        #expect(speech.passages.count == 1 && speech.language == "de_DE" && speech.requestedLanguage == "de_DE")
        // Eleven words: about three seconds at espeak-ng's rate.
        #expect((2.0...6.0).contains(speech.seconds), "\(speech.seconds) s")
    }

    @Test func speaksTheDevicesEnglishSentencesWithTheEnglishVoiceAsOneSound() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("played.wav")
        let answer = ChatAnswer(query: "q", actions: [.answer(expression: "ベルリンです"), .map(latitude: 52.5, longitude: 13.4, zoom: 13)],
                                language: "ja")
        let events = try Self.speak(answer, into: path)
        guard case .spoken(let speech)? = events.first, events.count == 1 else { Issue.record("\(events)"); return }
        #expect(speech.passages == [.init(text: "ベルリンです", language: "ja", requestedLanguage: "ja"),
                                    .init(text: "I cannot show a map on this device.", language: "en", requestedLanguage: "en")])
        let samples = try AudioFileReader(path: path).remainingSamples()
        #expect(abs(Double(samples.count) / Double(pipelineSampleRate) - speech.seconds) < 0.01)
    }
}
