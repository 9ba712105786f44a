/// Maps Snowboy-style sensitivity onto PocketSphinx's keyword-spotting threshold.
///
/// The keyword-spotting score is a log likelihood ratio of the keyphrase against a phone loop,
/// summed over the keyphrase's frames, so how often background speech reaches a given score
/// depends on the keyphrase: the shorter it is, the more often. Measured on 1.78 hours of real
/// background speech (`devdata/streams/neg.flac` and its speed and pitch perturbations), the
/// threshold that gives one false alarm an hour falls by about 5.5 (log10) per phone:
///
/// | keyphrase | phones | log10 threshold at 1 FA/h | this law at 0.5 |
/// |---|---|---|---|
/// | susi | 4 | +10.1 | +11.0 |
/// | alexa | 6 | +5.3 | 0.0 |
/// | jarvis | 6 | −5.9 | 0.0 |
/// | blueberry | 7 | −2.2 | −5.5 |
/// | computer | 8 | −12.9 | −11.0 |
/// | terminator | 8 | −12.6 | −11.0 |
/// | porcupine | 9 | −16.5 | −16.5 |
///
/// so sensitivity 0.5 puts spotting alone near one false alarm an hour for any keyphrase
/// (the words scatter by about ±4 around the line), and each 0.1 of sensitivity moves the
/// threshold by 0.3 per phone:
///
///     log10(threshold) = 33 − 5.5 × phones − 3 × phones × (sensitivity − 0.5)
package enum SensitivityCalibration {
    /// The sensitivity the law is anchored at (the default): spotting alone near one false alarm
    /// an hour, and the full `candidateMarginPerPhone`.
    static let anchorSensitivity = 0.5

    /// log10 of the threshold for a keyphrase of `phoneCount` phones at `sensitivity` (0...1).
    package static func log10Threshold(sensitivity: Double, phoneCount: Int) -> Double {
        let phones = Double(phoneCount)
        return 33 - 5.5 * phones - 3 * phones * (sensitivity - anchorSensitivity)
    }

    /// How far below the decision threshold, per phone in log10, spotting proposes candidates
    /// for verification from sensitivity 0.5 up. Tuned with `inexactMarginPerPhone` on the first
    /// half of the devdata keywords (with and without pauses around them) and of the background
    /// speech: 4 to 10 tried, 6 confirmed the most keywords with no false alarm; lower is
    /// cheaper, since every candidate costs a decoding. Below 0.5 the margin shrinks
    /// (`candidateMarginPerPhone(sensitivity:)`).
    package static let candidateMarginPerPhone = 6.0

    /// The candidate margin at `sensitivity`: `candidateMarginPerPhone` from 0.5 up, and below it
    /// in proportion to the sensitivity, down to none at 0 (candidates only where spotting alone
    /// would detect). The recogniser hearing the keyphrase exactly confirms any candidate, and a
    /// short keyphrase's false alarms are mostly that: "susi" heard in "accusing" or "Lucy" by a
    /// recogniser that favours the keyphrase, from candidates that mostly score less than 3 per
    /// phone below the threshold at 0.5 (18 of the 22 heard so in the 1.78 hours of devdata
    /// background, some of them above it). With a fixed margin the threshold's rise (0.3 per
    /// phone for each 0.1 of sensitivity) left those candidates proposed at any sensitivity, so a
    /// lower sensitivity took almost none of those false alarms away; the shrinking margin makes
    /// it take them.
    package static func candidateMarginPerPhone(sensitivity: Double) -> Double {
        candidateMarginPerPhone * min(1, sensitivity / anchorSensitivity)
    }

    /// How far below the decision threshold, per phone in log10, a candidate may score and still
    /// be confirmed by an inexact match (one with any phone edit); below it, only the keyphrase
    /// heard exactly confirms it. Heard on its own span, a stretch of background speech sometimes
    /// comes out as a word a few edits from the keyphrase ("complete", "dumped" for "computer";
    /// "it kinda" for "think engine"), where a real keyword heard inexactly mostly scores higher.
    /// On the first half of the devdata background, the inexact matches taken at 5 lay 2.4 and
    /// 2.8 per phone below the threshold; 2 is the loosest whole-or-half step below both (it
    /// cost 1 to 3 of the first half's 40 keywords of each devdata stream). A slow candidate of a
    /// long keyphrase is not held to it (`KeywordThreshold.decide`).
    package static let inexactMarginPerPhone = 2.0

    /// How far above the decision threshold, per phone in log10, a candidate must score for
    /// two-stage detection to take it whatever the recogniser heard over it. Below this margin, a
    /// candidate that clears the threshold is still turned down when the recogniser heard
    /// something else entirely, as "susi" (four common sounds) often clears it in background
    /// speech. Far above it, the recogniser's general vocabulary is the weaker witness: synthetic
    /// voices of flite and festival saying "susi" before a command scored 3.1 to 5 per phone
    /// above the threshold and were heard as "thrusting" or "saving". Chosen on the first half of
    /// each background file (`neg` and its five perturbations, for every devdata keyword and
    /// "susi"): no candidate there scored more than 0.5 per phone above the threshold at 0.5, 2.0
    /// at sensitivity 1, and 3 is the whole step above that.
    package static let certainMarginPerPhone = 3.0

    /// log10 of the threshold at which spotting proposes candidates to the second stage.
    package static func log10CandidateThreshold(sensitivity: Double, phoneCount: Int) -> Double {
        log10Threshold(sensitivity: sensitivity, phoneCount: phoneCount) - Double(phoneCount) * candidateMarginPerPhone(sensitivity: sensitivity)
    }

    /// How many phone edits (substitutions, insertions, deletions) the recogniser's words over a
    /// candidate may be from the keyphrase for the candidate to be confirmed:
    /// `floor(phones × (0.1 + 0.8 × sensitivity))`, half the keyphrase's phones at 0.5 and, at 0,
    /// none below ten phones (the recogniser must hear the keyphrase itself) and one from ten
    /// phones up; never more than `phones − 3`, so
    /// that a short keyphrase must be heard nearly as it is, and never more than half the phones
    /// rounded up, so that the recogniser must hear at least half of a long keyphrase. A `slow`
    /// candidate (one that lasts `slowPhoneSeconds` a phone or more) may be one edit further off
    /// for every six phones of the keyphrase, whenever any edit is allowed.
    ///
    /// The cap at half follows the false alarms of sixteen keyphrases (`americano` to
    /// `terminator`) on the 1.78 hours of real background speech at sensitivity 0.7 and 0.9:
    /// without it, an eight- or nine-phone keyphrase took matches five or six edits off, and
    /// those came from background speech ("raymond" for "terminator"), up to 15 and 18 false
    /// alarms for "terminator" where six-phone "jarvis" had one. No real "computer" on devdata
    /// was confirmed by a match that far off (the two heard six edits off were carried by a sure
    /// spotting score, which this cap does not touch).
    ///
    /// The recogniser must pick real words, and a keyword said a little differently from the
    /// dictionary comes out as a word that sounds close: "compuserve" for "computer", "jobless"
    /// for "jarvis". On devdata the words it heard over real keywords were 0, or 2 to 8 edits
    /// away; over the candidates in background speech and its perturbations, never fewer than
    /// 4 ("computer", 8 phones) or 3 ("jarvis", 6 phones). Near-miss words of a short keyphrase
    /// come closer: "sushi" and "juicy" are one edit from "susi".
    package static func phoneEditsAllowed(sensitivity: Double, phoneCount: Int, slow: Bool = false) -> Int {
        let byLength = Int((Double(phoneCount) * (0.1 + 0.8 * sensitivity)).rounded(.down))
        let slowExtra = slow && byLength > 0 ? phoneCount / 6 : 0
        return max(0, min(byLength, phoneCount - 3, (phoneCount + 1) / 2) + slowExtra)
    }

    /// From how long a phone a candidate counts as slow, and may be a little further from the
    /// keyphrase (`phoneEditsAllowed`). A keyword called out to a device is said deliberately,
    /// where spotting squeezes a keyphrase into quick stretches of background speech. On
    /// devdata, the four candidates over real "jarvis" keywords that the recogniser heard one
    /// edit beyond the allowance ("javanese", "gyros") lasted 92–122 ms a phone; the candidates
    /// that came as close in the real background speech lasted at most 53 ms a phone, at most
    /// 75 ms in its slowed and pitch-shifted copies (1.49 h), and at most 85 ms with pink noise
    /// mixed in at 10 dB SNR.
    package static let slowPhoneSeconds = 0.09

    /// The shortest a candidate may last, per phone, to be confirmed by an inexact match (one
    /// with any phone edit). Spotting squeezes a keyphrase into short stretches of background
    /// speech: on devdata and its perturbations half of those candidates lasted under 45 ms a
    /// phone, and the three that the recogniser matched inexactly 35–44 ms; inexact matches on
    /// real keywords lasted 36–104 ms a phone ("computer") and 57–147 ms ("jarvis").
    package static let shortestInexactPhoneSeconds = 0.045

    /// How far below the decision threshold, per phone in log10, a candidate shorter than
    /// `shortestInexactPhoneSeconds` a phone is still decoded. Such a candidate can only be
    /// confirmed exactly, and on devdata no real keyword that was confirmed lay below this
    /// margin while that short, where 61 % of the "jarvis" candidates in background speech did:
    /// they are turned down without decoding, which saves the recogniser's CPU.
    package static let shortCandidateMarginPerPhone = 5.0
}
