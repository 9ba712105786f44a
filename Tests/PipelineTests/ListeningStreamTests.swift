import AudioInput
import Foundation
import HotwordDetection
import Testing
import Transcription
@testable import Pipeline

/// The stream's own handling of the event socket's requests: mute, unmute, a command asked for.
@Suite struct ListeningStreamTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// "susi" from 0.500 to 1.004 s (TestAudio/labels.tsv), then a second of silence.
    static func susi() throws -> [Float] {
        try AudioFileReader(path: repository.appendingPathComponent("TestAudio/positive_alone_slt_z_norm_noise.wav").path).remainingSamples()
            + [Float](repeating: 0, count: 16_000)
    }

    static func stream() throws -> ListeningStream {
        let spotter = KeywordSpotterConfiguration(
            keywords: [KeywordSetting(keyphrase: "susi")],
            modelFiles: AcousticModelFiles(keywordDictionary: repository.appendingPathComponent("Models/keywords.dict").path))
        return ListeningStream(detector: try HotwordDetectorFactory.detector(configuration: spotter), source: .device("test"))
    }

    /// Every event `samples` give, fed 30 ms at a time.
    static func events(of samples: [Float], in stream: ListeningStream) throws -> [ListenEvent] {
        try stride(from: 0, to: samples.count, by: 480).flatMap { try stream.process(Array(samples[$0..<min($0 + 480, samples.count)])) }
    }

    @Test func hearsNothingWhileMutedAndPlacesHitsOnTheStreamOnceUnmuted() throws {
        let audio = try Self.susi()
        let reference = try Self.events(of: audio, in: try Self.stream())
        guard case .hotword(let expected) = try #require(reference.first) else { Issue.record("no hotword: \(reference)"); return }

        let stream = try Self.stream()
        stream.mute()
        #expect(try Self.events(of: audio, in: stream).isEmpty)
        try stream.unmute()
        let heard = try Self.events(of: audio, in: stream)
        guard case .hotword(let hit) = try #require(heard.first) else { Issue.record("no hotword: \(heard)"); return }
        let offset = Double(audio.count) / 16_000
        #expect(abs(hit.end - offset - expected.end) < 0.031, "after unmute \(hit.end) s, alone \(expected.end) s + \(offset) s")
    }

    /// "susi", then "susi, what is the weather in berlin": the session that began after the
    /// first hears the second "susi" as a word, which is not part of the command; "susi" twice
    /// with nothing after it is no command.
    @Test func leavesTheHotwordSaidAgainOutOfTheCommand() throws {
        let file = { (name: String) in try AudioFileReader(path: Self.repository.appendingPathComponent("TestAudio/" + name).path).remainingSamples() }
        let alone = try file("positive_alone_awb_s_norm_noise.wav")
        let command = try file("positive_command_what-is-the-weather-in-berlin_slt_noise.wav")
        let transcriber = try PocketSphinxTranscriber(configuration: TranscriberConfiguration(
            languageModel: .domain(folder: Self.repository.appendingPathComponent("Models/commands").path)))
        let spotter = KeywordSpotterConfiguration(
            keywords: [KeywordSetting(keyphrase: "susi")],
            modelFiles: AcousticModelFiles(keywordDictionary: Self.repository.appendingPathComponent("Models/keywords.dict").path))
        let stream = ListeningStream(detector: try HotwordDetectorFactory.detector(configuration: spotter), transcriber: transcriber)
        func outcome(of audio: [Float]) throws -> [ListenEvent] {
            try stream.restart(source: .unnamed)
            return try (Self.events(of: audio, in: stream) + stream.finish()).filter {
                if case .partial = $0 { false } else { true }
            }
        }
        let again = try outcome(of: alone + command)
        #expect(again.count == 2, "\(again)")
        guard case .final(let final)? = again.last else { Issue.record("no final: \(again)"); return }
        #expect(final.text == "what is the weather in berlin")
        let twice = try outcome(of: alone + alone + [Float](repeating: 0, count: 16_000))
        #expect(twice.count == 2, "\(twice)")
        guard case .noCommand? = twice.last else { Issue.record("a command: \(twice)"); return }
    }

    /// A microphone 40 dB too quiet, made loud enough for the hotword by `--gain 100`: the
    /// command after it is heard with that gain too.
    @Test func hearsTheCommandWithTheDetectorsGain() throws {
        let quiet = try AudioFileReader(path: Self.repository.appendingPathComponent(
            "TestAudio/positive_command_what-is-the-weather-in-berlin_slt_noise.wav").path).remainingSamples().map { $0 / 100 }
        let transcriber = try PocketSphinxTranscriber(configuration: TranscriberConfiguration(
            languageModel: .domain(folder: Self.repository.appendingPathComponent("Models/commands").path)))
        var spotter = KeywordSpotterConfiguration(
            keywords: [KeywordSetting(keyphrase: "susi")],
            modelFiles: AcousticModelFiles(keywordDictionary: Self.repository.appendingPathComponent("Models/keywords.dict").path))
        spotter.gain = 100
        let stream = ListeningStream(detector: try HotwordDetectorFactory.detector(configuration: spotter), transcriber: transcriber)
        let events = try Self.events(of: quiet, in: stream) + stream.finish()
        let final = events.compactMap { if case .final(let final) = $0 { final.text } else { nil } }
        #expect(final == ["what is the weather in berlin"], "\(events)")
    }

    @Test func refusesACommandWithoutATranscriber() throws {
        #expect(throws: ListenRequestError.self) { try Self.stream().startCommand() }
        #expect(ListenRequestError.noTranscription.description == "listen: commands are not transcribed (--no-transcription or transcription.enabled = false)")
    }
}
