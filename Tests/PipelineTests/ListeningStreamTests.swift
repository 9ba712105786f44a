import AudioInput
import Foundation
import HotwordDetection
import Testing
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

    @Test func refusesACommandWithoutATranscriber() throws {
        #expect(throws: ListenRequestError.self) { try Self.stream().startCommand() }
        #expect(ListenRequestError.noTranscription.description == "listen: commands are not transcribed (--no-transcription or transcription.enabled = false)")
    }
}
