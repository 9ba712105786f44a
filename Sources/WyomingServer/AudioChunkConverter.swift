import AudioInput

/// The format of a Wyoming audio event: `rate` (Hz), `width` (bytes per sample) and
/// `channels`, as `audio-start` and every `audio-chunk` carry them.
package struct WyomingAudioFormat: Sendable, Equatable {
    package let rate: Int
    package let width: Int
    package let channels: Int

    /// The format an event's data gives.
    /// - Throws: ``WyomingProtocolError/unsupportedAudio(_:)`` naming the field: a rate outside
    ///   the rates audio files may have, a width other than 2 (16-bit), a channel count outside
    ///   1...64, or a field that is missing or not a whole number.
    package init(of event: WyomingEvent) throws(WyomingProtocolError) {
        func field(_ name: String) throws(WyomingProtocolError) -> Int {
            guard let value = event[name]?.intValue else {
                throw .unsupportedAudio("\(event.type) needs \"\(name)\" as a whole number")
            }
            return value
        }
        rate = try field("rate")
        width = try field("width")
        channels = try field("channels")
        guard AudioFileReader.supportedSampleRates.contains(rate) else {
            let rates = AudioFileReader.supportedSampleRates
            throw .unsupportedAudio("rate \(rate) Hz is outside \(rates.lowerBound)...\(rates.upperBound) Hz")
        }
        guard width == 2 else { throw .unsupportedAudio("width \(width): only 2 (16-bit samples) is taken") }
        guard (1...AudioFileReader.maximumChannelCount).contains(channels) else {
            throw .unsupportedAudio("\(channels) channels: 1...\(AudioFileReader.maximumChannelCount) are taken")
        }
    }
}

/// Turns the payloads of a stream of `audio-chunk` events into 16 kHz mono frames for the
/// detector: 16-bit samples to Float, then to 16 kHz mono (``PipelineConverter``, whose filter
/// state runs on from chunk to chunk).
final class AudioChunkConverter {
    let format: WyomingAudioFormat
    private let converter: PipelineConverter

    init(format: WyomingAudioFormat) throws(WyomingProtocolError) {
        self.format = format
        do {
            converter = try PipelineConverter(sampleRate: format.rate, channels: format.channels)
        } catch {
            throw .unsupportedAudio(error.description)
        }
    }

    /// The chunk's audio at the pipeline rate, mono.
    /// - Throws: ``WyomingProtocolError/unsupportedAudio(_:)`` for a payload that is not whole frames.
    func samples(of payload: [UInt8]) throws(WyomingProtocolError) -> [Float] {
        let frameBytes = format.width * format.channels
        guard payload.count % frameBytes == 0 else {
            throw .unsupportedAudio("a payload of \(payload.count) bytes is not whole frames of \(frameBytes) bytes")
        }
        let interleaved = payload.withUnsafeBytes { bytes in
            (0..<payload.count / 2).map { PCM16.sample(littleEndian: bytes, at: $0) }
        }
        return converter.convert(interleaved: interleaved)
    }
}
