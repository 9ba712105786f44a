import ArgumentParser
import HotwordDetection
import Pipeline
import Transcription

/// Options that set up the keyword spotter, shared by every command that detects. Each one
/// given overrides the configuration file.
struct DetectorOptions: ParsableArguments, Sendable {
    @Option(name: Setting.keywords.flagName, help: Setting.keywords.argumentHelp)
    var keyword: [String] = []

    @Option(name: Setting.sensitivity.flagName, help: Setting.sensitivity.argumentHelp)
    var sensitivity: [Double] = []

    @OptionGroup var userPronunciations: PronunciationOptions

    @Option(name: Setting.gain.flagName, parsing: .unconditional, help: Setting.gain.argumentHelp)
    var gain: Double?

    @OptionGroup var models: ModelOptions

    @OptionGroup var decisionOptions: DecisionOptions

    /// The settings these options give.
    var settings: CommandLineSettings {
        var given = CommandLineSettings()
        given.add(.keywords, keyword)
        given.add(.sensitivity, sensitivity)
        given.add(userPronunciations.settings)
        given.add(.gain, gain)
        given.add(models.settings)
        given.add(decisionOptions.settings)
        return given
    }

    func validate() throws {
        try settings.validate()
    }

    /// Puts the options that were given into `configuration`, with the project's models of
    /// this installation where none are set.
    func apply(to configuration: inout Configuration) throws {
        try settings.merge(into: &configuration)
        ModelsFolder.useProjectModels(in: &configuration.modelFiles, decision: configuration.decision)
    }
}

extension Configuration {
    /// The transcriber, when the command is transcribed; exit code 2 when its models are missing.
    func makeTranscriber() throws -> PocketSphinxTranscriber? {
        guard transcribe else { return nil }
        return try Self.settingUp { try PocketSphinxTranscriber(configuration: transcriber) }
    }

    /// The chat forwarder, when commands go to SUSI; exit code 2 when its spool folder is unusable.
    func makeForwarder() throws -> ChatForwarder? {
        guard forwardsCommands else { return nil }
        return try Self.settingUp { try ChatForwarder(configuration: chat) }
    }

    /// The writer of each wake-up's audio, when it is saved; exit code 2 when its folder cannot
    /// be created or written in.
    func makeWakeAudioWriter(whenBehind: WakeAudioWriter.WhenBehind) throws -> WakeAudioWriter? {
        guard let saveAudioDirectory else { return nil }
        let folder = try Self.settingUp { try WakeAudioFolder(path: saveAudioDirectory, maximumFiles: saveAudioMaximumFiles) }
        return WakeAudioWriter(folder: folder, whenBehind: whenBehind)
    }

    /// The detector, or exit code 2 with the reason on standard error.
    func makeDetector() throws -> any HotwordDetector {
        try Self.settingUp { try HotwordDetectorFactory.detector(configuration: spotterConfiguration) }
    }

    /// What `make` sets up, or exit code 2 with the reason on standard error (64 for a
    /// keyphrase beyond the documented limits: a bad argument).
    private static func settingUp<Part>(_ make: () throws -> Part) throws -> Part {
        do {
            return try make()
        } catch {
            StandardError.write("susi-listen: \(error)")
            throw ((error as? HotwordDetectionError).map(ExitStatus.detectionNotSetUp) ?? .setupFailed).exitCode
        }
    }
}
