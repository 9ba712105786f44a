import AudioInput
import CALSA

/// The sample formats the capture stage reads, in order of preference, and how each
/// becomes Float in -1...1.
///
/// 16-bit comes first: it is what speech models are trained on, it is exact for most
/// microphones, and it halves the bytes moved per frame. The others cover devices that
/// offer nothing else (USB microphones often offer only 24-bit, some codecs only 32-bit).
enum SampleFormat: CaseIterable {
    case signed16
    case signed32
    case float32
    /// 24 bits in 3 bytes (`S24_3LE`), common on USB microphones.
    case signed24Packed
    /// 24 bits in the low 3 bytes of 4 (`S24_LE`).
    case signed24
    case unsigned8

    var alsaFormat: snd_pcm_format_t {
        switch self {
        case .signed16: SND_PCM_FORMAT_S16_LE
        case .signed32: SND_PCM_FORMAT_S32_LE
        case .float32: SND_PCM_FORMAT_FLOAT_LE
        case .signed24Packed: SND_PCM_FORMAT_S24_3LE
        case .signed24: SND_PCM_FORMAT_S24_LE
        case .unsigned8: SND_PCM_FORMAT_U8
        }
    }

    /// ALSA's name, e.g. "S16_LE".
    var name: String {
        Self.name(of: alsaFormat)
    }

    static func name(of format: snd_pcm_format_t) -> String {
        snd_pcm_format_name(format).map { String(cString: $0) } ?? "format \(format.rawValue)"
    }

    /// Bytes one sample of one channel takes in the interleaved buffer.
    var bytesPerSample: Int {
        switch self {
        case .signed16: 2
        case .signed32, .float32, .signed24: 4
        case .signed24Packed: 3
        case .unsigned8: 1
        }
    }

    /// Converts `count` little-endian samples in `bytes` to Float in -1...1; a float sample
    /// that is out of range is clipped, one that is not finite becomes silence.
    func decode(_ bytes: UnsafeRawBufferPointer, count: Int) -> [Float] {
        [Float](unsafeUninitializedCapacity: count) { samples, initialized in
            switch self {
            case .signed16:
                for index in 0..<count {
                    samples[index] = PCM16.sample(littleEndian: bytes, at: index)
                }
            case .signed32:
                for index in 0..<count {
                    let value = Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: Int32.self))
                    samples[index] = Float(value) / 2_147_483_648
                }
            case .float32:
                for index in 0..<count {
                    let bits = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
                    let value = Float(bitPattern: bits)
                    samples[index] = value.isFinite ? min(max(value, -1), 1) : 0
                }
            case .signed24Packed:
                for index in 0..<count {
                    let offset = 3 * index
                    let raw = UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1]) << 16
                        | UInt32(bytes[offset + 2]) << 24
                    // The 24 bits sit at the top of 32, so the sign comes for free.
                    samples[index] = Float(Int32(bitPattern: raw)) / 2_147_483_648
                }
            case .signed24:
                for index in 0..<count {
                    let raw = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
                    samples[index] = Float(Int32(bitPattern: raw << 8)) / 2_147_483_648
                }
            case .unsigned8:
                for index in 0..<count {
                    samples[index] = (Float(bytes[index]) - 128) / 128
                }
            }
            initialized = count
        }
    }
}
