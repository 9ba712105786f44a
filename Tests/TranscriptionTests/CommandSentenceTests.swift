import AudioInput
import AudioTestSupport
import Foundation
import PocketSphinxSupport
import Testing
import Transcription

/// Where a command ends when speech runs on after it: the rule on the real command model, and
/// sessions over a spoken command followed at once by real recorded speech.
@Suite struct CommandSentenceTests {
    /// The domain model's probabilities, read by PocketSphinx as the transcriber reads them.
    private let model: Decoder<TranscriptionError>

    init() throws {
        let configuration = Fixtures.configuration()
        model = try Decoder(arguments: ["-hmm", configuration.acousticModel, "-lm", configuration.languageModel.languageModel,
                                        "-dict", configuration.languageModel.dictionary])
    }

    private func command(in text: String) -> String? {
        CommandSentence(text: text).command { model.languageModelLog10Probability(of: $0, after: $1) }
    }

    @Test func theModelGivesTheProbabilitiesOfItsFile() throws {
        // commands.arpa: the trigram "is it </s>", and "it" after "what time is".
        let end = try #require(model.languageModelLog10Probability(of: "</s>", after: ["what", "time", "is", "it"]))
        #expect(abs(end - -2.3) < 0.05, "log10 P(</s> | is it) = \(end)")
        let next = try #require(model.languageModelLog10Probability(of: "it", after: ["<s>", "what", "time", "is"]))
        #expect(next > -0.05 && next <= 0)
        #expect(model.languageModelLog10Probability(of: "zorblat", after: ["<s>"]) == nil)
    }

    @Test func aCommandEndsWhereItsSentenceEndsBeforeWordsThatDoNotContinueIt() {
        // What the transcriber heard of "will it rain tomorrow" followed at once by background talk.
        #expect(command(in: "will it rain tomorrow tesla greek australian angeles switch okay city") == "will it rain tomorrow")
        #expect(command(in: "set a timer for five minutes to sting which morning in the resume") == "set a timer for five minutes")
    }

    @Test func aCommandThatGoesOnIsNotCut() throws {
        let references = try Fixtures.all().map(\.text).filter { !$0.isEmpty }
        let written = try String(contentsOfFile: #filePath.replacingOccurrences(of: "CommandSentenceTests.swift", with: "written-commands.txt"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(references.count >= 25 && written.count == 80)
        for text in references + written {
            #expect(command(in: text) == nil, "\"\(text)\" cut to \"\(command(in: text) ?? "")\"")
        }
    }

    @Test func tooFewWordsAfterAnEndAreNotJudged() {
        #expect(command(in: "will it rain tomorrow tesla greek australian angeles switch") == nil)
        #expect(command(in: "will it rain tomorrow") == nil)
        #expect(command(in: "") == nil)
    }

    @Test func eachWordIsAskedAfterItsTwoWordsBefore() {
        var asked: [String] = []
        let sentence = CommandSentence(words: ["a", "b", "c", "d", "e", "f", "g", "h"])
        // The end is likely only after "b"; every word after it is unlikely.
        let length = sentence.commandLength { word, history in
            asked.append((history + [word]).joined(separator: " "))
            if word == "</s>" { return history.last == "b" ? -0.1 : -3 }
            return -2
        }
        #expect(length == 2)
        #expect(asked == ["<s> a </s>", "a b </s>", "a b c", "b c d", "c d e", "d e f", "e f g", "f g h"])
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: Fixtures.devdataBackground.path),
                   "needs ../shared/devdata beside the repository"))
    func aCommandFollowedAtOnceByOtherSpeechEndsAtItsSentenceEnd() throws {
        let transcriber = try PocketSphinxTranscriber(configuration: Fixtures.configuration())
        let talk = try Fixtures.samples(of: Fixtures.devdataBackground.appendingPathComponent("librispeech_1081-125237-0000.flac").path)
        let commands = try Fixtures.commands(in: ["in-corpus"])
        var endedAtTheCommand = 0
        for command in commands {
            let speechEnd = Int((command.speechEnd * Double(pipelineSampleRate)).rounded())
            let spoken = Array(try Fixtures.sessionAudio(of: command).prefix(speechEnd))
            // The command, then the recorded talk 3 dB below it (as in the susi streams), with no pause.
            let gain = Float(Signal.rms(spoken[...]) / Signal.rms(talk[...]) * pow(10, -3.0 / 20))
            let record = try transcriber.run(spoken + talk.map { $0 * gain })
            let final = try #require(record.final, "\(command.file): no final")
            let heard = final.transcript.text.split(separator: " ")
            let said = command.text.split(separator: " ")
            #expect(heard.count >= said.count || Array(said.prefix(heard.count)) != heard,
                    "\(command.file): cut inside the command, \"\(final.transcript.text)\"")
            if final.reason == .sentenceEnd && heard == said {
                endedAtTheCommand += 1
                // After a few words of the talk, not at the maximum duration.
                #expect(final.transcript.endSample - speechEnd < 3 * pipelineSampleRate, "\(command.file)")
            }
        }
        #expect(endedAtTheCommand >= commands.count * 3 / 4, "\(endedAtTheCommand) of \(commands.count) ended with the command alone")
    }
}
