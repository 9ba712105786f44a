import AudioInput
import CPocketSphinx
import Foundation

/// PocketSphinx decoding with a language model behind the `Transcriber` protocol.
///
/// Owns one PocketSphinx decoder, loaded at start-up so it is ready the moment the hotword
/// fires, and frees it in `deinit`. PocketSphinx's own silence removal is off: the
/// `EndOfSpeechDetector` decides where speech starts and ends, and samples are counted here.
public final class PocketSphinxTranscriber: Transcriber {
    /// The configuration it was made with.
    public let configuration: TranscriberConfiguration
    private let decoder: OpaquePointer
    private let trailingSilence: Int
    private let maximumDuration: Int
    private let noSpeechTimeout: Int
    private let partialInterval: Int
    /// The running session, nil between sessions.
    private var session: Session?

    /// What one session has heard so far.
    private struct Session {
        var samples = 0
        var detector: EndOfSpeechDetector
        var lastPartial = ""
        var nextPartialCheck: Int
        /// Events of the lead-in, handed out with the first frame's.
        var pending: [TranscriptionEvent] = []
    }

    /// Loads the acoustic model, the language model and the dictionary.
    /// - Throws: `TranscriptionError.modelFileMissing` naming the file and where it comes from,
    ///   `.invalidDuration`, or `.decoderFailure` when PocketSphinx cannot load the models.
    public init(configuration: TranscriberConfiguration = TranscriberConfiguration()) throws(TranscriptionError) {
        try configuration.validate()
        self.configuration = configuration
        let samples = { (seconds: Double) in Int((seconds * Double(pipelineSampleRate)).rounded()) }
        trailingSilence = samples(configuration.trailingSilence)
        maximumDuration = samples(configuration.maximumDuration)
        noSpeechTimeout = samples(configuration.noSpeechTimeout)
        partialInterval = samples(configuration.partialInterval)
        let arguments = [
            "-hmm", configuration.acousticModel,
            "-lm", configuration.languageModel.languageModel,
            "-dict", configuration.languageModel.dictionary,
            "-remove_silence", "no",
            "-logfn", "/dev/null",
        ]
        guard let config = DecoderArguments.parse(arguments) else {
            throw .decoderFailure("rejected the arguments \(arguments.joined(separator: " "))")
        }
        defer { cmd_ln_free_r(config) }
        guard let decoder = ps_init(config) else {
            throw .decoderFailure("could not load the models \(configuration.acousticModel), \(configuration.languageModel.languageModel) and \(configuration.languageModel.dictionary)")
        }
        self.decoder = decoder
    }

    deinit {
        if session != nil { ps_end_utt(decoder) }
        ps_free(decoder)
    }

    public func begin(leadIn: [Float]) throws(TranscriptionError) {
        if session != nil {
            session = nil
            ps_end_utt(decoder)
        }
        guard ps_start_utt(decoder) == 0 else { throw .decoderFailure("could not start an utterance") }
        session = Session(detector: EndOfSpeechDetector(trailingSilence: configuration.trailingSilence),
                          nextPartialCheck: partialInterval)
        let events = try consume(leadIn)
        session?.pending = events
    }

    public func process(_ frame: [Float]) throws(TranscriptionError) -> [TranscriptionEvent] {
        guard let pending = session?.pending else { return [] }
        session?.pending = []
        return pending + (try consume(frame))
    }

    public func finish() throws(TranscriptionError) -> Transcript? {
        guard let session else { return nil }
        let text = try endUtterance()
        return text.isEmpty ? nil : Transcript(text: text, isFinal: true, endSample: session.samples)
    }

    /// Decodes `frame` and decides whether the session goes on; ends it when it does not.
    private func consume(_ frame: [Float]) throws(TranscriptionError) -> [TranscriptionEvent] {
        guard var current = session, !frame.isEmpty else { return [] }
        let samples = Self.int16Samples(frame)
        let processed = samples.withUnsafeBufferPointer { buffer in
            ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, 0)
        }
        guard processed >= 0 else { throw .decoderFailure("could not process audio") }
        current.samples += samples.count
        let speech = current.detector.process(frame)
        session = current

        let ending: EndReason?
        switch speech {
        case .ended: ending = .endOfSpeech
        case _ where current.samples >= maximumDuration: ending = .maximumDuration
        case .waitingForSpeech where current.samples >= noSpeechTimeout:
            _ = try endUtterance()
            return [.noCommand]
        default: ending = nil
        }
        if let ending {
            let text = try endUtterance()
            return text.isEmpty ? [.noCommand]
                : [.final(Transcript(text: text, isFinal: true, endSample: current.samples), reason: ending)]
        }
        guard current.samples >= current.nextPartialCheck else { return [] }
        session?.nextPartialCheck = current.samples + partialInterval
        let text = hypothesis()
        guard !text.isEmpty, text != current.lastPartial else { return [] }
        session?.lastPartial = text
        return [.partial(Transcript(text: text, isFinal: false, endSample: current.samples))]
    }

    /// Ends the PocketSphinx utterance and the session; the final hypothesis.
    private func endUtterance() throws(TranscriptionError) -> String {
        session = nil
        guard ps_end_utt(decoder) == 0 else { throw .decoderFailure("could not end the utterance") }
        return hypothesis()
    }

    /// The decoder's best word sequence so far, without fillers.
    private func hypothesis() -> String {
        var score: Int32 = 0
        guard let text = ps_get_hyp(decoder, &score) else { return "" }
        return String(cString: text).split(separator: " ").joined(separator: " ")
    }

    /// Samples in -1...1 as the 16-bit integers PocketSphinx reads; NaN becomes silence.
    private static func int16Samples(_ frame: [Float]) -> [Int16] {
        frame.map { sample in
            let clipped = sample > 1 ? 1 : (sample < -1 ? -1 : (sample.isNaN ? 0 : sample))
            return Int16((clipped * 32767).rounded())
        }
    }
}
