/// One keyphrase to listen for and how eagerly.
package struct KeywordSetting: Sendable, Equatable {
    /// One or more words, each in a dictionary.
    package var keyphrase: String
    /// 0...1; higher gives more detections and more false alarms (Snowboy's meaning).
    package var sensitivity: Double

    /// The sensitivity when none is given.
    package static let defaultSensitivity = 0.5

    /// A keyphrase at `sensitivity`.
    package init(keyphrase: String, sensitivity: Double = defaultSensitivity) {
        self.keyphrase = keyphrase
        self.sensitivity = sensitivity
    }

    /// Pairs keyphrases with sensitivities: one sensitivity for all, or one per keyphrase in
    /// order (the caller checks that the counts fit one of the two).
    package static func settings(keyphrases: [String], sensitivities: [Double]) -> [KeywordSetting] {
        keyphrases.enumerated().map { index, phrase in
            KeywordSetting(keyphrase: phrase, sensitivity: sensitivities.count == keyphrases.count ? sensitivities[index] : sensitivities[0])
        }
    }
}

/// Everything a `KeywordSpotter` needs to start.
package struct KeywordSpotterConfiguration: Sendable, Equatable {
    /// The keyphrases, each with its own sensitivity.
    package var keywords: [KeywordSetting]
    /// The user's own pronunciations, read before the dictionaries.
    package var pronunciations: [UserPronunciation]
    /// Multiplier applied to every sample before detection; the result is clipped to -1...1.
    package var gain: Double
    /// Model and dictionary locations.
    package var modelFiles: AcousticModelFiles
    /// How a detection is decided: by spotting alone, or with the recogniser's confirmation.
    package var decision: KeywordDecision

    /// Detection settings; by default "susi" at the default sensitivity, decided in two stages.
    package init(keywords: [KeywordSetting] = [KeywordSetting(keyphrase: "susi")],
                pronunciations: [UserPronunciation] = [],
                gain: Double = 1.0,
                modelFiles: AcousticModelFiles = AcousticModelFiles(),
                decision: KeywordDecision = .twoStage) {
        self.keywords = keywords
        self.pronunciations = pronunciations
        self.gain = gain
        self.modelFiles = modelFiles
        self.decision = decision
    }

    /// The second stage's vocabulary of the project's; nil when detection has no second stage
    /// (spotting alone) or its recogniser has PocketSphinx's general model (no project models).
    package var recogniserVocabulary: RecogniserVocabulary? {
        decision == .spotting || modelFiles.verifierVocabulary == nil ? nil : modelFiles.recogniserVocabulary
    }

    /// Checks the values a user gives, before any model is loaded.
    package func validate() throws(HotwordDetectionError) {
        var seen = Set<String>()
        for keyword in keywords {
            let normalised = PronunciationLexicon.normalised(keyword.keyphrase)
            if normalised.isEmpty { throw .emptyKeyphrase }
            if !seen.insert(normalised).inserted { throw .duplicateKeyphrase(keyword.keyphrase) }
            if !(0...1).contains(keyword.sensitivity) { throw .invalidSensitivity(keyword.sensitivity) }
        }
        if !(gain.isFinite && gain > 0) { throw .invalidGain(gain) }
    }
}
