import AudioInput
import EchoCancellation
import Foundation
import HotwordDetection
import Testing
@testable import Pipeline

/// Detection while the device speaks, on `TestAudio/echo/` (Tools/fixtures/make-echo-audio.py): two
/// answers spoken by espeak-ng that say "Susi" three times between them, heard back through a
/// simulated room, each with a person saying "susi" in the middle. Real detector, real Speex.
@Suite(.serialized) struct BargeInTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folder = repository.appendingPathComponent("TestAudio/echo")
    static let captured = folder.appendingPathComponent("captured.flac").path
    static let played = folder.appendingPathComponent("played.flac").path

    /// The person's "susi": start and end in seconds, from the fixture's labels.
    static func personSpans() throws -> [ClosedRange<Double>] {
        try String(contentsOf: folder.appendingPathComponent("labels.tsv"), encoding: .utf8)
            .split(separator: "\n").dropFirst().map { line in
                let fields = line.split(separator: "\t")
                return Double(fields[1])!...Double(fields[2])!
            }
    }

    /// The events of a file run over the captured stream, with `played` as its echo reference.
    static func events(reference: String?, cancelling: Bool) async throws -> [ListenEvent] {
        let models = AcousticModelFiles(modelsFolder: repository.appendingPathComponent("Models").path)
        let detector = try HotwordDetectorFactory.detector(configuration: KeywordSpotterConfiguration(modelFiles: models))
        let stream = ListeningStream(detector: detector, echoCanceller: cancelling ? EchoCanceller() : nil)
        var events: [ListenEvent] = []
        let summary = await FileDetectionRun(echoReference: reference).run(paths: [captured], stream: stream) { events.append($0) }
        events.append(.summary(summary))
        return events
    }

    /// Hotword times, each said to be the person's (within a label's span and 1.5 s after) or not.
    static func hotwords(in events: [ListenEvent]) throws -> (person: Int, device: Int) {
        let spans = try personSpans()
        let times = events.compactMap { event -> Double? in
            if case .hotword(let hotword) = event { return hotword.time }
            return nil
        }
        let person = times.filter { time in spans.contains { ($0.lowerBound...$0.upperBound + 1.5).contains(time) } }.count
        return (person, times.count - person)
    }

    @Test func theDevicesOwnSusiWakesItWithoutEchoHandling() async throws {
        // The control: heard as it is, the device's answers wake it.
        let heard = try Self.hotwords(in: await Self.events(reference: nil, cancelling: false))
        #expect(heard.device >= 1, "\(heard)")
    }

    @Test func withEchoCancellationThePersonsSusiBargesInAndTheDevicesDoesNot() async throws {
        let events = try await Self.events(reference: Self.played, cancelling: true)
        let heard = try Self.hotwords(in: events)
        #expect(heard.device == 0, "\(events)")
        #expect(heard.person == 2, "\(events)")
        // Each hotword heard while the device played is a barge-in, reported just before it.
        let types = events.compactMap { event -> String? in
            switch event {
            case .bargeIn: "barge_in"
            case .hotword: "hotword"
            default: nil
            }
        }
        #expect(types == ["barge_in", "hotword", "barge_in", "hotword"])
        guard case .summary(let summary)? = events.last else { Issue.record("no summary"); return }
        let cancelling = try #require(summary.echoCancellationCPUSeconds)
        #expect(cancelling > 0 && cancelling < summary.cpuSeconds)
    }

    @Test func withoutEchoCancellationDetectionPausesWhileTheDevicePlays() async throws {
        let heard = try Self.hotwords(in: await Self.events(reference: Self.played, cancelling: false))
        #expect(heard.device == 0 && heard.person == 0, "\(heard)")
    }
}
