import AudioInput
import AudioPlayback
import AudioTestSupport
import Foundation
import Testing

/// Real ALSA playback into a `file` PCM, which writes what it is given to a raw S16_LE file:
/// the samples the device received, without a sound card.
@Suite struct PlaybackDeviceTests {
    /// A playback PCM named `speaker` that writes to `raw`; under it, `multi` over `plug` over
    /// `null` fixes the device's rate and channel count (as a card would) when they are given.
    static func speaker(writingTo raw: String, rate: Int? = nil, channels: Int = 1) -> String {
        guard let rate else { return #"pcm.speaker { type file file "\#(raw)" format "raw" slave.pcm { type null } }"# }
        let bindings = (0..<channels).map { "\($0) { slave a channel \($0) }" }.joined(separator: " ")
        return """
            pcm.speaker { type file file "\(raw)" format "raw" slave.pcm { type multi slaves.a { pcm { type plug slave { \
            pcm { type null } format S16_LE rate \(rate) channels \(channels) } } channels \(channels) } bindings { \(bindings) } } }
            """
    }

    /// The raw S16_LE file as samples in -1...1.
    static func samples(of raw: String) throws -> [Float] {
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        return stride(from: 0, to: data.count - 1, by: 2).map { offset in
            Float(Int16(bitPattern: UInt16(data[offset]) | UInt16(data[offset + 1]) << 8)) / 32_768
        }
    }

    @Test func playsSoundsOneAfterAnotherAsTheySamples() throws {
        let folder = try TemporaryDirectory()
        let raw = folder.file("played.raw")
        let tone = Sound(name: "tone", samples: Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: pipelineSampleRate, frames: 8_000))
        do {
            let device = try PlaybackDevice(name: "speaker", configuration: Self.speaker(writingTo: raw))
            #expect(device.sampleRate == pipelineSampleRate && device.channels == 1)
            try device.play(.hotwordChime)
            try device.play(tone)
        }
        let played = try Self.samples(of: raw)
        let expected = Sound.hotwordChime.samples + tone.samples
        #expect(played.count == expected.count)
        #expect(zip(played, expected).allSatisfy { abs($0 - $1) <= 1 / 32_768 + 1e-6 })
    }

    @Test func aStopAskedForEndsTheSoundAndSaysHowMuchOfItWasHeard() throws {
        let folder = try TemporaryDirectory()
        let raw = folder.file("played.raw")
        let timeline = PlaybackTimeline()
        let tone = Sound(name: "tone", samples: Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: pipelineSampleRate, frames: 8_000))
        do {
            let device = try PlaybackDevice(name: "speaker", configuration: Self.speaker(writingTo: raw), timeline: timeline)
            // Asked before its first period was written: nothing of it is heard.
            timeline.requestStop()
            #expect(try device.play(tone) == .stopped(afterSeconds: 0))
            // The request was for that sound alone.
            #expect(try device.play(.hotwordChime) == .completed)
        }
        #expect(try Self.samples(of: raw).count == Sound.hotwordChime.samples.count)
    }

    @Test func convertsToTheRateAndChannelsTheDeviceTakes() throws {
        let folder = try TemporaryDirectory()
        let raw = folder.file("played.raw")
        let tone = Sound(name: "tone", samples: Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: pipelineSampleRate, frames: 16_000))
        do {
            let device = try PlaybackDevice(name: "speaker", configuration: Self.speaker(writingTo: raw, rate: 48_000, channels: 2))
            #expect(device.sampleRate == 48_000 && device.channels == 2)
            try device.play(tone)
        }
        let played = try Self.samples(of: raw)
        // One second at 48 kHz on two channels, each channel the same 440 Hz tone.
        #expect(abs(played.count - 2 * 48_000) <= 2 * 64, "\(played.count) samples")
        let left = stride(from: 0, to: played.count, by: 2).map { played[$0] }
        let right = stride(from: 1, to: played.count, by: 2).map { played[$0] }
        #expect(left == right)
        let middle = Signal.middle(left, trimming: 0.2, sampleRate: 48_000)
        #expect(abs(Signal.frequency(of: middle, sampleRate: 48_000) - 440) < 1)
        #expect(abs(Signal.rms(middle) - 0.5 / 2.squareRoot()) < 0.01)
    }

    @Test func aMissingDeviceIsAnErrorNamingIt() throws {
        #expect {
            _ = try PlaybackDevice(name: "nosuchspeaker", configuration: "pcm.speaker { type null }")
        } throws: { error in
            let error = try #require(error as? PlaybackError)
            return error.target == "nosuchspeaker" && error.problem.contains("no such playback device")
        }
    }
}
