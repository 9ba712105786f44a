import AudioInput
import PocketSphinxSupport

/// PocketSphinx decoding with a language model behind the `Transcriber` protocol.
///
/// Owns one PocketSphinx decoder, loaded at start-up so it is ready the moment the hotword
/// fires, and frees it in `deinit`. PocketSphinx's own silence removal is off: the
/// `EndOfSpeechDetector` decides where speech starts and ends, and samples are counted here.
package final class PocketSphinxTranscriber: Transcriber {
    /// The configuration it was made with.
    package let configuration: TranscriberConfiguration
    private let decoder: Decoder<TranscriptionError>
    private let maximumDuration: Int
    private let noSpeechTimeout: Int
    private let partialInterval: Int
    /// The running session, nil between sessions.
    private var session: Session?
    /// Events the lead-in produced, handed out with the next frame's.
    private var pendingEvents: [TranscriptionEvent] = []

    /// What one session has heard so far.
    private struct Session {
        var samples = 0
        var detector: EndOfSpeechDetector
        var lastPartial = ""
        var nextPartialCheck: Int
    }

    /// Loads the acoustic model, the language model and the dictionary.
    /// - Throws: `TranscriptionError.modelFileMissing` naming the file and where it comes from,
    ///   `.invalidDuration`, or `.decoderFailure` when PocketSphinx cannot load the models.
    package init(configuration: TranscriberConfiguration = TranscriberConfiguration()) throws(TranscriptionError) {
        try configuration.validate()
        self.configuration = configuration
        let samples = { (seconds: Double) in Int((seconds * Double(pipelineSampleRate)).rounded()) }
        maximumDuration = samples(configuration.maximumDuration)
        noSpeechTimeout = samples(configuration.noSpeechTimeout)
        partialInterval = samples(configuration.partialInterval)
        do {
            decoder = try Decoder(arguments: [
                "-hmm", configuration.acousticModel,
                "-lm", configuration.languageModel.languageModel,
                "-dict", configuration.languageModel.dictionary,
            ])
        } catch .rejectedArguments(let arguments) {
            throw .decoderFailure("rejected the arguments \(arguments)")
        } catch {
            throw .decoderFailure("could not load the models \(configuration.acousticModel), \(configuration.languageModel.languageModel) and \(configuration.languageModel.dictionary)")
        }
    }

    package func begin(leadIn: [Float]) throws(TranscriptionError) {
        session = nil
        pendingEvents = []
        try decoder.startUtterance()
        session = Session(detector: EndOfSpeechDetector(trailingSilence: configuration.trailingSilence),
                          nextPartialCheck: partialInterval)
        pendingEvents = try consume(leadIn)
    }

    package func process(_ frame: [Float]) throws(TranscriptionError) -> [TranscriptionEvent] {
        let pending = pendingEvents
        pendingEvents = []
        return pending + (try consume(frame))
    }

    package func finish() throws(TranscriptionError) -> Transcript? {
        guard let session else { return nil }
        let text = try endUtterance()
        return text.isEmpty ? nil : Transcript(text: text, isFinal: true, endSample: session.samples)
    }

    package var isInTrailingSilence: Bool {
        session?.detector.isInTrailingSilence ?? false
    }

    /// Decodes `frame` and decides whether the session goes on; ends it when it does not.
    private func consume(_ frame: [Float]) throws(TranscriptionError) -> [TranscriptionEvent] {
        guard var current = session, !frame.isEmpty else { return [] }
        let samples = SampleConverter().int16Samples(frame, startingAt: current.samples)
        try decoder.process(samples)
        current.samples += samples.count
        let speech = current.detector.process(frame)
        session = current

        let reason: EndReason
        switch speech {
        case .ended: reason = .endOfSpeech
        case _ where current.samples >= maximumDuration: reason = .maximumDuration
        case .waitingForSpeech where current.samples >= noSpeechTimeout:
            _ = try endUtterance()
            return [.noCommand]
        default: return partialEvent()
        }
        let text = try endUtterance()
        // Speech that held no word of the language model is no command either.
        return text.isEmpty ? [.noCommand]
            : [.final(Transcript(text: text, isFinal: true, endSample: current.samples), reason: reason)]
    }

    /// A partial when one is due (a partial interval after the last check) and the hypothesis changed.
    private func partialEvent() -> [TranscriptionEvent] {
        guard let current = session, current.samples >= current.nextPartialCheck else { return [] }
        session?.nextPartialCheck = current.samples + partialInterval
        let text = decoder.hypothesisText()
        guard !text.isEmpty, text != current.lastPartial else { return [] }
        session?.lastPartial = text
        return [.partial(Transcript(text: text, isFinal: false, endSample: current.samples))]
    }

    /// Ends the PocketSphinx utterance and the session; the final hypothesis.
    private func endUtterance() throws(TranscriptionError) -> String {
        session = nil
        try decoder.endUtterance()
        return decoder.hypothesisText()
    }
}
