import ArgumentParser
import FoundationEssentials
import HotwordDetection
import Pipeline

/// Finds the project's `Models/` folder: `$SUSI_LISTEN_MODELS` when it is set, otherwise beside
/// or above the executable (a build tree), then the installed locations.
enum ModelsFolder {
    static let marker = "keywords.dict"
    /// The environment variable that names the folder.
    static let environmentVariable = "SUSI_LISTEN_MODELS"
    /// Where an installation puts the folder.
    static let installed = ["/usr/local/share/susi-listen/Models", "/usr/share/susi-listen/Models"]

    /// The folder `$SUSI_LISTEN_MODELS` names, if it is set and not empty (an empty one is unset,
    /// as shells and unit files mean it).
    private static var named: String? { ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 } }

    /// The folder, or nil when there is none (and `$SUSI_LISTEN_MODELS` is not set).
    static func locate() -> String? {
        if let named { return named }
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/" + marker) }
    }

    /// Where the folder is looked for without `$SUSI_LISTEN_MODELS`: beside the executable and
    /// in five folders above it (the executable itself, not the name it was started by, which
    /// may be a bare name found on `PATH`), then the installed locations.
    private static var candidates: [String] {
        let started = URL(fileURLWithPath: CommandLine.arguments[0])
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map(URL.init(fileURLWithPath:)) ?? started
        var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        var found: [String] = []
        for _ in 0..<6 {
            found.append(folder.appendingPathComponent("Models").path)
            folder.deleteLastPathComponent()
        }
        return found + installed
    }

    /// Exit code 2 when `$SUSI_LISTEN_MODELS` is set but names no models folder: a mistyped
    /// path must not fall back, without a word, to models that hear fewer keywords.
    static func checkNamedFolder() throws {
        guard let named, !FileManager.default.fileExists(atPath: named + "/" + marker) else { return }
        StandardError.write("susi-listen: \(environmentVariable) is \"\(named)\", which holds no \(marker): "
                            + "set it to the project's Models folder, or unset it")
        throw ExitStatus.setupFailed.exitCode
    }

    /// Takes the project's keyword dictionary and verification vocabulary (of the size
    /// `files.recogniserVocabulary` names) from this installation's models folder where none is
    /// set. Without one, says on standard error what detection with `decision` falls back to.
    static func useProjectModels(in files: inout AcousticModelFiles, decision: KeywordDecision) {
        guard let models = locate() else {
            var fallbacks: [String] = []
            if files.verifierVocabulary == nil && decision != .spotting {
                fallbacks.append("the second stage weighs candidates against PocketSphinx's general model, with far more memory and fewer keywords heard")
            }
            if files.keywordDictionary == nil {
                fallbacks.append("keyphrase words have only the general dictionary's pronunciations (\"susi\" only as S UW S IY)")
            }
            if !fallbacks.isEmpty {
                StandardError.write("susi-listen: no Models folder (\(environmentVariable) is not set; none beside or above the executable, "
                                    + "nor in \(installed.joined(separator: " or "))): " + fallbacks.joined(separator: "; "))
            }
            return
        }
        if files.keywordDictionary == nil { files.keywordDictionary = models + "/" + marker }
        if files.verifierVocabulary == nil {
            files.verifierVocabulary = AcousticModelFiles.VerifierVocabulary(modelsFolder: models, size: files.recogniserVocabulary)
        }
    }

    /// Points the project's command model at this installation's `Models/commands`.
    static func useCommandModel(in configuration: inout Configuration) {
        if configuration.transcriber.languageModel == Configuration.domainModel, let models = locate() {
            configuration.transcriber.languageModel = .domain(folder: models + "/commands")
        }
    }
}
