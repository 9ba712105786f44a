/// Builds the detector a `KeywordDecision` calls for.
package enum HotwordDetectorFactory {
    /// A `KeywordSpotter` for `.spotting`, a `TwoStageHotwordDetector` for the others.
    package static func detector(configuration: KeywordSpotterConfiguration) throws(HotwordDetectionError) -> any HotwordDetector {
        switch configuration.decision {
        case .spotting: return try KeywordSpotter(configuration: configuration)
        case .verified, .twoStage: return try TwoStageHotwordDetector(configuration: configuration)
        }
    }
}
