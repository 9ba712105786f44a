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
public enum SensitivityCalibration {
    /// log10 of the threshold for a keyphrase of `phoneCount` phones at `sensitivity` (0...1).
    public static func log10Threshold(sensitivity: Double, phoneCount: Int) -> Double {
        let phones = Double(phoneCount)
        return 33 - 5.5 * phones - 3 * phones * (sensitivity - 0.5)
    }

    /// How far below the decision threshold, per phone in log10, spotting proposes candidates
    /// for verification.
    public static let candidateMarginPerPhone = 10.0

    /// log10 of the threshold at which spotting proposes candidates to the second stage.
    public static func log10CandidateThreshold(sensitivity: Double, phoneCount: Int) -> Double {
        log10Threshold(sensitivity: sensitivity, phoneCount: phoneCount) - Double(phoneCount) * candidateMarginPerPhone
    }
}
