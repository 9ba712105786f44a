import ArgumentParser
import HotwordDetection
import Pipeline

extension RecogniserVocabulary: ExpressibleByArgument {}

/// Where the acoustic model and dictionaries are, and the recogniser's vocabulary.
struct ModelOptions: ParsableArguments, Sendable {
    @Option(name: Setting.recogniserVocabulary.flagName, help: Setting.recogniserVocabulary.argumentHelp)
    var recogniserVocabulary: RecogniserVocabulary?

    @OptionGroup var files: ModelFileOptions

    /// The settings these options give.
    var settings: CommandLineSettings {
        var given = CommandLineSettings()
        given.add(.recogniserVocabulary, recogniserVocabulary?.rawValue)
        given.add(files.settings)
        return given
    }
}

/// Where the acoustic model and the pronunciation dictionaries are.
struct ModelFileOptions: ParsableArguments, Sendable {
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

    /// A `$SUSI_LISTEN_MODELS` that names no models folder is a set-up failure (exit code 2).
    func validate() throws {
        try ModelsFolder.checkNamedFolder()
    }
}
