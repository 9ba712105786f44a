import Foundation
import AudioInput
import Testing

@Suite("Channel mixer")
struct ChannelMixerTests {
    @Test("mono input is returned unchanged")
    func monoUnchanged() {
        let samples: [Float] = [0.1, -0.7, 1, -1, 0.000_123]
        #expect(ChannelMixer.mono(interleaved: samples, channels: 1) == samples)
    }

    @Test("each frame becomes the mean of its channels; a partial last frame is dropped")
    func meanOfChannels() {
        let interleaved: [Float] = [0.3, 0.6, 0.9, -1, -1, -1, 1, -1, 0, 0.5]
        #expect(ChannelMixer.mono(interleaved: interleaved, channels: 3) == [0.6, -1, 0])
    }

    @Test("channels that cancel out in the mean (one wired in opposite phase) give the loudest channel")
    func oppositePhase() {
        let voice = (0..<480).map { Float(0.3 * sin(Double($0) * 0.2)) }
        let inverted = voice.map { -0.8 * $0 }
        #expect(ChannelMixer.mono(interleaved: Array(zip(voice, inverted).map { [$0, $1] }.joined()), channels: 2) == voice)
        // In phase, or unrelated (here a channel of silence), the mean stays.
        let quieter = voice.map { 0.5 * $0 }
        let inPhase = ChannelMixer.mono(interleaved: Array(zip(voice, quieter).map { [$0, $1] }.joined()), channels: 2)
        #expect(inPhase == zip(voice, quieter).map { ($0 + $1) * 0.5 })
        let oneSilent = ChannelMixer.mono(interleaved: Array(voice.map { [$0, 0] }.joined()), channels: 2)
        #expect(oneSilent == voice.map { $0 * 0.5 })
    }

    @Test("a channel count below 1 yields no samples", arguments: [0, -2])
    func noChannels(channels: Int) {
        #expect(ChannelMixer.mono(interleaved: [0.5, 0.5], channels: channels).isEmpty)
    }
}
