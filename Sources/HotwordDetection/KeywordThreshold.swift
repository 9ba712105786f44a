import Glibc
import TextFormatting

/// A keyphrase with the PocketSphinx threshold its sensitivity maps to.
package struct KeywordThreshold: Sendable, Equatable {
    /// Lower-cased words separated by single spaces.
    package let keyphrase: String
    /// The user's 0...1 setting.
    package let sensitivity: Double
    /// Phones in the keyphrase's shortest pronunciation.
    package let phoneCount: Int
    /// log10 of the PocketSphinx keyword-spotting threshold (a likelihood ratio).
    package let log10Threshold: Double
    /// log10 of the lower threshold at which spotting proposes candidates to a second stage.
    package let log10CandidateThreshold: Double
    /// log10 of the lowest spotting score at which an inexact match confirms a candidate.
    package let log10InexactFloor: Double
    /// log10 of the spotting score from which two-stage detection takes a candidate whatever the
    /// recogniser heard (`SensitivityCalibration.certainMarginPerPhone` above the threshold).
    package let log10CertainThreshold: Double
    /// Phone edits by which the recogniser's words may miss the keyphrase for a confirmation.
    package let phoneEditsAllowed: Int
    /// Phone edits allowed for a slow candidate, one that lasts
    /// `SensitivityCalibration.slowPhoneSeconds` a phone or more.
    package let slowPhoneEditsAllowed: Int

    /// The thresholds and edit allowances `sensitivity` maps to for a keyphrase of `phoneCount` phones.
    package init(keyphrase: String, sensitivity: Double, phoneCount: Int) {
        self.keyphrase = keyphrase
        self.sensitivity = sensitivity
        self.phoneCount = phoneCount
        self.log10Threshold = SensitivityCalibration.log10Threshold(sensitivity: sensitivity, phoneCount: phoneCount)
        self.log10CandidateThreshold = SensitivityCalibration.log10CandidateThreshold(sensitivity: sensitivity, phoneCount: phoneCount)
        self.log10InexactFloor = log10Threshold - SensitivityCalibration.inexactMarginPerPhone * Double(phoneCount)
        self.log10CertainThreshold = log10Threshold + SensitivityCalibration.certainMarginPerPhone * Double(phoneCount)
        self.phoneEditsAllowed = SensitivityCalibration.phoneEditsAllowed(sensitivity: sensitivity, phoneCount: phoneCount)
        self.slowPhoneEditsAllowed = SensitivityCalibration.phoneEditsAllowed(sensitivity: sensitivity, phoneCount: phoneCount, slow: true)
    }

    /// Whether a candidate is worth the recogniser's decoding: one both short (under 45 ms a
    /// phone) and well below the threshold (`SensitivityCalibration.shortCandidateMarginPerPhone`)
    /// is not.
    package func isWorthVerifying(score: Double, seconds: Double) -> Bool {
        score >= log10Threshold - SensitivityCalibration.shortCandidateMarginPerPhone * Double(phoneCount)
            || lastsLongEnoughForAnInexactMatch(seconds)
    }

    /// Whether a candidate the spotter proposed is a hit, and why.
    /// - Parameters:
    ///   - score: the candidate's spotting score (log10 likelihood ratio).
    ///   - phoneEdits: how many phone edits the recogniser's words over the candidate are from
    ///     the nearest pronunciation of the keyphrase.
    ///   - everyWordHeard: for a keyphrase of several words, whether none of its words was missed
    ///     entirely (`PhoneEdits.everyWordHeard`); an inexact match needs it.
    ///   - keyphraseAmongWords: whether the recogniser heard the keyphrase's own words, in order,
    ///     among other words (a neighbour heard with it is not something else entirely).
    ///   - seconds: how long the spotter found the keyphrase to last.
    ///   - decision: `.verified` weighs the recogniser alone; `.twoStage` also takes a candidate
    ///     that spotting alone is sure of, unless the recogniser heard something else entirely
    ///     and the score lies below `log10CertainThreshold`.
    package func decide(score: Double, phoneEdits: Int, everyWordHeard: Bool = true, keyphraseAmongWords: Bool = false,
                       seconds: Double, decision: KeywordDecision) -> CandidateVerdict.Reason {
        if phoneEdits == 0 { return .exactWords }
        if isHeard(phoneEdits: phoneEdits, everyWordHeard: everyWordHeard, seconds: seconds) {
            return score >= log10InexactFloor || needsNoScoreFloor(phoneEdits: phoneEdits, seconds: seconds) ? .nearWords : .tooWeak
        }
        let somethingElseEntirely = phoneEdits >= phoneCount && !keyphraseAmongWords
        if decision == .twoStage && score >= log10Threshold && (!somethingElseEntirely || score >= log10CertainThreshold) {
            return .sureSpotting
        }
        if phoneEdits > phoneEditsAllowed(seconds: seconds) { return .tooFar }
        return everyWordHeard ? .tooShort : .wordMissed
    }

    /// Whether the recogniser's words alone confirm a candidate of `seconds`: heard exactly, or
    /// within the phone edits allowed, no word missed entirely, and lasting long enough for an
    /// inexact match (the `.verified` decision).
    package func isHeard(phoneEdits: Int, everyWordHeard: Bool, seconds: Double) -> Bool {
        phoneEdits == 0 || (phoneEdits <= phoneEditsAllowed(seconds: seconds) && everyWordHeard
                            && lastsLongEnoughForAnInexactMatch(seconds))
    }

    /// The phone edits allowed for a candidate of `seconds`: more for a slow one.
    private func phoneEditsAllowed(seconds: Double) -> Int {
        isSlow(seconds) ? slowPhoneEditsAllowed : phoneEditsAllowed
    }

    /// Whether a candidate of `seconds` lasts `SensitivityCalibration.slowPhoneSeconds` a phone or more.
    private func isSlow(_ seconds: Double) -> Bool {
        seconds >= SensitivityCalibration.slowPhoneSeconds * Double(phoneCount)
    }

    /// Whether an inexact match of a candidate of `seconds` is taken at any spotting score, with
    /// no `log10InexactFloor`: a slow candidate heard within the ordinary allowance, for a keyphrase
    /// long enough for a slow candidate's extra edit (`slowPhoneEditsAllowed` above
    /// `phoneEditsAllowed`).
    /// The floor answers quick stretches of background speech that the recogniser hears as a near
    /// word: in the 1.78 hours of devdata background, none heard so for a keyphrase of six phones
    /// or more lasted over 85 ms a phone, where keywords said slowly and heard as one ("jobless"
    /// for "jarvis", "wi-fi" for "wildfire") often score below the floor. A short keyphrase gets
    /// no such leeway: its near misses are real words however slowly they are said (a "lucy"
    /// heard for "susi" in the same background lasted 132 ms a phone).
    private func needsNoScoreFloor(phoneEdits: Int, seconds: Double) -> Bool {
        isSlow(seconds) && slowPhoneEditsAllowed > phoneEditsAllowed && phoneEdits <= phoneEditsAllowed
    }

    /// Whether a candidate of `seconds` lasts `SensitivityCalibration.shortestInexactPhoneSeconds`
    /// a phone or more.
    private func lastsLongEnoughForAnInexactMatch(_ seconds: Double) -> Bool {
        seconds >= SensitivityCalibration.shortestInexactPhoneSeconds * Double(phoneCount)
    }

    /// A threshold given as its log10, written as a `-kws` file wants it.
    static func text(log10 value: Double) -> String { String(printf: "%.6e", pow(10, value)) }
}
