import AudioInput
import AudioTestSupport
import Testing
import Transcription

/// How a session unfolds over the stream: partials, the final and its timing, the time-outs.
/// Times are counted in samples of the session, never on the wall clock.
@Suite struct TranscriptionSessionTests {
    private let rate = pipelineSampleRate

    @Test func partialsFollowTheSpeechAtMostOnePerInterval() throws {
        let transcriber = try PocketSphinxTranscriber(configuration: Fixtures.configuration())
        let interval = Int(transcriber.configuration.partialInterval * Double(rate))
        for command in try Fixtures.commands(in: ["held-out"]) where command.text.split(separator: " ").count >= 8 {
            let record = try transcriber.run(try Fixtures.sessionAudio(of: command))
            let partials = record.partials
            let final = try #require(record.final, "\(command.file): no final")
            #expect(partials.count >= 4, "\(command.file): \(partials.count) partials")
            #expect(partials.allSatisfy { !$0.isFinal && $0.endSample < final.transcript.endSample })
            // Partials come while the speaker is talking, not all at the end.
            #expect(partials.filter { $0.endSample <= command.speechEndInSession }.count >= 3, "\(command.file)")
            for (earlier, later) in zip(partials, partials.dropFirst()) {
                #expect(later.endSample - earlier.endSample >= interval, "\(command.file): partials at \(earlier.endSample) and \(later.endSample)")
                #expect(later.text != earlier.text, "\(command.file): partial \"\(later.text)\" repeated")
            }
            // The hypothesis grows towards the final: the last partial is close to it and longer than the first.
            let last = try #require(partials.last)
            let difference = WordErrorRate.between(reference: final.transcript.text, hypothesis: last.text)
            #expect(Double(difference.errors) <= 0.25 * Double(difference.words), "\(command.file): last partial \"\(last.text)\", final \"\(final.transcript.text)\"")
            #expect(last.text.split(separator: " ").count > partials[0].text.split(separator: " ").count)
        }
    }

