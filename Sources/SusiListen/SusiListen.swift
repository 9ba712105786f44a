import ArgumentParser

/// The `susi-listen` command: hotword detection over files now, subcommands for the rest.
@main
struct SusiListen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "susi-listen",
        abstract: "Hears the hotword \"susi\" in audio files with PocketSphinx keyword spotting.",
        discussion: """
            Reads WAV, FLAC, Ogg and every other format libsndfile reads, at any rate and channel count, \
            and reports each hotword as a line (or a JSON object with --json). Exit codes: 0 all files \
            processed, 1 some file could not be read (the others were processed), 2 models or keywords \
            could not be loaded, 64 bad arguments.
            """,
        subcommands: [DetectCommand.self, BenchCommand.self, SoakCommand.self],
        defaultSubcommand: DetectCommand.self)
}
