import ArgumentParser
import HotwordDetection
import Pipeline

/// The user's own pronunciations, for every command that builds a keyword spotter.
struct PronunciationOptions: ParsableArguments, Sendable {
    // A malformed WORD=PHONES fails while parsing, with exit code 64 and what is wrong with it,
    // read as the configuration file's are.
    @Option(name: Setting.pronunciations.flagName, help: Setting.pronunciations.argumentHelp, transform: { try UserPronunciation(parsing: $0) })
    var pronunciations: [UserPronunciation] = []

    /// The settings these options give.
    var settings: CommandLineSettings {
        var given = CommandLineSettings()
        given.add(.pronunciations, pronunciations.map(\.text))
        return given
    }
}
