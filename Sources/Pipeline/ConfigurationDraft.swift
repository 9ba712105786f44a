import HotwordDetection

/// A configuration while settings are stored into it one at a time, from a configuration file
/// or from flags: the keyphrases and their sensitivities may each come without the other, and
/// are combined once all settings are in.
struct ConfigurationDraft: Sendable {
    /// The configuration so far, without the keyphrases and sensitivities given.
    var configuration: Configuration
    /// The keyphrases given, if any.
    var keyphrases: [String]?
    /// The sensitivities given, if any.
    var sensitivities: [Double]?

    /// A draft that starts from `configuration`.
    init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    /// The configuration with the keyphrases and sensitivities given over its own. Without
    /// keyphrases, several sensitivities are one per keyphrase of the configuration; with
    /// keyphrases and no sensitivity, a keyphrase the configuration has keeps its sensitivity,
    /// and another gets the sensitivity the configuration gives every keyphrase (the default
    /// one when they differ).
    /// - Throws: `SettingProblem` of `hotword.sensitivity` when there are several sensitivities,
    ///   but not one per keyphrase.
    func finished() throws(SettingProblem) -> Configuration {
        var configuration = self.configuration
        guard keyphrases != nil || sensitivities != nil else { return configuration }
        let configured = configuration.keywords
        let phrases = keyphrases ?? configured.map(\.keyphrase)
        let values: [Double]
        if let sensitivities {
            guard sensitivities.count == 1 || sensitivities.count == phrases.count else {
                throw .refused("give one value or one per keyphrase (\(phrases.count)), not \(sensitivities.count)")
            }
            values = sensitivities
        } else {
            let own = Dictionary(configured.map { (PronunciationLexicon.normalised($0.keyphrase), $0.sensitivity) },
                                 uniquingKeysWith: { first, _ in first })
            let shared = Set(configured.map(\.sensitivity))
            let other = shared.count == 1 ? configured[0].sensitivity : KeywordSetting.defaultSensitivity
            values = phrases.map { own[PronunciationLexicon.normalised($0)] ?? other }
        }
        configuration.keywords = KeywordSetting.settings(keyphrases: phrases, sensitivities: values)
        return configuration
    }
}
