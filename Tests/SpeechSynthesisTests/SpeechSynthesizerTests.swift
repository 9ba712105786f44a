import AudioInput
import AudioTestSupport
import Foundation
import SpeechSynthesis
import Testing
import Transcription

/// Real espeak-ng synthesis: the speech's length and level, and that the project's own
/// recogniser hears the words back.
@Suite(.serialized) struct SpeechSynthesizerTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func speaksAShortAnswerAtSpeechLengthAndLevel() throws {
        let speech = try SpeechSynthesizer.shared().speak("the weather in berlin is sunny", language: "en")
        #expect(!speech.fellBack)
        // Six words at espeak-ng's 175 words a minute: about two seconds.
        #expect((1.2...3.5).contains(speech.seconds), "\(speech.seconds) s")
        let level = Signal.decibels(Signal.rms(speech.samples[...]))
        #expect((-30.0 ... -6.0).contains(level), "\(level) dBFS")
        #expect(speech.samples.allSatisfy { abs($0) <= 1 })
    }

    @Test func theRecogniserHearsTheSpokenAnswerBack() throws {
        let speech = try SpeechSynthesizer.shared().speak("what is the weather in berlin", language: "en")
        let model = Self.repository.appendingPathComponent("Models/commands").path
        let transcriber = try PocketSphinxTranscriber(configuration: TranscriberConfiguration(languageModel: .domain(folder: model)))
        // A quiet noise floor and a second of it after the speech, as a room would have.
        var noise = SystemRandomNumberGenerator()
        let padded = (speech.samples + [Float](repeating: 0, count: pipelineSampleRate))
            .map { $0 + Float.random(in: -0.002...0.002, using: &noise) }
        try transcriber.begin(leadIn: [])
        var heard: String?
        for start in stride(from: 0, to: padded.count, by: 480) where heard == nil {
            for case .final(let transcript, _) in try transcriber.process(Array(padded[start..<min(start + 480, padded.count)])) {
                heard = transcript.text
            }
        }
        let text = try heard ?? transcriber.finish()?.text ?? ""
        let difference = WordErrorRate.between(reference: "what is the weather in berlin", hypothesis: text)
        #expect(difference.errors <= 1, "heard \"\(text)\"")
    }

    @Test func anEmptyOrBlankAnswerGivesNoSamples() throws {
        #expect(try SpeechSynthesizer.shared().speak("", language: "en").samples.isEmpty)
        #expect(try SpeechSynthesizer.shared().speak(" \n ", language: "en").samples.isEmpty)
    }

    @Test func anEnormousAnswerIsCutAtTheLastSentenceEndBeforeTheLimit() throws {
        let sentence = "Berlin is the capital and largest city of Germany by both area and population."
        let enormous = Array(repeating: sentence, count: 40).joined(separator: " ")
        let speech = try SpeechSynthesizer.shared().speak(enormous, language: "en")
        // Seven sentences of 79 characters and the spaces between them fit in 600; not a word of the eighth.
        #expect(speech.text == Array(repeating: sentence, count: 7).joined(separator: " "))
        #expect(speech.seconds < 60)
        let quoted = try SpeechSynthesizer.shared().speak(String(repeating: "He said “it is sunny.” ", count: 40), language: "en")
        #expect(quoted.text.count <= SpeechSynthesizer.maximumCharacters && quoted.text.hasSuffix("sunny.”"), "\(quoted.text)")
    }

    /// With no sentence end to cut at, the last whole word, ended as a sentence: the voice
    /// falls as at an end instead of stopping mid-phrase.
    @Test func anEnormousAnswerWithoutASentenceEndIsCutAtAWordAndEndedWithAFullStop() throws {
        for (enormous, ending) in [(String(repeating: "sunny ", count: 2_000), "sunny sunny."), (String(repeating: "sunny, ", count: 200), "sunny, sunny.")] {
            let speech = try SpeechSynthesizer.shared().speak(enormous, language: "en")
            #expect(speech.text.count <= SpeechSynthesizer.maximumCharacters)
            #expect(speech.text.hasSuffix(ending), "\(speech.text.suffix(20))")
            #expect(speech.seconds < 60)
        }
    }

    @Test func aLanguageEspeakLacksFallsBackToEnglish() throws {
        let speech = try SpeechSynthesizer.shared().speak("hello", language: "xx-nowhere")
        #expect(speech.fellBack)
        #expect(speech.language == "en")
        #expect(speech.requestedLanguage == "xx-nowhere")
        #expect(speech.seconds > 0.2)
    }

    @Test func speaksTheQuerysLanguageWhenEspeakHasIt() throws {
        let speech = try SpeechSynthesizer.shared().speak("Das Wetter in Berlin ist sonnig", language: "de")
        #expect(!speech.fellBack)
        #expect(speech.language == "de")
        #expect(speech.seconds > 1)
    }

    @Test(arguments: ["de-DE", "de_DE", "DE", "de-AT"])
    func findsTheVoiceForALanguageWithARegionOrInCapitals(language: String) throws {
        let speech = try SpeechSynthesizer.shared().speak("Das Wetter in Berlin ist sonnig", language: language)
        #expect(!speech.fellBack && speech.language == language)
        #expect(speech.seconds > 1)
    }

    @Test func speaksEachPassageInItsOwnLanguage() throws {
        let speeches = try SpeechSynthesizer.shared().speak([("晴れです", "ja"), ("I cannot show a map on this device.", "en"),
                                                             (" ", "de"), ("hallo", "xx")])
        #expect(speeches.map(\.text) == ["晴れです", "I cannot show a map on this device.", "hallo"])
        #expect(speeches.map(\.language) == ["ja", "en", "en"])
        #expect(speeches.map(\.fellBack) == [false, false, true])
        #expect(speeches.allSatisfy { $0.seconds > 0.2 })
    }

    @Test func passagesTogetherAreCutToTheLimit() throws {
        let long = String(repeating: "sunny ", count: 80) // 480 characters
        let speeches = try SpeechSynthesizer.shared().speak([(long, "en"), (long, "de"), ("never heard", "en")])
        #expect(speeches.count == 2)
        #expect(speeches.map(\.text.count).reduce(0, +) + 1 <= SpeechSynthesizer.maximumCharacters)
        #expect(speeches[1].text.hasSuffix("sunny."))
    }
}
