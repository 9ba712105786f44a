import AudioInput
import Foundation
import PocketSphinxSupport
import Testing

/// The decoder owner on Debian's US English models and a spoken command of `TestAudio/commands`.
@Suite struct DecoderTests {
    /// How the decoder's operations fail in these tests.
    enum Failure: Error, DecoderFailureReporting {
        case decoderFailure(String)
    }

    static let model = "/usr/share/pocketsphinx/model/en-us"
    static let command = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../TestAudio/commands/in-corpus_01_awb.flac").standardized.path

    /// A transcribing decoder on the general language model and dictionary.
    static func generalDecoder() throws -> Decoder<Failure> {
        try Decoder<Failure>(arguments: ["-hmm", "\(model)/en-us", "-lm", "\(model)/en-us.lm.bin",
                                "-dict", "\(Self.model)/cmudict-en-us.dict"])
    }

    /// The command's samples as the decoder takes them.
    static func commandSamples() throws -> [Int16] {
        SampleConverter().int16Samples(try AudioFileReader(path: command).remainingSamples(), startingAt: 0)
    }

    @Test func rejectsUnknownArgumentsAndModelsThatDoNotLoad() {
        #expect(throws: DecoderError.self) { try Decoder<Failure>(arguments: ["-no_such_option", "1"]) }
        do {
            _ = try Decoder<Failure>(arguments: ["-no_such_option", "1"])
        } catch {
            guard case .rejectedArguments(let arguments) = error else { Issue.record("\(error)"); return }
            #expect(arguments.contains("-no_such_option 1"))
        }
        #expect(throws: DecoderError.modelsNotLoaded) {
            try Decoder<Failure>(arguments: ["-hmm", "/nonexistent/acoustic-model", "-dict", "\(Self.model)/cmudict-en-us.dict"])
        }
    }

    @Test func transcribesACommandWithWordsPlacedInItsFrames() throws {
        let decoder = try Self.generalDecoder()
        let samples = try Self.commandSamples()
        try decoder.startUtterance()
        #expect(!decoder.hasHypothesis)
        try decoder.process(samples)
        try decoder.endUtterance()
        #expect(decoder.hasHypothesis)
        #expect(decoder.hypothesisText() == "what is the weather in berlin")
        let words = decoder.hypothesisWords().filter { !$0.isFiller }
        #expect(words.map(\.word) == ["what", "is", "the", "weather", "in", "berlin"])
        #expect(zip(words, words.dropFirst()).allSatisfy { $0.endFrame < $1.startFrame })
        #expect(words.last.map { $0.endFrame * 160 <= samples.count } == true)
        // The manifest puts speech from 0.30 s; the first word cannot start before 0.2 s.
        #expect(words.first.map { $0.startFrame >= 20 } == true)
    }

    @Test func addsWordsToTheDictionaryAndTheLanguageModel() throws {
        let decoder = try Self.generalDecoder()
        #expect(decoder.phones(ofEntry: "computer") == ["K", "AH", "M", "P", "Y", "UW", "T", "ER"])
        #expect(decoder.phones(ofEntry: "susi_keyword") == nil)
        try decoder.addLanguageModelWord("susi_keyword", log10Probability: -0.86)
        try decoder.addEntry("susi_keyword", phones: ["S", "UW", "Z", "IY"], updatingSearch: false)
        try decoder.addEntry("susi_keyword(2)", phones: ["S", "UW", "S", "IY"], updatingSearch: true)
        #expect(decoder.phones(ofEntry: "susi_keyword(2)") == ["S", "UW", "S", "IY"])
        #expect(throws: Failure.self) { try decoder.addEntry("bad", phones: ["NOT_A_PHONE"], updatingSearch: true) }
    }

    /// A new stream restored to the cepstral mean the decoder loaded with hears a command as the
    /// fresh decoder did; without the restore, the mean learnt from the first pass carries over.
    @Test func restoresTheCepstralMeanItStartedWith() throws {
        let decoder = try Self.generalDecoder()
        let initial = try #require(decoder.cepstralMean)
        try decoder.startUtterance()
        try decoder.process(try Self.commandSamples())
        try decoder.endUtterance()
        #expect(decoder.cepstralMean != initial)
        try decoder.startStream()
        #expect(decoder.cepstralMean != initial)
        decoder.restoreCepstralMean(initial)
        #expect(decoder.cepstralMean == initial)
    }

    /// Heard through a front end of the decoder's own settings, a command comes out word for word
    /// and frame for frame as heard from its samples: the twin computes the cepstra the decoder's
    /// own front end does.
    @Test func hearsThroughATwinFrontEndWhatItHearsFromTheSamples() throws {
        let samples = try Self.commandSamples()
        let decoder = try Self.generalDecoder()
        let fromSamples = try Self.heard(samples, by: decoder)
        #expect(fromSamples.map(\.word).contains("berlin"))

        let other = try Self.generalDecoder()
        let twin = try other.twinFrontEnd()
        try other.startUtterance()
        try other.process(try twin.cepstra(of: samples))
        try other.endUtterance()
        #expect(other.hypothesisWords() == fromSamples)
    }

    /// A twin front end's noise estimate outlives an utterance, starts afresh with a stream, and is
    /// its own: loud noise heard through it leaves the decoder hearing the command as before,
    /// where the same noise heard by the decoder itself changes what it hears.
    @Test func aTwinFrontEndKeepsANoiseEstimateOfItsOwn() throws {
        let samples = try Self.commandSamples()
        let noise = Self.loudNoise(samples: 16_000)
        let decoder = try Self.generalDecoder()
        let twin = try decoder.twinFrontEnd()
        let fresh = try twin.cepstra(of: samples)
        #expect(fresh.frameCount == samples.count / 160)
        _ = try twin.cepstra(of: noise)
        #expect(try twin.cepstra(of: samples) != fresh)
        twin.startStream()
        #expect(try twin.cepstra(of: samples) == fresh)
        // Less than a frame's worth of audio gives at most the part-frame that ends it.
        #expect(try twin.cepstra(of: []).frameCount <= 1)
        #expect(try twin.cepstra(of: Array(samples.prefix(100))).frameCount <= 1)

        let alone = try Self.heard(samples, by: try Self.generalDecoder())
        _ = try twin.cepstra(of: noise)
        try decoder.startUtterance()
        try decoder.process(try twin.cepstra(of: noise))
        try decoder.endUtterance()
        #expect(try Self.heard(samples, by: decoder) == alone)

        let afterNoise = try Self.generalDecoder()
        _ = try Self.heard(noise, by: afterNoise)
        _ = try Self.heard(noise, by: afterNoise)
        #expect(try Self.heard(samples, by: afterNoise) != alone)
    }

    /// The words `decoder` hears in `samples` as one whole utterance.
    static func heard(_ samples: [Int16], by decoder: Decoder<Failure>) throws -> [DecodedWord] {
        try decoder.startUtterance()
        try decoder.process(samples, wholeUtterance: true)
        try decoder.endUtterance()
        return decoder.hypothesisWords()
    }

    /// `samples` of white noise about 14 dB below full scale, the same every run.
    static func loudNoise(samples: Int) -> [Int16] {
        var state: UInt32 = 12_345
        return (0..<samples).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int16(truncatingIfNeeded: Int32(state >> 16) - 32_768) / 5
        }
    }
}
