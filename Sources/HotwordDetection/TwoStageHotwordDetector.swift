import AudioInput
import PocketSphinxSupport

/// Keyword spotting that proposes candidates, and a recogniser that decides on them.
///
/// The spotter runs at the permissive candidate thresholds. A candidate whose spotting score
/// already clears the sensitivity's own threshold is heard at once (with `.twoStage`); any other
/// is played, from the audio kept here, to the `KeywordVerifier`, and heard only if it confirms.
public final class TwoStageHotwordDetector: HotwordDetector {
    /// The decision this detector makes (`.verified` or `.twoStage`).
    public let decision: KeywordDecision
    /// The keyphrases with their thresholds.
    public var thresholds: [KeywordThreshold] { spotter.thresholds }

    private let spotter: KeywordSpotter
    private let verifier: KeywordVerifier
    private let converter: SampleConverter
    private var recent: RecentAudio
    private let leadIn = Int(KeywordVerifier.leadInSeconds * Double(pipelineSampleRate))

    /// Loads both stages. A configuration that asks for `.spotting` is verified as `.twoStage`:
    /// use `KeywordSpotter` (or `HotwordDetectorFactory`) for spotting alone.
    public init(configuration: KeywordSpotterConfiguration) throws(HotwordDetectionError) {
        decision = configuration.decision == .verified ? .verified : .twoStage
        spotter = try KeywordSpotter(configuration: configuration, proposingCandidates: true)
        verifier = try KeywordVerifier(acousticModel: configuration.modelFiles.acousticModel,
                                       languageModel: KeywordVerifier.defaultLanguageModel,
                                       dictionary: configuration.modelFiles.generalDictionary,
                                       lexicon: spotter.lexicon)
        converter = SampleConverter(gain: Float(configuration.gain))
        // The longest keyword plus the lead-in and the spotter's reporting delay fit easily.
        recent = RecentAudio(capacity: 4 * pipelineSampleRate)
    }

    public func process(_ frame: [Float]) throws(HotwordDetectionError) -> [HotwordHit] {
        recent.append(frame, endingAt: recent.endSample + frame.count)
        var heard: [HotwordHit] = []
        for candidate in try spotter.process(frame) where try accepts(candidate) {
            heard.append(candidate)
        }
        return heard
    }

    public func reset() throws(HotwordDetectionError) {
        try spotter.reset()
        recent.removeAll()
    }

    /// Whether `candidate` is heard: at once when spotting alone is sure enough (`.twoStage`),
    /// otherwise when the recogniser hears the keyphrase in the candidate's audio.
    private func accepts(_ candidate: HotwordHit) throws(HotwordDetectionError) -> Bool {
        if decision == .twoStage, let threshold = spotter.thresholds.first(where: { $0.keyphrase == candidate.keyword }),
           candidate.score >= threshold.log10Threshold {
            return true
        }
        let audioStart = max(candidate.startSample - leadIn, recent.firstSample)
        return try verifier.confirms(
            PronunciationLexicon.words(of: candidate.keyword),
            samples: converter.int16Samples(recent.samples(from: audioStart)),
            candidate: (candidate.startSample - audioStart)..<(candidate.endSample - audioStart),
            cepstralMean: spotter.currentCepstralMean)
    }
}
