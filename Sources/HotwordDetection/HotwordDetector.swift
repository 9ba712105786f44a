import AudioInput

/// A keyword heard in the stream.
package struct HotwordHit: Sendable, Equatable {
    /// The keyphrase as configured (for example `susi`).
    package let keyword: String
    /// First sample of the spoken keyword, counted from the start of the stream (or the last reset).
    package let startSample: Int
    /// Sample just past the end of the spoken keyword, on the same count.
    package let endSample: Int
    /// Sample count at which the detector reported the hit: the end of the frame that completed it.
    package let detectionSample: Int
    /// How far the keyword's score cleared the alternatives, as log10 of the likelihood ratio.
    package let score: Double

    /// A hit on `keyword`, placed by sample counts on the stream.
    package init(keyword: String, startSample: Int, endSample: Int, detectionSample: Int, score: Double) {
        self.keyword = keyword
        self.startSample = startSample
        self.endSample = endSample
        self.detectionSample = detectionSample
        self.score = score
    }
}

/// Hears keywords in 16 kHz mono `Float` frames.
///
/// A detector knows nothing of where the frames come from; it counts the samples it is given,
/// so every hit is placed on the stream's own sample count.
package protocol HotwordDetector: AnyObject {
    /// The keyphrases listened for, with the thresholds their sensitivities map to.
    var thresholds: [KeywordThreshold] { get }
    /// Feeds one frame (any length, samples in -1...1 before gain) and returns the hits it
    /// completed, best first: several keyphrases heard at once are ordered by how far each
    /// score clears its own threshold.
    func process(_ frame: [Float]) throws(HotwordDetectionError) -> [HotwordHit]
    /// What a second stage made of each candidate it decided on in the last `process` call,
    /// heard or turned down; always empty for keyword spotting alone, which has no candidates.
    var candidateVerdicts: [CandidateVerdict] { get }
    /// The multiplier the frames are heard with (`--gain`, then clipped to full scale): a later
    /// stage that hears the same stream (a command after the hotword) hears it so too.
    var gain: Float { get }
    /// Forgets the stream so far: the sample count starts again at zero.
    func reset() throws(HotwordDetectionError)
    /// The last seconds of the stream as fed (before gain), on the detector's sample count: the
    /// stream's one copy of its recent audio, for the detector's own second look and for a later
    /// stage that goes back to audio already passed (a command's lead-in after the keyword).
    var recentAudio: RecentAudio { get }
}

extension HotwordHit {
    /// The hit placed `samples` later on the stream: for a detector that started mid-stream, or
    /// was reset part-way.
    package func shifted(by samples: Int) -> HotwordHit {
        HotwordHit(keyword: keyword, startSample: startSample + samples, endSample: endSample + samples,
                   detectionSample: detectionSample + samples, score: score)
    }
}
