import Foundation
import PocketSphinxSupport

/// Where the PocketSphinx model files are: the acoustic model, the general dictionary and the
/// project's own keyword dictionary.
public struct AcousticModelFiles: Sendable, Equatable {
    /// Debian package that provides the acoustic model and the general dictionary.
    public static let modelPackage = "pocketsphinx-en-us"
    /// Where `pocketsphinx-en-us` installs the US English model.
    public static let debianModelFolder = "/usr/share/pocketsphinx/model/en-us"

    /// Folder of the acoustic model (holds `mdef`, `means`, `noisedict`, ...).
    public var acousticModel: String
    /// The general pronunciation dictionary (CMUdict format).
    public var generalDictionary: String
    /// The project's dictionary of keyphrase words, read before the general one.
    public var keywordDictionary: String?

    /// The model files; by default Debian's `pocketsphinx-en-us` and no keyword dictionary.
    public init(acousticModel: String = debianModelFolder + "/en-us",
                generalDictionary: String = debianModelFolder + "/cmudict-en-us.dict",
                keywordDictionary: String? = nil) {
        self.acousticModel = acousticModel
        self.generalDictionary = generalDictionary
        self.keywordDictionary = keywordDictionary
    }

    /// Checks that every file is there and that the dictionaries are dictionaries, naming the
    /// first file that is not.
    public func validate() throws(HotwordDetectionError) {
        let fileManager = FileManager.default
        for required in ["mdef", "means", "variances", "transition_matrices", "noisedict"] {
            let path = acousticModel + "/" + required
            if !fileManager.fileExists(atPath: path) {
                throw .modelFileMissing(path: path, package: Self.modelPackage)
            }
        }
        let dictionaries = [(generalDictionary, Self.modelPackage)] + (keywordDictionary.map { [($0, "susi-listen (its Models/ folder)")] } ?? [])
        for (dictionary, package) in dictionaries {
            switch ModelFileProblem.of(dictionary, as: .dictionary) {
            case nil: continue
            case .missing: throw .modelFileMissing(path: dictionary, package: package)
            case let problem?: throw .unusableModelFile(path: dictionary, problem: problem)
            }
        }
    }
}
