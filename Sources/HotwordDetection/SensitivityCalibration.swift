/// Maps Snowboy-style sensitivity onto PocketSphinx's keyword-spotting threshold.
public enum SensitivityCalibration {
    /// log10 of the threshold for a keyphrase of `phoneCount` phones at `sensitivity` (0...1).
    public static func log10Threshold(sensitivity: Double, phoneCount: Int) -> Double {
        -Double(phoneCount) * (0.5 + 4 * sensitivity)
    }
}
