import FoundationEssentials
import HotwordDetection
import Pipeline

/// Finds the project's `Models/` folder: `$SUSI_LISTEN_MODELS`, then beside or above the
/// executable (a build tree), then the installed locations.
enum ModelsFolder {
    static let marker = "keywords.dict"

    static func locate() -> String? {
        let fileManager = FileManager.default
        var candidates: [String] = []
        if let fromEnvironment = ProcessInfo.processInfo.environment["SUSI_LISTEN_MODELS"] {
            candidates.append(fromEnvironment)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(folder.appendingPathComponent("Models").path)
            folder.deleteLastPathComponent()
        }
        candidates += ["/usr/local/share/susi-listen/Models", "/usr/share/susi-listen/Models"]
        return candidates.first { fileManager.fileExists(atPath: $0 + "/" + marker) }
    }

    /// Takes the project's keyword dictionary and verification vocabulary (of the size
    /// `files.recogniserVocabulary` names) from this installation's models folder where none is set.
    static func useProjectModels(in files: inout AcousticModelFiles) {
        guard let models = locate() else { return }
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
