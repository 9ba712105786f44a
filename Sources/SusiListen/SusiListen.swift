import ArgumentParser
import Glibc

/// The `susi-listen` command: listening (or files) by default, subcommands for measuring.
@main
struct SusiListen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "susi-listen",
        abstract: "Listens for the hotword \"susi\" on a microphone or in audio files, transcribes the command after it and asks SUSI.AI; serves the hotword over Wyoming.",
        discussion: """
            Hotword detection is PocketSphinx keyword spotting with a second stage that checks each \
            candidate with a large-vocabulary recogniser. Files: WAV, FLAC, Ogg and every other format \
            libsndfile reads, at 1 kHz to 768 kHz with up to 64 channels. Each event is a line (or a JSON object with \
            --json). Exit codes: \(ExitStatus.overview).
            """,
        version: "0.1.0",
        subcommands: [DetectCommand.self, ServeCommand.self, BenchCommand.self, SoakCommand.self, PronounceCommand.self],
        defaultSubcommand: DetectCommand.self)

    static func main() async {
        // A closed pipe or journal stream is a write error to handle (StandardOutput), not a
        // signal that ends the program.
        signal(SIGPIPE, SIG_IGN)
        await main(nil)
    }
}
