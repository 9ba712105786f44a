/// Maps Snowboy-style sensitivity onto PocketSphinx's keyword-spotting threshold.
///
/// The keyword-spotting score is a log likelihood ratio of the keyphrase against a phone loop,
/// summed over the keyphrase's frames, so it grows with the number of phones: the threshold
/// follows the phone count. Per phone, log10 of the threshold runs linearly from −0.5
/// (sensitivity 0, few detections) to −3.5 (sensitivity 1, many):
///
///     log10(threshold) = −phones × (0.5 + 3 × sensitivity)
///
/// Calibrated on `shared/devdata` (real recorded "computer", 8 phones, and "jarvis", 6 phones,
/// inside 17.4 minutes of real background speech): at 0.5 (−2 per phone) "computer" misses
/// 40 % with no false alarm and "jarvis" misses 29 % with one (3.4 per hour); false alarms
/// start between −1.75 and −2.25 per phone for "computer" and at −1.5 for "jarvis".
public enum SensitivityCalibration {
    /// log10 of the threshold for a keyphrase of `phoneCount` phones at `sensitivity` (0...1).
    public static func log10Threshold(sensitivity: Double, phoneCount: Int) -> Double {
        -Double(phoneCount) * (0.5 + 3 * sensitivity)
    }

    /// How far below the decision threshold, per phone in log10, spotting proposes candidates
    /// for verification.
    public static let candidateMarginPerPhone = 8.0

    /// log10 of the threshold at which spotting proposes candidates to the second stage.
    public static func log10CandidateThreshold(sensitivity: Double, phoneCount: Int) -> Double {
        log10Threshold(sensitivity: sensitivity, phoneCount: phoneCount) - Double(phoneCount) * candidateMarginPerPhone
    }
}
