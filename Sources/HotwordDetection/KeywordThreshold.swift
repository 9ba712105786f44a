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
    /// log10 of the lower threshold at which spotting proposes candidates to a second stage.
    public let log10CandidateThreshold: Double

    public init(keyphrase: String, sensitivity: Double, phoneCount: Int) {
        self.keyphrase = keyphrase
        self.sensitivity = sensitivity
        self.phoneCount = phoneCount
        self.log10Threshold = SensitivityCalibration.log10Threshold(sensitivity: sensitivity, phoneCount: phoneCount)
        self.log10CandidateThreshold = SensitivityCalibration.log10CandidateThreshold(sensitivity: sensitivity, phoneCount: phoneCount)
    }

    /// A threshold given as its log10, written as a `-kws` file wants it.
    static func text(log10 value: Double) -> String { String(format: "%.6e", pow(10, value)) }
}
