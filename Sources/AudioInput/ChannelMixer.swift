/// Folds multichannel audio down to mono.
package enum ChannelMixer {
    /// Mono downmix of interleaved samples: the mean of the channels of each frame.
    ///
    /// The mean rather than the sum keeps the result in -1...1 whatever the channel count.
    /// Mono input is returned unchanged so that it stays bit-exact. A trailing partial
    /// frame is dropped, and a channel count below 1 yields no samples.
    package static func mono(interleaved: [Float], channels: Int) -> [Float] {
        guard channels > 1 else { return channels == 1 ? interleaved : [] }
        let frameCount = interleaved.count / channels
        let scale = 1 / Float(channels)
        return interleaved.withUnsafeBufferPointer { samples in
            [Float](unsafeUninitializedCapacity: frameCount) { mono, initialized in
                for frame in 0..<frameCount {
                    let first = frame * channels
                    var sum: Float = 0
                    for sample in samples[first..<(first + channels)] {
                        sum += sample
                    }
                    mono[frame] = sum * scale
                }
                initialized = frameCount
            }
        }
    }
}
