import ArgumentParser
import Pipeline

/// Options for what follows the hotword: the transcription session and the SUSI chat query.
/// Each one given overrides the configuration file.
struct CommandOptions: ParsableArguments, Sendable {
    @Flag(name: Setting.transcribe.flagName, help: Setting.transcribe.argumentHelp)
    var noTranscription = false

    @Flag(name: Setting.chatEnabled.flagName, help: Setting.chatEnabled.argumentHelp)
    var noChat = false

    @Option(name: Setting.languageModel.flagName, help: Setting.languageModel.argumentHelp)
    var languageModel: String?

    @Flag(name: Setting.sentenceEnd.flagName, help: Setting.sentenceEnd.argumentHelp)
    var noSentenceEnd = false

    @Option(name: Setting.trailingSilence.flagName, help: Setting.trailingSilence.argumentHelp)
    var trailingSilence: Double?

    @Option(name: Setting.maximumDuration.flagName, help: Setting.maximumDuration.argumentHelp)
    var maxCommand: Double?

    @Option(name: Setting.server.flagName, help: Setting.server.argumentHelp)
    var server: String?

    @Option(name: Setting.language.flagName, help: Setting.language.argumentHelp)
    var language: String?

    @Option(name: Setting.spoolDirectory.flagName, help: Setting.spoolDirectory.argumentHelp)
    var spoolDir: String?

    /// The settings these options give.
    var settings: CommandLineSettings {
        var given = CommandLineSettings()
        given.add(.transcribe, switched: noTranscription)
        given.add(.chatEnabled, switched: noChat)
        given.add(.languageModel, languageModel)
        given.add(.sentenceEnd, switched: noSentenceEnd)
        given.add(.trailingSilence, trailingSilence)
        given.add(.maximumDuration, maxCommand)
        given.add(.server, server)
        given.add(.language, language)
        given.add(.spoolDirectory, spoolDir)
        return given
    }

    func validate() throws {
        try settings.validate()
    }
}
