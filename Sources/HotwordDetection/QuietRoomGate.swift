import AudioInput
import Glibc

/// Decides, frame by frame, whether keyword spotting needs to hear the audio at all: not while
/// the room has been quiet for a while.
///
/// An always-listening device spends most of its day in a quiet room, and spotting costs the
/// same for room tone as for speech. A frame is *loud* when the energy of the last
/// ``smoothingSeconds`` up to its end lies at least ``loudnessMarginDecibels`` above the quietest
/// such energy of the last ``floorWindowSeconds`` (the room's own floor, whatever the
/// microphone's level or the steady noise in it). The gate closes once ``hangoverSeconds`` have
/// passed without a loud frame, and only in a quiet room: one whose floor, as the spotter hears it
/// (after the gain), lies below ``quietRoomCeilingDecibels``. In a noisy room the spotter hears
/// everything, as its noise estimate learns most from the noise between words. When the gate opens
/// again the spotter first hears the ``prerollSeconds`` before the loud frame, so a keyword's quiet
/// onset ("s", "k") is heard whole. In running speech some frame is always loud within the
/// hangover and the gate never closes.
///
/// A value type: the spotter that owns it feeds it every frame in stream order.
struct QuietRoomGate: Sendable {
    /// How far above the room's floor a frame must be to count as sound worth hearing.
    static let loudnessMarginDecibels = 6.0
    /// The energy is taken over this much audio: a single 30 ms frame of room noise often lies
    /// 6 dB above the quietest of five seconds, a tenth of a second seldom, a syllable always.
    static let smoothingSeconds = 0.09
    /// The loudest floor (dBFS, after the gain) of a room the gate closes in: a quiet room's
    /// microphone gives -70 to -55 dBFS, speech at a normal capture level about -26 dBFS.
    static let quietRoomCeilingDecibels = -50.0
    /// How far back the room's floor is looked for: longer than the pauses of running speech.
    static let floorWindowSeconds = 5.0
    /// How long the room must stay quiet before the gate closes: longer than any pause inside a
    /// keyphrase or between a keyword and what surrounds it.
    static let hangoverSeconds = 1.0
    /// How much audio before a loud frame the spotter hears when the gate opens again: more than
    /// a keyword's quiet first phones.
    static let prerollSeconds = 0.5

    /// The gain in decibels: the floor as the spotter hears it is the stream's plus this.
    private let gainDecibels: Double
    private let smoothingSamples: Int
    private let floorWindowSamples: Int
    private let hangoverSamples: Int
    /// Samples heard before a loud frame when the gate opens again.
    let prerollSamples: Int

    /// The frames of the last ``smoothingSeconds``: their mean powers, lengths and the stream
    /// position just past each, oldest first.
    private var smoothedFrames: [(power: Double, count: Int, end: Int)] = []
    /// Smoothed energy (dBFS) at the end of each recent frame, oldest first, covering
    /// ``floorWindowSeconds``.
    private var recentEnergies: [(decibels: Double, end: Int)] = []
    /// Stream position just past the last loud frame; nil before the first.
    private var lastLoudEnd: Int?
    /// Whether the last frame was loud.
    private(set) var lastFrameWasLoud = false
    /// The room's floor (dBFS, before the gain) at the last frame.
    private var roomFloor = 0.0

    /// A gate for a stream of `sampleRate` samples a second that the spotter hears multiplied by
    /// `gain`, open at the start.
    init(sampleRate: Int, gain: Double) {
        gainDecibels = 20 * log10(gain)
        smoothingSamples = Int(Self.smoothingSeconds * Double(sampleRate))
        floorWindowSamples = Int(Self.floorWindowSeconds * Double(sampleRate))
        hangoverSamples = Int(Self.hangoverSeconds * Double(sampleRate))
        prerollSamples = Int(Self.prerollSeconds * Double(sampleRate))
    }

    /// Takes the frame that ends at stream position `end` and says whether the spotter should
    /// hear it: true while the gate is open (a loud frame within the hangover, or the stream's
    /// first ``hangoverSeconds``).
    mutating func admits(_ frame: [Float], endingAt end: Int) -> Bool {
        guard !frame.isEmpty else { return isOpen(at: end) }
        smoothedFrames.removeAll { $0.end <= end - smoothingSamples }
        smoothedFrames.append((AnalysisWindow.power(of: frame), frame.count, end))
        let samples = smoothedFrames.reduce(0) { $0 + $1.count }
        // Digital silence has no level at all: it is taken as far below any microphone's floor.
        let decibels = AnalysisWindow.decibels(ofPower: smoothedFrames.reduce(0) { $0 + $1.power * Double($1.count) } / Double(samples))
        recentEnergies.removeAll { $0.end <= end - floorWindowSamples }
        roomFloor = recentEnergies.reduce(decibels) { min($0, $1.decibels) }
        recentEnergies.append((decibels, end))
        lastFrameWasLoud = decibels >= roomFloor + Self.loudnessMarginDecibels
        if lastFrameWasLoud { lastLoudEnd = end }
        return isOpen(at: end)
    }

    private func isOpen(at end: Int) -> Bool {
        end - (lastLoudEnd ?? 0) <= hangoverSamples || roomFloor + gainDecibels >= Self.quietRoomCeilingDecibels
    }

    /// Forgets the stream: the gate is open again, with no floor.
    mutating func reset() {
        smoothedFrames.removeAll()
        recentEnergies.removeAll()
        lastLoudEnd = nil
        lastFrameWasLoud = false
        roomFloor = 0
    }
}
