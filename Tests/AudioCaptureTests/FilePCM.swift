import AudioTestSupport
import Foundation

/// A raw S16_LE file played into ALSA as a capture device through ALSA's own plugins,
/// so tests run the real capture code on a machine without a sound card.
///
/// The `file` PCM sits on top and reads `infile` in whatever format the reader agreed on;
/// under it, `multi` over `plug` over `null` fixes what the device offers: exactly the
/// file's channel count, the file's rate alone once ALSA's resampling is off (as
/// ``CaptureDevice`` turns it off), and any sample format (the file's S16_LE is preferred).
///
/// Measured on alsa-lib 1.2.8:
/// - a `plug` put on top of the `file` PCM gives the right samples only while it passes
///   them through unchanged; as soon as it converts (channels, format or rate) it reads
///   the file through mmap and skips ahead (periods 0, 8, 15, 21, ... of a 8-period buffer),
///   and `multi` on top of `file` reads silence, hence this order;
/// - `null` does not pace reads in time (a second of audio reads in about a millisecond);
/// - at the end of `infile` the `file` PCM keeps delivering whole periods (the last short
///   read, then stale buffer contents) rather than signalling end of file, so tests stop
///   by sample count and keep it within the file.
final class FilePCM {
    /// The PCM name defined in ``configuration``.
    static let name = "capture"

    /// ALSA configuration text defining ``name``.
    let configuration: String

    /// Writes `interleaved` (in -1...1) as raw S16_LE and defines a capture PCM reading it
    /// as `channels` channels at `sampleRate`.
    init(interleaved: [Float], sampleRate: Int, channels: Int, in folder: TemporaryDirectory) throws {
        let rawPath = try Self.writeRaw(interleaved, in: folder)
        let bindings = (0..<channels).map { "\($0) { slave a channel \($0) }" }.joined(separator: " ")
        let shape = """
            { type multi slaves.a { pcm { type plug slave { pcm { type null } format S16_LE \
            rate \(sampleRate) channels \(channels) } } channels \(channels) } bindings { \(bindings) } }
            """
        configuration = """
            pcm.\(Self.name) { type file file "/dev/null" infile "\(rawPath)" format "raw" slave.pcm \(shape) }
            """
    }

    /// A `plug` over the `file` PCM, like a `plughw:` device over a card that runs at
    /// `sampleRate` with `channels`: it converts channels and formats on request. For
    /// negotiation only, since its samples are wrong once it converts (see above).
    static func plugConfiguration(sampleRate: Int, channels: Int, in folder: TemporaryDirectory) throws -> String {
        let rawPath = try writeRaw([0], in: folder)
        return """
            pcm.\(name) { type plug slave { pcm { type file file "/dev/null" infile "\(rawPath)" format "raw" \
            slave.pcm { type null } } format S16_LE rate \(sampleRate) channels \(channels) } }
            """
    }

    /// The 16-bit value a sample is stored as.
    static func quantised(_ sample: Float) -> Int16 {
        Int16(clamping: Int((Double(sample) * 32_768).rounded()))
    }

    private static func writeRaw(_ samples: [Float], in folder: TemporaryDirectory) throws -> String {
        let path = folder.file("source.raw")
        let bytes = samples.flatMap { sample -> [UInt8] in
            let value = UInt16(bitPattern: quantised(sample))
            return [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
