import Foundation

/// A keyphrase with the PocketSphinx threshold its sensitivity maps to.
public struct KeywordThreshold: Sendable, Equatable {
    /// Lower-cased words separated by single spaces.
    public let keyphrase: String
    /// The user's 0...1 setting.
    public let sensitivity: Double
    /// Phones in the keyphrase's shortest pronunciation.
    public let phoneCount: Int
    /// log10 of the PocketSphinx keyword-spotting threshold (a likelihood ratio).
    public let log10Threshold: Double

    public init(keyphrase: String, sensitivity: Double, phoneCount: Int) {
        self.keyphrase = keyphrase
        self.sensitivity = sensitivity
        self.phoneCount = phoneCount
        self.log10Threshold = SensitivityCalibration.log10Threshold(sensitivity: sensitivity, phoneCount: phoneCount)
    }

    /// The threshold as a `-kws` file writes it.
    var thresholdText: String { String(format: "%.6e", pow(10, log10Threshold)) }
}
