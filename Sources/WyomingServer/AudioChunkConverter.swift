import AudioInput

/// The format of a Wyoming audio event: `rate` (Hz), `width` (bytes per sample) and
/// `channels`, as `audio-start` and every `audio-chunk` carry them.
package struct WyomingAudioFormat: Sendable, Equatable {
    package let rate: Int
    package let width: Int
    package let channels: Int
    /// How `width` bytes hold a sample.
    package let encoding: PCMEncoding

    /// The encoding of each width, as wyoming's own converter reads them: 8-bit unsigned (WAV's),
    /// 16-, 24- and 32-bit signed, little-endian.
    private static let encodings: [Int: PCMEncoding] = [1: .unsigned8, 2: .signed16, 3: .signed24Packed, 4: .signed32]

    /// The format an event's data gives.
    /// - Throws: ``WyomingProtocolError/unsupportedAudio(_:)`` naming the field: a rate outside
    ///   the rates audio files may have, a width outside 1...4 (8- to 32-bit), a channel count outside
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
        guard let encoding = Self.encodings[width] else {
            throw .unsupportedAudio("width \(width): 1 to 4 bytes a sample (8- to 32-bit) are taken")
        }
        self.encoding = encoding
        guard (1...AudioFileReader.maximumChannelCount).contains(channels) else {
            throw .unsupportedAudio("\(channels) channels: 1...\(AudioFileReader.maximumChannelCount) are taken")
        }
    }
}

/// Turns the payloads of a stream of `audio-chunk` events into 16 kHz mono frames for the
/// detector: samples to Float (``PCMEncoding``), then to 16 kHz mono (``PipelineConverter``, whose filter
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
        let interleaved = payload.withUnsafeBytes { format.encoding.decode($0, count: payload.count / format.width) }
        return converter.convert(interleaved: interleaved)
    }
}
