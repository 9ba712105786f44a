import ArgumentParser
import Foundation
import Pipeline
import SusiChat
import Transcription

/// Options for what follows the hotword: the transcription session and the SUSI chat query.
/// Each one given overrides the configuration file.
struct CommandOptions: ParsableArguments, Sendable {
    @Flag(name: .long, help: "Stop at the hotword: no transcription, no chat query.")
    var noTranscription = false

    @Flag(name: .long, help: "Stop at the transcript: no chat query.")
    var noChat = false

    @Option(name: .long, help: ArgumentHelp("Language model for the command: domain (the project's SUSI command model) or general (PocketSphinx's English model) (default: domain).", valueName: "model"))
    var languageModel: String?

    @Option(name: .long, help: ArgumentHelp("Silence that ends the command, in seconds (default: 0.7).", valueName: "seconds"))
    var trailingSilence: Double?

    @Option(name: .long, help: ArgumentHelp("Longest command, in seconds (default: 10).", valueName: "seconds"))
    var maxCommand: Double?

    @Option(name: .long, help: ArgumentHelp("SUSI server (default: https://api.susi.ai).", valueName: "url"))
    var server: String?

    @Option(name: .long, help: ArgumentHelp("Language code sent with each query (default: en).", valueName: "code"))
    var language: String?

    @Option(name: .long, help: ArgumentHelp("Folder that keeps queries while the server is unreachable, at most 100 (the oldest are dropped), one process per folder (default: none).", valueName: "dir"))
    var spoolDir: String?

    func validate() throws {
        if let languageModel, !["domain", "general"].contains(languageModel) {
            throw ValidationError("--language-model must be domain or general")
        }
        for (name, value) in [("--trailing-silence", trailingSilence), ("--max-command", maxCommand)] {
            if let value, !Configuration.durationRange.contains(value) {
                let range = Configuration.durationRange
                throw ValidationError("\(name) must be a number of seconds from \(range.lowerBound) to \(Int(range.upperBound))")
            }
        }
        if let server {
            guard let url = URL(string: server), ChatClientConfiguration.isUsableServer(url) else {
                throw ValidationError("--server must be an http or https URL, not \(server)")
            }
        }
    }

    /// Puts the options that were given into `configuration`, and points the domain model at
    /// this installation's `Models/commands`.
    func apply(to configuration: inout Configuration) {
        if noTranscription { configuration.transcribe = false }
        if noChat { configuration.chatEnabled = false }
        if let languageModel { configuration.transcriber.languageModel = languageModel == "general" ? .general : Configuration.domainModel }
        if configuration.transcriber.languageModel == Configuration.domainModel, let models = ModelsFolder.locate() {
            configuration.transcriber.languageModel = .domain(folder: models + "/commands")
        }
        if let trailingSilence { configuration.transcriber.trailingSilence = trailingSilence }
        if let maxCommand { configuration.transcriber.maximumDuration = maxCommand }
        if let server, let url = URL(string: server) { configuration.chat.server = url }
        if let language { configuration.chat.language = language }
        if let spoolDir { configuration.chat.spoolDirectory = URL(fileURLWithPath: spoolDir) }
    }
}
