/// Folds multichannel audio down to mono.
package enum ChannelMixer {
    /// Below this mean power a block is silence, whatever its mix.
    static let audiblePower: Double = 1e-7
    /// A mix this much weaker than its channels (13 dB) has cancelled them: in phase, channels
    /// mix to as loud as each; unrelated ones 3 dB under.
    static let cancellationRatio: Double = 0.05

    /// Mono downmix of interleaved samples: the mean of the channels of each frame.
    ///
    /// The mean rather than the sum keeps the result in -1...1 whatever the channel count.
    /// Where the channels cancel out in the mean (a stereo microphone with one channel wired in
    /// opposite phase mixes to silence), the block is its loudest channel instead. Mono input
    /// is returned unchanged so that it stays bit-exact. A trailing partial frame is dropped,
    /// and a channel count below 1 yields no samples.
    package static func mono(interleaved: [Float], channels: Int) -> [Float] {
        guard channels > 1 else { return channels == 1 ? interleaved : [] }
        let frameCount = interleaved.count / channels
        let scale = 1 / Float(channels)
        var channelPower = [Double](repeating: 0, count: channels)
        var mixPower: Double = 0
        let mixed = interleaved.withUnsafeBufferPointer { samples in
            [Float](unsafeUninitializedCapacity: frameCount) { mono, initialized in
                for frame in 0..<frameCount {
                    let first = frame * channels
                    var sum: Float = 0
                    for channel in 0..<channels {
                        let sample = samples[first + channel]
                        sum += sample
                        channelPower[channel] += Double(sample * sample)
                    }
                    mono[frame] = sum * scale
                    mixPower += Double(mono[frame] * mono[frame])
                }
                initialized = frameCount
            }
        }
        let meanChannelPower = channelPower.reduce(0, +) / Double(channels)
        guard frameCount > 0, meanChannelPower / Double(frameCount) > audiblePower,
              mixPower < cancellationRatio * meanChannelPower,
              let loudest = channelPower.indices.max(by: { channelPower[$0] < channelPower[$1] })
        else { return mixed }
        return (0..<frameCount).map { interleaved[$0 * channels + loudest] }
    }
}
