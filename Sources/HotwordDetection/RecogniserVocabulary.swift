/// Which of the project's vocabularies the second stage's recogniser weighs a candidate against
/// (`Models/verifier/`): memory against a little accuracy.
package enum RecogniserVocabulary: String, CaseIterable, Sendable {
    /// The 72,545 words of PocketSphinx's general US English model.
    case full
    /// Their 20,000 most common, and the rarer ones that sound near a keyphrase word (see
    /// `RareWords`): about 36 MB less memory, a few more false alarms (mostly words one sound
    /// from a short keyphrase, heard as it).
    case compact

    /// Its folder within the project's `Models/` folder.
    var folder: String {
        switch self {
        case .full: "verifier"
        case .compact: "verifier/compact"
        }
    }
}
