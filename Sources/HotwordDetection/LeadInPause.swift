import AudioInput
import Foundation

/// Where the audio that a candidate is verified on begins: at the last pause before it.
///
/// The recogniser hears a candidate with up to `KeywordVerifier.leadInSeconds` of audio before
/// it. Where the keyword follows other speech after a short pause, that lead-in begins in the
/// middle of a word. The recogniser must then account for a fragment of a word, and often
/// stretches a word over the fragment, the pause and the start of the keyword ("grasped know
/// boys" for a pause and "snowboy"), which then is many phone edits off. Started at the pause,
/// it hears silence and then the keyword.
///
/// A pause is a stretch of at least `shortestPauseSeconds` whose every 10 ms lies
/// `pauseDepthDecibels` or more below the loudest 10 ms of the lead-in. Between words in
/// continuous speech, and in noise at 10 dB SNR, no stretch is that deep, and the lead-in is
/// kept whole (see README, "A pause before the keyword").
enum LeadInPause {
    /// How long a pause lasts at the least.
    static let shortestPauseSeconds = 0.1
    /// How far below the loudest 10 ms of the lead-in every 10 ms of a pause lies.
    static let pauseDepthDecibels = 20.0

    /// The offset into `leadIn` (audio up to the candidate's start) at which the last pause in it
    /// begins; 0 when it has none.
    static func start(in leadIn: ArraySlice<Float>) -> Int {
        let powers = AnalysisWindow.powers(of: leadIn)
        guard let loudest = powers.max(), loudest > 0 else { return 0 }
        let quietest = loudest * pow(10, -pauseDepthDecibels / 10)
        let shortestWindows = Int((shortestPauseSeconds * 100).rounded())
        var lastPause = 0
        var quietWindows = 0
        for (window, power) in powers.enumerated() {
            quietWindows = power <= quietest ? quietWindows + 1 : 0
            if quietWindows == shortestWindows { lastPause = window + 1 - shortestWindows }
        }
        return lastPause * AnalysisWindow.length
    }
}
