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
}
