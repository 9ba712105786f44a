/// What two-stage detection made of one candidate the spotter proposed: the words the recogniser
/// heard over it, how far they are from the keyphrase, and why the candidate was heard or turned
/// down. It says why a keyword was missed or a false alarm taken, for tuning the sensitivity.
package struct CandidateVerdict: Sendable, Equatable {
    /// Why a candidate was heard or turned down (see `KeywordThreshold.decide`).
    package enum Reason: String, Sendable, Equatable, CaseIterable {
        /// Heard: the recogniser heard the keyphrase exactly.
        case exactWords = "exact_words"
        /// Heard: the recogniser's words are within the phone edits allowed.
        case nearWords = "near_words"
        /// Heard: the spotting score clears the sensitivity's threshold, and the recogniser did not
        /// hear something else entirely (it heard the keyphrase, perhaps with a neighbour, or a
        /// few edits from it), or the score clears the threshold by far (`two-stage` only).
        case sureSpotting = "sure_spotting"
        /// Turned down without decoding: short (under 45 ms a phone) and weak.
        case shortAndWeak = "short_and_weak"
        /// Turned down: near enough in phone edits, but the spotting score lies too far below the
        /// threshold for an inexact match.
        case tooWeak = "too_weak"
        /// Turned down: near enough in phone edits, but too short for an inexact match.
        case tooShort = "too_short"
        /// Turned down: near enough in phone edits, but one of the keyphrase's words was not heard at all.
        case wordMissed = "word_missed"
        /// Turned down: the recogniser's words are more phone edits off than allowed.
        case tooFar = "too_far"
        /// Turned down: the recogniser's words are nearer another keyphrase, which they confirm.
        case nearerAnotherKeyphrase = "nearer_another_keyphrase"
        /// Turned down for now: the recogniser heard only the start of the keyphrase ("wild" for
        /// "wildfire"), as the spotter proposed it before its end; the candidate is heard again
        /// with the audio after it, which gives a verdict of its own.
        case heardItsStart = "heard_its_start"
        /// Heard on a second hearing: turned down at first, the candidate was heard again from its
        /// start to `TwoStageHotwordDetector.longerHearingSeconds` after it was proposed, and heard
        /// there by the rules of the first three reasons, every word the recogniser heard counting.
        case heardLonger = "heard_longer"

        /// Whether a candidate with this reason is a hit.
        package var isHeard: Bool { self == .exactWords || self == .nearWords || self == .sureSpotting || self == .heardLonger }

        /// Whether a candidate turned down for this reason is heard again, longer: the recogniser
        /// heard words over it that confirm no other keyphrase.
        var isHeardLonger: Bool { self == .tooWeak || self == .tooShort || self == .wordMissed || self == .tooFar }
    }

    /// The candidate as the spotter proposed it: keyphrase, span, report time and spotting score.
    package let candidate: HotwordHit
    /// The recogniser's words overlapping the candidate (a keyphrase word as the word itself);
    /// nil when the candidate was turned down without decoding.
    package let heardWords: [String]?
    /// Phone edits from those words to the keyphrase's nearest pronunciation; nil when not decoded.
    package let phoneEdits: Int?
    /// Why the candidate was heard or turned down.
    package let reason: Reason

    /// The verdict on `candidate`, with what the recogniser heard over it (nil when not decoded).
    package init(candidate: HotwordHit, heardWords: [String]?, phoneEdits: Int?, reason: Reason) {
        self.candidate = candidate
        self.heardWords = heardWords
        self.phoneEdits = phoneEdits
        self.reason = reason
    }

    /// Whether the candidate is a hit.
    package var isHeard: Bool { reason.isHeard }
}

extension CandidateVerdict {
    /// The verdict with its candidate placed `samples` later on the stream.
    package func shifted(by samples: Int) -> CandidateVerdict {
        CandidateVerdict(candidate: candidate.shifted(by: samples), heardWords: heardWords, phoneEdits: phoneEdits, reason: reason)
    }
}
