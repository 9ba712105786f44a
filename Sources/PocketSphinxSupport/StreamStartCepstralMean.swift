/// A decoder's cepstral mean over a stream's first speech.
///
/// PocketSphinx's running mean starts every stream from the acoustic model's `-cmninit`, which
/// fits speech at about -33 dBFS, and first moves after 8 s of audio or at an utterance's end.
/// Speech within the first seconds of a stream (a short recording, a Wyoming satellite's stream
/// after its last wake word, a daemon just started, its first command) is therefore heard
/// against a mean that does not fit its level: at -20 to -10 dBFS its log energy (`c0`) lies far
/// above anything the model was trained on, and spotting misses keywords and transcription
/// words. So while a stream's first ``learningFrames`` of sound are heard, the mean follows
/// them, starting from the model's with the weight of some frames: ``levelPriorFrames`` for the
/// log energy, which says how loud the stream is and settles within a word, and more,
/// ``spectrumPriorFrames``, for the other coefficients, whose mean over a syllable or two is
/// that of its phones rather than of the speaker and channel. Only loud frames count (the owner
/// says which: the spotter's `QuietRoomGate`, the transcriber's end-of-speech detector), so that
/// silence before the first word does not pull the mean down. Afterwards PocketSphinx's own
/// running mean takes over at its next update.
///
/// A value type: the owner of a decoder feeds it the sums of the decoder's normalisation
/// around each loud frame it hears.
package struct StreamStartCepstralMean: Sendable {
    /// Frames of sound over which the mean is learned: a few seconds of speech.
    package static let learningFrames = 300
    /// The model's log energy counts as much as this many frames of the stream's.
    package static let levelPriorFrames: Float = 50
    /// The model's other coefficients count as much as this many frames of the stream's.
    package static let spectrumPriorFrames: Float = 200

    /// The decoder's normalisation as it was loaded: the model's initial mean (`-cmninit`), no
    /// frames behind it. A new stream starts from it again.
    package let initial: CepstralMeanState
    /// The acoustic model's initial mean.
    private var modelMean: [Float] { initial.mean }
    /// Each coefficient's total over the loud frames learned from.
    private var loudSums: [Float]
    /// Loud frames learned from in this stream.
    private var loudFrames = 0

    /// Learns from a stream's first sound, starting from `initial` (a freshly loaded decoder's
    /// `cepstralMean`).
    package init(initial: CepstralMeanState) {
        self.initial = initial
        loudSums = [Float](repeating: 0, count: initial.mean.count)
    }

    /// Whether the stream's first sound is still being learned from.
    package var isLearning: Bool { loudFrames < Self.learningFrames }

    /// Takes the normalisation's running sums before and after the decoder heard a loud stretch
    /// of audio (at most `frameLimit` frames of it), and returns the mean the decoder should
    /// subtract from now on; nil when nothing is learned from it (the stream's learning is done,
    /// or PocketSphinx rescaled its sums within the stretch, so that their difference is not
    /// the stretch's).
    package mutating func mean(learningFrom before: CepstralSums, to after: CepstralSums, frameLimit: Int) -> [Float]? {
        let frames = after.frames - before.frames
        guard isLearning, frames > 0, frames <= frameLimit,
              before.sums.count == modelMean.count, after.sums.count == modelMean.count else { return nil }
        for index in loudSums.indices { loudSums[index] += after.sums[index] - before.sums[index] }
        loudFrames += frames
        return modelMean.indices.map { index in
            let prior = index == 0 ? Self.levelPriorFrames : Self.spectrumPriorFrames
            return (prior * modelMean[index] + loudSums[index]) / (prior + Float(loudFrames))
        }
    }

    /// Forgets the stream: the next loud frame is again a stream's first.
    package mutating func reset() {
        loudSums = [Float](repeating: 0, count: modelMean.count)
        loudFrames = 0
    }
}
