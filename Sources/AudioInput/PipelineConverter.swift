/// Turns a live stream of interleaved samples, at its own rate and channel count, into the
/// pipeline's 16 kHz mono, piece by piece: channels mixed (``ChannelMixer``) or one taken, the rate
/// converted with libsoxr, and the filter's ringing past full scale on clipped input cut off.
/// A capture device and a Wyoming client's audio both arrive this way.
package final class PipelineConverter {
    /// Channels in each interleaved frame.
    package let channels: Int
    /// The channels heard; one alone must be among `channels`.
    package let channel: InputChannel
    private let resampler: Resampler?

    /// - Throws: ``AudioInputError/resamplerSetupFailed(inputRate:outputRate:reason:)`` for a
    ///   rate the resampler cannot convert.
    package init(sampleRate: Int, channels: Int, channel: InputChannel = .mixed) throws(AudioInputError) {
        self.channels = channels
        self.channel = channel
        resampler = sampleRate == pipelineSampleRate ? nil : try Resampler(inputRate: Double(sampleRate))
    }

    /// The next piece of the stream at 16 kHz mono; the resampler's delay makes it lag the input.
    package func convert(interleaved: [Float]) -> [Float] {
        let mono = channel.mono(interleaved: interleaved, channels: channels)
        guard let resampler else { return mono }
        return resampler.process(mono).map { min(max($0, -1), 1) }
    }
}
