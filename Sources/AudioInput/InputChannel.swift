/// Which channels of multichannel audio the pipeline hears: all of them mixed, or one alone
/// (a microphone array's processed channel, where the others are its raw microphones and what
/// it plays).
package enum InputChannel: Sendable, Equatable {
    /// The mean of every channel (``ChannelMixer/mono(interleaved:channels:)``).
    case mixed
    /// One channel alone, counted from 0.
    case only(Int)

    /// The mono samples of interleaved `samples` with `channels` channels. A channel the
    /// audio does not have is the caller's mistake: check ``isPresent(in:)`` first.
    package func mono(interleaved samples: [Float], channels: Int) -> [Float] {
        switch self {
        case .mixed:
            return ChannelMixer.mono(interleaved: samples, channels: channels)
        case .only(let channel):
            precondition(isPresent(in: channels), "channel \(channel) of \(channels)")
            guard channels > 1 else { return samples }
            return (0..<(samples.count / channels)).map { samples[$0 * channels + channel] }
        }
    }

    /// Whether audio with `channels` channels has this one.
    package func isPresent(in channels: Int) -> Bool {
        switch self {
        case .mixed: true
        case .only(let channel): (0..<channels).contains(channel)
        }
    }
}
