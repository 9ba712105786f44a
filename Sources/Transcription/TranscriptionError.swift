import PocketSphinxSupport

/// Why a transcriber could not be set up or could not go on.
package enum TranscriptionError: Error, Equatable, CustomStringConvertible, DecoderFailureReporting {
    /// A model file or folder is missing; `package` says where it comes from: a Debian package
    /// or the project's `Models/` folder.
    case modelFileMissing(path: String, package: String)
    /// A language model or dictionary is there but cannot be one: a folder, empty, unparsable.
    case unusableModelFile(path: String, problem: ModelFileProblem)
    /// A duration in the configuration is not a finite number above zero.
    case invalidDuration(name: String, seconds: Double)
    /// PocketSphinx refused the configuration or failed while decoding.
    case decoderFailure(String)

    package var description: String {
        switch self {
        case .modelFileMissing(let path, let package) where package == LanguageModelChoice.projectModels:
            return "model file missing: \(path) (part of \(package): install the project's Models folder beside the "
                + "executable, in /usr/local/share/susi-listen, or where $SUSI_LISTEN_MODELS names, as the README's "
                + "\"Running as a service\" shows; in a clone, Tools/models/make-command-model.py makes it again)"
        case .modelFileMissing(let path, let package):
            return "model file missing: \(path) (install the Debian package \(package): sudo apt-get install \(package))"
        case .unusableModelFile(let path, let problem):
            return "unusable model file \(path): \(problem)"
        case .invalidDuration(let name, let seconds):
            return "\(name) \(seconds) s must be a finite number of seconds above 0"
        case .decoderFailure(let reason):
            return "PocketSphinx: \(reason)"
        }
    }
}
