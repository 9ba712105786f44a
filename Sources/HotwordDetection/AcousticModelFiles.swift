import FoundationEssentials
import PocketSphinxSupport

/// Where the PocketSphinx model files are: the acoustic model, the general dictionary, and the
/// project's own keyword dictionary and verification vocabulary.
package struct AcousticModelFiles: Sendable, Equatable {
    /// Debian package that provides the acoustic model and the general dictionary.
    package static let modelPackage = "pocketsphinx-en-us"
    /// What provides the project's own model files, for error messages.
    package static let projectModels = "susi-listen (its Models/ folder)"
    /// Where `pocketsphinx-en-us` installs the US English model.
    package static let debianModelFolder = "/usr/share/pocketsphinx/model/en-us"

    /// Folder of the acoustic model (holds `mdef`, `means`, `noisedict`, ...).
    package var acousticModel: String
    /// The general pronunciation dictionary (CMUdict format).
    package var generalDictionary: String
    /// The project's dictionary of keyphrase words, read before the general one.
    package var keywordDictionary: String?
    /// The vocabulary the second stage's recogniser weighs a candidate against. Nil: the general
    /// US English trigram model and the general dictionary, which cost about 40 MB more memory than
    /// the project's own unigram model of the same words (`Models/verifier/`).
    package var verifierVocabulary: VerifierVocabulary?
    /// Which of the project's vocabularies `verifierVocabulary` is taken from when it is looked
    /// up in a models folder.
    package var recogniserVocabulary: RecogniserVocabulary = .standard

    /// The recogniser's language model and the dictionary of its words.
    package struct VerifierVocabulary: Sendable, Equatable {
        /// An n-gram language model (ARPA text or PocketSphinx's binary).
        package var languageModel: String
        /// The pronunciations of its words.
        package var dictionary: String
        /// The words the model leaves out, of which those near a keyphrase word are put back
        /// (see `RareWords`); nil: none.
        package var rareWords: String?

        package init(languageModel: String, dictionary: String, rareWords: String? = nil) {
            self.languageModel = languageModel
            self.dictionary = dictionary
            self.rareWords = rareWords
        }

        /// The vocabulary `size` of the project's models folder: `words.arpa` and `words.dict`
        /// in its folder, and `rare-words.txt` for the compact one.
        package init(modelsFolder: String, size: RecogniserVocabulary = .standard) {
            let folder = modelsFolder + "/" + size.folder + "/"
            self.init(languageModel: folder + "words.arpa", dictionary: folder + "words.dict",
                      rareWords: size == .compact ? folder + "rare-words.txt" : nil)
        }
    }

    /// The model files; by default Debian's `pocketsphinx-en-us` and no keyword dictionary.
    package init(acousticModel: String = debianModelFolder + "/en-us",
                generalDictionary: String = debianModelFolder + "/cmudict-en-us.dict",
                keywordDictionary: String? = nil, verifierVocabulary: VerifierVocabulary? = nil) {
        self.acousticModel = acousticModel
        self.generalDictionary = generalDictionary
        self.keywordDictionary = keywordDictionary
        self.verifierVocabulary = verifierVocabulary
    }

    /// The model files with the keyword dictionary and the verification vocabulary `size` of
    /// the project's models folder at `modelsFolder`.
    package init(modelsFolder: String, size: RecogniserVocabulary = .standard) {
        self.init(keywordDictionary: modelsFolder + "/keywords.dict", verifierVocabulary: VerifierVocabulary(modelsFolder: modelsFolder, size: size))
        recogniserVocabulary = size
    }

    /// The recogniser's language model and dictionary: the project's vocabulary when set,
    /// otherwise the general model and dictionary.
    package var verifierFiles: VerifierVocabulary {
        verifierVocabulary ?? VerifierVocabulary(languageModel: Self.debianModelFolder + "/en-us.lm.bin", dictionary: generalDictionary)
    }

    /// Checks that every file is there and that the dictionaries and the language model are what
    /// they are given as, naming the first file that is not.
    package func validate() throws(HotwordDetectionError) {
        let fileManager = FileManager.default
        for required in ["mdef", "means", "variances", "transition_matrices", "noisedict"] {
            let path = acousticModel + "/" + required
            if !fileManager.fileExists(atPath: path) {
                throw .modelFileMissing(path: path, package: Self.modelPackage)
            }
        }
        let project = Self.projectModels
        let verifier = verifierFiles
        let verifierPackage = verifierVocabulary == nil ? Self.modelPackage : project
        let files: [(path: String, kind: ModelFileProblem.Kind, package: String)] =
            [(generalDictionary, .dictionary, Self.modelPackage)]
            + (keywordDictionary.map { [($0, .dictionary, project)] } ?? [])
            + [(verifier.languageModel, .languageModel, verifierPackage), (verifier.dictionary, .dictionary, verifierPackage)]
            + (verifier.rareWords.map { [($0, .dictionary, project)] } ?? [])
        for file in files {
            switch ModelFileProblem.of(file.path, as: file.kind) {
            case nil: continue
            case .missing: throw .modelFileMissing(path: file.path, package: file.package)
            case let problem?: throw .unusableModelFile(path: file.path, problem: problem)
            }
        }
    }
}
