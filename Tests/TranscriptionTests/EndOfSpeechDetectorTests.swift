import AudioInput
import AudioTestSupport
import Testing
import Transcription

/// The energy end-pointer on the spoken fixtures, whose speech boundaries are known exactly.
@Suite struct EndOfSpeechDetectorTests {
    private let rate = Double(pipelineSampleRate)

    private func states(of audio: [Float], frameLength: Int = 480) -> [EndOfSpeechDetector.State] {
        var detector = EndOfSpeechDetector(trailingSilence: 0.7)
        return stride(from: 0, to: audio.count, by: frameLength).map { start in
            detector.process(Array(audio[start..<min(start + frameLength, audio.count)]))
        }
    }

    @Test func findsStartAndEndOfEverySpokenCommand() throws {
        let commands = try Fixtures.commands(in: ["in-corpus", "held-out", "hotword", "long"])
        #expect(commands.count >= 20)
        for command in commands {
            let audio = try Fixtures.sessionAudio(of: command)
            let ended = states(of: audio).first { if case .ended = $0 { return true } else { return false } }
            guard case .ended(let start, let end)? = ended else {
                Issue.record("\(command.file): speech never ended")
                continue
            }
            let offset = Double(command.sessionStart) / rate
            let foundStart = Double(start) / rate + offset, foundEnd = Double(end) / rate + offset
            #expect(abs(foundStart - command.speechStart) <= 0.1, "\(command.file): start \(foundStart) s, speech starts at \(command.speechStart) s")
            #expect(foundEnd >= command.speechEnd - 0.05 && foundEnd <= command.speechEnd + 0.1,
                    "\(command.file): end \(foundEnd) s, speech ends at \(command.speechEnd) s")
        }
    }

    @Test func hearsNoSpeechInTheNoiseFloor() throws {
        let silence = try #require(try Fixtures.commands(in: ["silence"]).first)
        let audio = try Fixtures.samples(of: silence.path)
        #expect(states(of: audio).allSatisfy { $0 == .waitingForSpeech })
    }

    /// An echo canceller's first output block is digital silence (Speex's, for a session that
    /// `listen` starts with no lead-in): the room's noise after it is no speech.
    @Test func aFirstWindowOfDigitalSilenceDoesNotMakeTheRoomsNoiseSpeech() throws {
        let silence = try #require(try Fixtures.commands(in: ["silence"]).first)
        var audio = try Fixtures.samples(of: silence.path)
        for index in 0..<EndOfSpeechDetector.windowLength { audio[index] = 0 }
        #expect(states(of: audio).allSatisfy { $0 == .waitingForSpeech })
    }

    @Test func aClickIsNotSpeech() throws {
        let silence = try #require(try Fixtures.commands(in: ["silence"]).first)
        var audio = try Fixtures.samples(of: silence.path)
        // 20 ms at half of full scale, 30 dB above the speech level of the fixtures.
        for index in 16_000..<16_320 { audio[index] = index % 2 == 0 ? 0.5 : -0.5 }
        #expect(states(of: audio).allSatisfy { $0 == .waitingForSpeech })
    }

    /// A fan switched on 18 dB above the room: speech at first, taken back once its level has
    /// held steady for a second, and the floor is the fan's.
    @Test func steadyNoiseSwitchedOnIsNoSpeechAfterASecond() throws {
        let silence = try #require(try Fixtures.commands(in: ["silence"]).first)
        var audio = try Fixtures.samples(of: silence.path)
        let room = AnalysisWindow.decibels(ofPower: AnalysisWindow.power(of: audio))
        let onset = 3 * Int(rate) / 10
        let noise = Signal.steadyNoise(samples: audio.count - onset, level: room + 18, sampleRate: pipelineSampleRate, seed: 5)
        for (offset, sample) in noise.enumerated() { audio[onset + offset] += sample }
        var detector = EndOfSpeechDetector(trailingSilence: 0.7)
        let taken = stride(from: 0, to: audio.count, by: 160).map { start in
            (start + 160, detector.process(Array(audio[start..<min(start + 160, audio.count)])))
        }
        #expect(taken.contains { if case .speaking = $0.1 { true } else { false } })
        let back = try #require(taken.last { if case .speaking = $0.1 { true } else { false } }).0
        #expect(Double(back - onset) / rate <= 1.1, "speech until \(Double(back) / rate) s")
        #expect(detector.state == .waitingForSpeech)
        #expect(try #require(detector.noiseFloor) >= room + 10)
    }

    @Test func decidesTheSameWhateverTheFrameLength() throws {
        let command = try #require(try Fixtures.commands(in: ["held-out"]).first)
        let audio = try Fixtures.sessionAudio(of: command)
        let reference = states(of: audio, frameLength: EndOfSpeechDetector.windowLength).last
        #expect(reference != .waitingForSpeech)
        for frameLength in [1, 97, 480, 4_096] {
            var detector = EndOfSpeechDetector(trailingSilence: 0.7)
            for start in stride(from: 0, to: audio.count, by: frameLength) {
                detector.process(Array(audio[start..<min(start + frameLength, audio.count)]))
            }
            #expect(detector.state == reference, "frames of \(frameLength) samples")
        }
    }

    @Test func waitsTheWholeTrailingSilenceBeforeEnding() throws {
        let command = try #require(try Fixtures.commands(in: ["in-corpus"]).first)
        let audio = try Fixtures.sessionAudio(of: command)
        for trailing in [0.3, 0.7, 1.0] {
            var detector = EndOfSpeechDetector(trailingSilence: trailing)
            var decidedAt: Int?
            for start in stride(from: 0, to: audio.count, by: 160) where decidedAt == nil {
                if case .ended(_, let end) = detector.process(Array(audio[start..<min(start + 160, audio.count)])) {
                    decidedAt = start + 160
                    #expect(start + 160 - end == Int(trailing * rate), "trailing \(trailing) s")
                }
            }
            #expect(decidedAt != nil, "trailing \(trailing) s: speech never ended within \(Double(audio.count) / rate) s")
        }
    }
}
