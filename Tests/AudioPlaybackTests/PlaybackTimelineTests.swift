import AudioInput
import AudioPlayback
import AudioTestSupport
import Foundation
import Testing

/// When what is played is heard: the echo reference the capture thread reads, from a real ALSA
/// playback device and on its own.
@Suite struct PlaybackTimelineTests {
    static let rate = Double(pipelineSampleRate)
    static func instant(_ start: ContinuousClock.Instant, plus samples: Int) -> ContinuousClock.Instant {
        start + .seconds(Double(samples) / rate)
    }

    @Test func givesThePlayedSamplesOverAFrameThenSilenceForTheEchoTailThenNothing() {
        let timeline = PlaybackTimeline()
        let start = ContinuousClock.now
        let ramp = (0..<1_600).map { Float($0) / 1_600 }
        timeline.sounds(ramp, from: start)
        // A frame that began 160 samples before the sound: silence, then its first samples.
        guard case .samples(let first) = timeline.played(count: 480, endingAt: Self.instant(start, plus: 320)) else {
            Issue.record("no reference"); return
        }
        #expect(first.prefix(160).allSatisfy { $0 == 0 })
        #expect(abs(first[160 + 100] - ramp[100]) < 1e-6)
        // Within the echo tail after the end: silence as the reference.
        guard case .samples(let tail) = timeline.played(count: 480, endingAt: Self.instant(start, plus: 1_600 + 2_000)) else {
            Issue.record("no reference in the echo tail"); return
        }
        #expect(tail.allSatisfy { $0 == 0 })
        #expect(timeline.played(count: 480, endingAt: Self.instant(start, plus: 1_600 + 4_000 + 480)) == .nothing)
    }

    @Test func whatAStopCutsOffIsNeverHeard() {
        let timeline = PlaybackTimeline()
        let start = ContinuousClock.now
        timeline.sounds([Float](repeating: 0.5, count: 16_000), from: start)
        timeline.stopped(at: Self.instant(start, plus: 480))
        guard case .samples(let cut) = timeline.played(count: 960, endingAt: Self.instant(start, plus: 960)) else {
            Issue.record("no reference"); return
        }
        #expect(cut.prefix(470).allSatisfy { $0 == 0.5 })
        #expect(cut.suffix(470).allSatisfy { $0 == 0 })
    }

    @Test func aSoundOfUnknownTimingIsPlayingWithoutReferenceUntilItsTailEnds() async throws {
        let timeline = PlaybackTimeline()
        timeline.sounds([0.5, 0.5], from: nil)
        #expect(timeline.played(count: 480, endingAt: .now) == .untimed)
        timeline.ended()
        #expect(timeline.played(count: 480, endingAt: .now) == .untimed)
        try await Task.sleep(for: PlaybackTimeline.echoTail + .milliseconds(50))
        #expect(timeline.played(count: 480, endingAt: .now) == .nothing)
    }

    @Test func aPlaybackDeviceRecordsWhenItsSamplesAreHeardAndStopsWhenAsked() throws {
        let folder = try TemporaryDirectory()
        let raw = folder.file("played.raw")
        let timeline = PlaybackTimeline()
        let tone = Sound(name: "tone", samples: Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: pipelineSampleRate, frames: 8_000))
        let before = ContinuousClock.now
        do {
            let device = try PlaybackDevice(name: "speaker", configuration: PlaybackDeviceTests.speaker(writingTo: raw), timeline: timeline)
            try device.play(tone)
            // The whole tone is on the timeline, heard from about when it was written.
            guard case .samples(let heard) = timeline.played(count: 8_000 + 16_000, endingAt: before + .seconds(1.0)) else {
                Issue.record("the tone is not on the timeline"); return
            }
            #expect(abs(heard.filter { $0 != 0 }.count - tone.samples.count) < 10)
            // A stop asked for before a sound ends it before its first sample.
            timeline.requestStop()
            try device.play(tone)
        }
        #expect(try PlaybackDeviceTests.samples(of: raw).count == tone.samples.count)
    }
}
