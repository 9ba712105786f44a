import ArgumentParser
import HotwordDetection
import Pipeline

/// Where the acoustic model and dictionaries are.
struct ModelOptions: ParsableArguments, Sendable {
    @Option(name: Setting.acousticModel.flagName, help: Setting.acousticModel.argumentHelp)
    var acousticModel: String?

    @Option(name: Setting.dictionary.flagName, help: Setting.dictionary.argumentHelp)
    var dictionary: String?

    @Option(name: Setting.keywordDictionary.flagName, help: Setting.keywordDictionary.argumentHelp)
    var keywordDictionary: String?

    /// The settings these options give.
    var settings: CommandLineSettings {
        var given = CommandLineSettings()
        given.add(.acousticModel, acousticModel)
        given.add(.dictionary, dictionary)
        given.add(.keywordDictionary, keywordDictionary)
        return given
    }

    /// Takes the project's keyword dictionary and verification vocabulary from this
    /// installation's models folder where none is set.
    static func locateProjectModels(in files: inout AcousticModelFiles) {
        guard let models = ModelsFolder.locate() else { return }
        if files.keywordDictionary == nil { files.keywordDictionary = models + "/" + ModelsFolder.marker }
        if files.verifierVocabulary == nil { files.verifierVocabulary = AcousticModelFiles.VerifierVocabulary(modelsFolder: models) }
    }
}
