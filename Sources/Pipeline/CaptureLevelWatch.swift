import AudioInput
import TextFormatting

/// Tells when what the capture device delivers cannot work for detection: digital silence
/// (every sample exactly 0, from a capture switch off or a capture volume at 0 in the mixer)
/// and clipping (a capture volume, or a gain, so high that speech is cut at full scale).
///
/// A silence is told once as it begins and once as it ends, so that one of any length makes
/// two log lines; clipping at most once every ``clippingRepeatSamples``, so that a daemon that
/// runs for weeks never floods its log. It counts audio, not the clock (a stall, where no audio
/// comes at all, is ``CaptureStallWatch``'s): feed it every frame as the device delivered it,
/// before echo cancellation and before gain, in order. Thresholds and why: docs/systemd.md.
struct CaptureLevelWatch {
    /// How long every sample must be exactly 0 to be digital silence: a microphone in the
    /// quietest room gives a few least significant bits of noise, never a run of zeros this long,
    /// and a person setting the device up hears of it within seconds.
    static let silenceSamples = 10 * pipelineSampleRate
    /// A sample this close to full scale counts as clipped: 16-bit full scale is 32767/32768, and
    /// a resampler's ringing on clipped input is cut off at 1.
    static let fullScale: Float = 0.999
    /// How much audio clipping is judged over: a few sentences.
    static let clippingWindowSamples = 10 * pipelineSampleRate
    /// The share of a window's samples at full scale above which it clips: 160 samples in 10 s,
    /// which speech at a sane level never reaches (it has none at full scale), while one clipped
    /// word in the window does.
    static let clippingShare = 0.001
    /// Least audio between two clipping warnings: five minutes.
    static let clippingRepeatSamples = 300 * pipelineSampleRate

    /// What a frame changed.
    enum Change: Equatable {
        /// Every sample has been exactly 0 for this many seconds: digital silence began.
        case silent(seconds: Double)
        /// A sample other than 0 after digital silence of this many seconds.
        case sound(afterSeconds: Double)
        /// This share of the last window's samples was at full scale.
        case clipping(share: Double, cause: ClippingCause)
    }

    /// Where the audio clips.
    enum ClippingCause: Equatable {
        /// The device delivers it clipped: its capture volume is too high.
        case device
        /// The device does not clip, but the detector hears it multiplied by this gain, which does.
        case gain(Float)
    }

    /// Exactly-0 samples since the last other one.
    private var zeroRun = 0
    private var isSilent = false
    /// Samples of the clipping window so far, and those at full scale as delivered and as heard.
    private var windowSamples = 0
    private var clippedSamples = 0
    private var heardClippedSamples = 0
    /// Audio since the last clipping warning; nil before the first.
    private var samplesSinceClippingWarning: Int?

    /// Notes a frame as the device delivered it, which the detector hears multiplied by `gain`
    /// (and clipped to full scale): the changes it makes, mostly none.
    mutating func heard(_ frame: [Float], gain: Float) -> [Change] {
        // At or beyond full scale as heard: a gain below 1 makes nothing clip that does not already.
        let heardFullScale = gain > 1 ? Self.fullScale / gain : Self.fullScale
        var zeroRunAtSound: Int?
        for sample in frame {
            let magnitude = abs(sample)
            if magnitude == 0 {
                zeroRun += 1
            } else {
                if zeroRunAtSound == nil { zeroRunAtSound = zeroRun }
                zeroRun = 0
                if magnitude >= heardFullScale {
                    heardClippedSamples += 1
                    if magnitude >= Self.fullScale { clippedSamples += 1 }
                }
            }
        }
        var changes: [Change] = []
        if isSilent, let zeroRunAtSound {
            isSilent = false
            changes.append(.sound(afterSeconds: Self.seconds(zeroRunAtSound)))
        }
        if !isSilent, zeroRun >= Self.silenceSamples {
            isSilent = true
            changes.append(.silent(seconds: Self.seconds(zeroRun)))
        }
        if let clipping = judgeClipping(afterAdding: frame.count, gain: gain) { changes.append(clipping) }
        return changes
    }

    /// Ends the clipping window once it is long enough: `.clipping` when too many of its samples
    /// were at full scale, as delivered (the device's fault) or else as heard (the gain's), and
    /// no warning came within ``clippingRepeatSamples``.
    private mutating func judgeClipping(afterAdding count: Int, gain: Float) -> Change? {
        windowSamples += count
        samplesSinceClippingWarning? += count
        guard windowSamples >= Self.clippingWindowSamples else { return nil }
        defer { (windowSamples, clippedSamples, heardClippedSamples) = (0, 0, 0) }
        guard samplesSinceClippingWarning.map({ $0 >= Self.clippingRepeatSamples }) ?? true else { return nil }
        let share = Double(clippedSamples) / Double(windowSamples), heardShare = Double(heardClippedSamples) / Double(windowSamples)
        let cause: ClippingCause
        if share > Self.clippingShare {
            cause = .device
        } else if heardShare > Self.clippingShare {
            cause = .gain(gain)
        } else {
            return nil
        }
        samplesSinceClippingWarning = 0
        return .clipping(share: cause == .device ? share : heardShare, cause: cause)
    }

    private static func seconds(_ samples: Int) -> Double { Double(samples) / Double(pipelineSampleRate) }
}

extension CaptureLevelWatch.Change {
    /// What the change means for `device` and what to do, for the log and the `device` event.
    func message(device: String) -> String {
        let mixer = CaptureLevelWatch.mixerCommand(forDevice: device)
        switch self {
        case .silent(let seconds):
            return String(printf: "every sample exactly 0 for %.1f s: digital silence, not a quiet room; ", seconds)
                + "capture is switched off or its volume is at 0: switch it on and raise it in `\(mixer)` (F4 shows the capture controls, space switches capture on)"
        case .sound(let seconds):
            return String(printf: "sound again after %.1f s of digital silence", seconds)
        case .clipping(let share, .device):
            return "\(device) clips: \(Self.shareText(share)) at full scale, which spoils detection and transcription; "
                + "lower its capture volume in `\(mixer)` (F4 shows the capture controls)"
        case .clipping(let share, .gain(let gain)):
            return "gain \(String(printf: "%g", Double(gain))) makes \(device) clip as the detector hears it: \(Self.shareText(share)) at full scale; "
                + "the device itself does not clip: lower --gain (`hotword.gain`)"
        }
    }

    /// "1.2 % of the last 10 s of audio".
    private static func shareText(_ share: Double) -> String {
        String(printf: "%.1f %% of the last %.0f s of audio", share * 100, Double(CaptureLevelWatch.clippingWindowSamples) / Double(pipelineSampleRate))
    }
}

extension CaptureLevelWatch {
    /// The mixer command for the sound card `device` names (`hw:1,0`, `plughw:CARD=Device`,
    /// `dsnoop:Device`: `alsamixer -c 1`, `alsamixer -c Device`), or plain `alsamixer` for a name
    /// that names no card (`default`, a PCM of an ALSA configuration).
    static func mixerCommand(forDevice device: String) -> String {
        guard let colon = device.firstIndex(of: ":"),
              let first = device[device.index(after: colon)...].split(separator: ",").first else { return "alsamixer" }
        if first.hasPrefix("CARD=") { return "alsamixer -c \(first.dropFirst(5))" }
        return first.contains("=") ? "alsamixer" : "alsamixer -c \(first)"
    }
}
