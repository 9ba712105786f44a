import FoundationEssentials
import PocketSphinxSupport

/// Which language model, with its dictionary, the transcriber decodes with.
package enum LanguageModelChoice: Sendable, Equatable, Codable {
    /// The project's model of SUSI commands (`Models/commands/`, made by
    /// `Tools/models/make-command-model.py`): a trigram model and a dictionary of exactly its words.
    case domain(languageModel: String, dictionary: String)
    /// PocketSphinx's general US English model and the full CMU dictionary from
    /// `pocketsphinx-en-us`: any English, but short commands come out poorly.
    case general

    /// Where the project's model files come from, as `TranscriptionError` names it.
    package static let projectModels = "susi-listen (its Models/commands folder)"
    /// Debian package of the acoustic model, the general model and the CMU dictionary.
    package static let debianPackage = "pocketsphinx-en-us"
    /// Where `pocketsphinx-en-us` installs the US English model.
    package static let debianModelFolder = "/usr/share/pocketsphinx/model/en-us"

    /// The domain model in `folder` (the project's `Models/commands`).
    package static func domain(folder: String) -> LanguageModelChoice {
        .domain(languageModel: folder + "/commands.arpa", dictionary: folder + "/commands.dict")
    }

    /// The language model file.
    package var languageModel: String {
        switch self {
        case .domain(let languageModel, _): return languageModel
        case .general: return Self.debianModelFolder + "/en-us.lm.bin"
        }
    }

    /// The pronunciation dictionary that goes with the language model.
    package var dictionary: String {
        switch self {
        case .domain(_, let dictionary): return dictionary
        case .general: return Self.debianModelFolder + "/cmudict-en-us.dict"
        }
    }

    /// Whether this is the project's model of SUSI commands, on which a command's sentence end
    /// is heard in speech that runs on (`CommandSentence`); with the general model the session
    /// waits for silence.
    package var isDomainModel: Bool {
        if case .domain = self { return true }
        return false
    }

    /// What provides the files: the Debian package or the project.
    package var provider: String {
        switch self {
        case .domain: return Self.projectModels
        case .general: return Self.debianPackage
        }
    }
}

/// Everything a `PocketSphinxTranscriber` needs to start. Durations are in seconds of audio.
package struct TranscriberConfiguration: Sendable, Equatable, Codable {
    /// The language model; by default the project's domain model, relative to the working folder.
    package var languageModel: LanguageModelChoice
    /// Folder of the acoustic model (holds `mdef`, `means`, `noisedict`, ...).
    package var acousticModel: String
    /// Whether the session ends where the domain model hears a whole command before talk that
    /// does not continue it (`CommandSentence`); with the general model it never does.
    package var endsAtSentenceEnd: Bool
    /// Silence after speech that ends the session.
    package var trailingSilence: Double
    /// Longest session, lead-in included; a command still going on then is cut.
    package var maximumDuration: Double
    /// How long a session waits for speech to start before it gives up with `.noCommand`.
    package var noSpeechTimeout: Double
    /// Least audio between two partial transcripts.
    package var partialInterval: Double

    package init(languageModel: LanguageModelChoice = .domain(folder: "Models/commands"),
                acousticModel: String = LanguageModelChoice.debianModelFolder + "/en-us",
                endsAtSentenceEnd: Bool = true,
                trailingSilence: Double = 0.7,
                maximumDuration: Double = 10,
                noSpeechTimeout: Double = 3,
                partialInterval: Double = 0.2) {
        self.languageModel = languageModel
        self.acousticModel = acousticModel
        self.endsAtSentenceEnd = endsAtSentenceEnd
        self.trailingSilence = trailingSilence
        self.maximumDuration = maximumDuration
        self.noSpeechTimeout = noSpeechTimeout
        self.partialInterval = partialInterval
    }

    /// Checks the durations, then that every model file is there, naming the first one that is not.
    package func validate() throws(TranscriptionError) {
        for (name, seconds) in [("trailing silence", trailingSilence), ("maximum duration", maximumDuration),
                                ("no-speech timeout", noSpeechTimeout), ("partial interval", partialInterval)]
        where !(seconds.isFinite && seconds > 0) {
            throw .invalidDuration(name: name, seconds: seconds)
        }
        let fileManager = FileManager.default
        for required in ["mdef", "means", "variances", "transition_matrices", "noisedict"] {
            let path = acousticModel + "/" + required
            if !fileManager.fileExists(atPath: path) {
                throw .modelFileMissing(path: path, package: LanguageModelChoice.debianPackage)
            }
        }
        for (path, kind) in [(languageModel.languageModel, ModelFileProblem.Kind.languageModel), (languageModel.dictionary, .dictionary)] {
            switch ModelFileProblem.of(path, as: kind) {
            case nil: continue
            case .missing: throw .modelFileMissing(path: path, package: languageModel.provider)
            case let problem?: throw .unusableModelFile(path: path, problem: problem)
            }
        }
    }
}
