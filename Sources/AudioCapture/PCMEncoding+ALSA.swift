import AudioInput
import CALSA

/// The sample formats the capture stage reads, as ALSA names them.
extension PCMEncoding {
    /// The formats a device is asked for, in order of preference.
    ///
    /// 16-bit comes first: it is what speech models are trained on, it is exact for most
    /// microphones, and it halves the bytes moved per frame. The others cover devices that
    /// offer nothing else (USB microphones often offer only 24-bit, some codecs only 32-bit).
    static let capturePreference: [PCMEncoding] = [.signed16, .signed32, .float32, .signed24Packed, .signed24, .unsigned8]

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
}
