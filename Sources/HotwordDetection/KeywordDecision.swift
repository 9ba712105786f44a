/// How a detection is decided.
package enum KeywordDecision: String, Sendable, Equatable, CaseIterable, Codable {
    /// Keyword spotting alone: a keyphrase is heard when its spotting score clears the threshold
    /// the sensitivity maps to.
    case spotting
    /// Spotting proposes candidates at a lower threshold, and the words the large-vocabulary
    /// recogniser (`KeywordVerifier`) hears over each decide: the keyphrase itself, or something
    /// within the sensitivity's phone edits of it (see `KeywordThreshold.decide`).
    case verified
    /// As `verified`, and a candidate whose spotting score clears the sensitivity's threshold is
    /// also heard unless the recogniser heard something else entirely. The default.
    case twoStage = "two-stage"
}
