/// Which of the project's vocabularies the second stage's recogniser weighs a candidate against
/// (`Models/verifier/`): memory against how often a near miss is heard as the keyphrase.
package enum RecogniserVocabulary: String, CaseIterable, Sendable {
    /// The 72,545 words of PocketSphinx's general US English model: about 29 MB more memory than
    /// the compact vocabulary and no keyword more, but now and then a near miss turned down that
    /// the compact one takes (its larger search prunes the keyphrase's path more).
    case full
    /// Their 30,000 most common, and the rarer ones that sound near a keyphrase word (see
    /// `RareWords`): the largest round number of words that keeps detection under 60 MB.
    case compact

    /// The vocabulary detection uses unless told otherwise.
    package static let standard = RecogniserVocabulary.compact

    /// Its folder within the project's `Models/` folder.
    var folder: String {
        switch self {
        case .full: "verifier"
        case .compact: "verifier/compact"
        }
    }
}
