/// How a detection is decided.
public enum KeywordDecision: String, Sendable, Equatable, CaseIterable, Codable {
    /// Keyword spotting alone: a keyphrase is heard when its spotting score clears the threshold
    /// the sensitivity maps to.
    case spotting
    /// Spotting proposes candidates at a lower threshold, and each must be confirmed by the
    /// large-vocabulary recogniser (`KeywordVerifier`).
    case verified
    /// A spotting score that clears the sensitivity's threshold is heard at once, as with
    /// `spotting`; a candidate between that and the lower candidate threshold is heard when the
    /// recogniser confirms it. The default.
    case twoStage = "two-stage"
}