    @Test func finalArrivesWithinTheTrailingSilenceAfterSpeechEnds() throws {
        let transcriber = try PocketSphinxTranscriber(configuration: Fixtures.configuration())
        let trailing = Int(transcriber.configuration.trailingSilence * Double(rate))
        let margin = rate / 10
        let commands = try Fixtures.commands(in: ["in-corpus", "held-out", "hotword"])
        #expect(commands.count >= 20)
        for command in commands {
            let record = try transcriber.run(try Fixtures.sessionAudio(of: command))
            let final = try #require(record.final, "\(command.file): no final")
            #expect(final.reason == .endOfSpeech)
            #expect(final.transcript.isFinal)
            let delay = final.transcript.endSample - command.speechEndInSession
            #expect(delay >= trailing - margin / 2 && delay <= trailing + margin,
                    "\(command.file): final \(Double(delay) / Double(rate)) s after the end of speech")
            // The final is reported in the frame in which it was decided.
            let returned = try #require(record.events.first { if case .final = $0.event { return true } else { return false } })
            #expect(returned.fed == final.transcript.endSample)
        }
    }

    @Test func saysWhenTheSpeakerHasStoppedBeforeTheTrailingSilenceIsOver() throws {
        let transcriber = try PocketSphinxTranscriber(configuration: Fixtures.configuration())
        let command = try #require(try Fixtures.commands(in: ["hotword"]).first)
        let audio = try Fixtures.sessionAudio(of: command)
        let speechStart = Int(((command.speechStart - (command.keywordEnd ?? 0)) * Double(rate)).rounded())
        // Half-way through the command, then 0.35 s into the 0.7 s of trailing silence.
        let cases = [((speechStart + command.speechEndInSession) / 2, false), (command.speechEndInSession + 35 * rate / 100, true)]
        for (fed, stopped) in cases {
            let record = try transcriber.run(Array(audio[..<fed]))
            #expect(record.final == nil)
            #expect(transcriber.isInTrailingSilence == stopped, "\(command.file) after \(Double(fed) / Double(rate)) s")
            #expect(try transcriber.finish() != nil)
            #expect(!transcriber.isInTrailingSilence)
        }
    }

    @Test func transcribesTheCommandRightAfterTheHotwordFromTheLeadIn() throws {
        let transcriber = try PocketSphinxTranscriber(configuration: Fixtures.configuration())
        let commands = try Fixtures.commands(in: ["hotword"])
        #expect(commands.count >= 3)
        for command in commands {
            // The command starts under 0.1 s after "susi"; the ring buffer hands over 0.3 s of it.
            #expect(command.speechStart - (command.keywordEnd ?? 0) <= 0.1)
            let audio = try Fixtures.sessionAudio(of: command)
            let leadIn = Array(audio.prefix(rate * 3 / 10))
            let record = try transcriber.run(Array(audio.dropFirst(leadIn.count)), leadIn: leadIn)
            let final = try #require(record.final, "\(command.file): no final")
            // No word lost at the start; a word elsewhere may be misheard (hotword_01's Scottish
            // "berlin" comes out as "dublin" on a fresh decoder).
            let words = final.transcript.text.split(separator: " ")
            #expect(words.first == command.text.split(separator: " ").first, "\(command.file): \"\(final.transcript.text)\"")
            let difference = WordErrorRate.between(reference: command.text, hypothesis: final.transcript.text)
            #expect(difference.errors <= 1, "\(command.file): \"\(final.transcript.text)\"")
            // Sample counts include the lead-in.
            #expect(abs(final.transcript.endSample - command.speechEndInSession - rate * 7 / 10) <= rate / 10)
        }
    }

    @Test func silenceGivesNoCommandAfterTheNoSpeechTimeout() throws {
        let transcriber = try PocketSphinxTranscriber(configuration: Fixtures.configuration())
        let silence = try #require(try Fixtures.commands(in: ["silence"]).first)
        let audio = try Fixtures.samples(of: silence.path)
        let timeout = Int(transcriber.configuration.noSpeechTimeout * Double(rate))
        #expect(audio.count > timeout + rate)
        let record = try transcriber.run(audio)
        #expect(record.events.map(\.event) == [.noCommand])
        let fed = try #require(record.events.first?.fed)
        #expect(fed >= timeout && fed < timeout + 480)
        #expect(try transcriber.finish() == nil)
    }

    @Test func eventsOfTheLeadInComeWithTheFirstFrame() throws {
        let transcriber = try PocketSphinxTranscriber(configuration: Fixtures.configuration())
        let silence = try #require(try Fixtures.commands(in: ["silence"]).first)
        let audio = try Fixtures.samples(of: silence.path)
        try transcriber.begin(leadIn: audio)
        #expect(try transcriber.process(Array(audio.prefix(480))) == [.noCommand])
        #expect(try transcriber.process(Array(audio.prefix(480))).isEmpty)
    }

    @Test func aLongCommandIsCutAtTheMaximumDuration() throws {
        // A maximum that comes before the command model could hear a sentence end followed by
        // words that do not continue it (see the next test).
        var configuration = Fixtures.configuration()
        configuration.maximumDuration = 4
        let transcriber = try PocketSphinxTranscriber(configuration: configuration)
        let long = try #require(try Fixtures.commands(in: ["long"]).first)
        let maximum = Int(configuration.maximumDuration * Double(rate))
        #expect(long.speechEnd - long.speechStart > configuration.maximumDuration)
        let record = try transcriber.run(try Fixtures.sessionAudio(of: long))
        let final = try #require(record.final)
        #expect(final.reason == .maximumDuration)
        #expect(final.transcript.endSample >= maximum && final.transcript.endSample < maximum + 480)
        #expect(final.transcript.text.hasPrefix("play some relaxing music and tell me the weather"), "\(final.transcript.text)")
        // Nothing after the final: the session is over and later frames are ignored.
        #expect(record.events.last.map { if case .final = $0.event { true } else { false } } == true)
    }

    /// The known limit of `CommandSentence`: the 11.5 s request ("... the weather in berlin for
    /// tomorrow and set a timer ...", heard as "... in berlin for tomorrow in seventy five marie
    /// ...") sounds to the command model like a command followed by other speech.
    @Test func aLongRequestHeardAsImprobableWordsEndsAtTheSentenceEndBeforeThem() throws {
        let transcriber = try PocketSphinxTranscriber(configuration: Fixtures.configuration())
        let long = try #require(try Fixtures.commands(in: ["long"]).first)
        let final = try #require(try transcriber.run(try Fixtures.sessionAudio(of: long)).final)
        #expect(final.reason == .sentenceEnd)
        #expect(final.transcript.text == "play some relaxing music and tell me the weather in berlin")
        #expect(Double(final.transcript.endSample) < transcriber.configuration.maximumDuration * Double(rate))
    }

    @Test func finishEndsTheSessionWithTheTextSoFar() throws {
        let transcriber = try PocketSphinxTranscriber(configuration: Fixtures.configuration())
        let command = try #require(try Fixtures.commands(in: ["in-corpus"]).first { $0.text == "what is the weather in berlin" })
        let audio = try Fixtures.sessionAudio(of: command)
        let record = try transcriber.run(Array(audio.prefix(Int(command.speechEndInSession))))
        #expect(record.final == nil)
        let finished = try #require(try transcriber.finish())
        #expect(finished.isFinal)
        #expect(finished.text == command.text)
        #expect(finished.endSample == command.speechEndInSession)
        #expect(try transcriber.finish() == nil)
        #expect(try transcriber.process(Array(audio.prefix(480))).isEmpty)
    }

    /// A chime of 0.18 s (two tones, as the hotword's) or a click heard after the hotword, then
    /// a pause of a second, then the command: the sound, in which no word is heard, is no
    /// command, and the command is heard.
    @Test func aShortSoundBeforeTheCommandIsNotTakenForIt() throws {
        let transcriber = try PocketSphinxTranscriber(configuration: Fixtures.configuration())
        let command = try #require(try Fixtures.commands(in: ["in-corpus"]).first { $0.text == "what is the weather in berlin" })
        let speech = try Fixtures.samples(of: command.path)
        let room = Array(speech.prefix(Int(command.speechStart * Double(rate)) - rate / 10))
        let chime = Signal.tone(frequency: 880, amplitude: 0.3, sampleRate: rate, frames: rate * 9 / 100)
            + Signal.tone(frequency: 1318.5, amplitude: 0.3, sampleRate: rate, frames: rate * 9 / 100)
        let click = Signal.tone(frequency: 3000, amplitude: 0.8, sampleRate: rate, frames: rate / 50)
        for sound in [chime, click] {
            let pause = Array((0..<(rate / room.count + 1)).flatMap { _ in room }.prefix(rate))
            let record = try transcriber.run(room + sound + pause + speech)
            #expect(!record.events.contains { $0.event == .noCommand }, "\(record.events.map(\.event))")
            let final = try #require(record.final, "\(record.events.map(\.event))")
            // A word may be misheard ("berlin" as "dublin" on a fresh utterance), none lost.
            #expect(WordErrorRate.between(reference: command.text, hypothesis: final.transcript.text).errors <= 1, "\(final.transcript.text)")
        }
    }

    /// Noise that is no speech, up to a maximum shorter than the no-speech time-out or to the
    /// stream's end, gives no command rather than a word made of the noise.
    @Test func noSpeechUpToTheMaximumOrTheStreamsEndIsNoCommand() throws {
        var configuration = Fixtures.configuration()
        configuration.maximumDuration = 2
        let transcriber = try PocketSphinxTranscriber(configuration: configuration)
        // White noise at about -45 dBFS (a fan, a hiss), which the decoder hears as "five".
        var state: UInt32 = 1
        let audio = (0..<(rate * 5)).map { _ -> Float in
            state = state &* 1_664_525 &+ 1_013_904_223
            return (Float(state >> 8) / Float(1 << 24) - 0.5) * 0.02
        }
        let record = try transcriber.run(audio)
        #expect(record.events.filter { if case .partial = $0.event { false } else { true } }.map(\.event) == [.noCommand],
                "\(record.events.map(\.event))")
        #expect(record.events.last.map { $0.fed >= rate * 2 && $0.fed < rate * 2 + 480 } == true)
        _ = try transcriber.run(Array(audio.prefix(rate)))
        #expect(try transcriber.finish() == nil)
    }

    @Test func aNewSessionForgetsTheOneItInterrupts() throws {
        let transcriber = try PocketSphinxTranscriber(configuration: Fixtures.configuration())
        let commands = try Fixtures.commands(in: ["in-corpus"])
        let first = try Fixtures.sessionAudio(of: commands[0])
        _ = try transcriber.run(Array(first.prefix(first.count / 2)))
        let second = commands[1]
        let record = try transcriber.run(try Fixtures.sessionAudio(of: second))
        #expect(record.final?.transcript.text == second.text)
    }

    @Test func framesOutsideASessionAreIgnored() throws {
        let transcriber = try PocketSphinxTranscriber(configuration: Fixtures.configuration())
        let command = try #require(try Fixtures.commands(in: ["in-corpus"]).first)
        let audio = try Fixtures.sessionAudio(of: command)
        #expect(try transcriber.process(audio).isEmpty)
        #expect(try transcriber.finish() == nil)
    }
}
