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
    /// The decoder's mean over a stream's first speech, which is its first command's (and the
    /// next ones' while it has heard little); nil without a running normalisation.
    private var streamStartMean: StreamStartCepstralMean?
    /// Samples the decoder and the end-of-speech detector hear at a time while the mean learns:
    /// 30 ms, each stretch the detector ends in speech teaching it.
    private static let learningStretch = 3 * EndOfSpeechDetector.windowLength

    /// What one session has heard so far.
    private struct Session {
        var samples = 0
        var detector: EndOfSpeechDetector
        var lastPartial = ""
        var nextPartialCheck: Int
        /// The session's sample at which the decoder's utterance started: its frame 0.
        var utteranceStart = 0
        /// The stretches of the session (in its samples) heard while the device sounded.
        var deviceSound: [Range<Int>] = []

        /// Whether every sample of `span` was heard while the device sounded.
        func isOverDeviceSound(_ span: Range<Int>) -> Bool {
            var covered = span.lowerBound
            for stretch in deviceSound where stretch.lowerBound <= covered && stretch.upperBound > covered {
                covered = stretch.upperBound
            }
            return covered >= span.upperBound
        }
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
        streamStartMean = decoder.cepstralMean.map(StreamStartCepstralMean.init(initial:))
    }

    package func begin(leadIn: [Float], overDeviceSound: Bool) throws(TranscriptionError) {
        session = nil
        pendingEvents = []
        try decoder.startUtterance()
        session = Session(detector: EndOfSpeechDetector(trailingSilence: configuration.trailingSilence),
                          nextPartialCheck: partialInterval)
        pendingEvents = try consume(leadIn, overDeviceSound: overDeviceSound)
    }

    package func process(_ frame: [Float], overDeviceSound: Bool) throws(TranscriptionError) -> [TranscriptionEvent] {
        let pending = pendingEvents
        pendingEvents = []
        return pending + (try consume(frame, overDeviceSound: overDeviceSound))
    }

    package func finish() throws(TranscriptionError) -> Transcript? {
        guard let session else { return nil }
        // Whatever the decoder made of noise before any speech, or of the device's own sound,
        // is no command.
        guard let speech = session.detector.speech, !session.isOverDeviceSound(speech) else {
            _ = try endUtterance()
            return nil
        }
        return try endWithCommand().map { Transcript(text: $0, isFinal: true, endSample: session.samples) }
    }

    package func startStream() throws(TranscriptionError) {
        session = nil
        pendingEvents = []
        try decoder.startStream(learningAfresh: &streamStartMean)
    }

    package var isInTrailingSilence: Bool {
        session?.detector.isInTrailingSilence ?? false
    }

    /// Decodes `frame` and decides whether the session goes on; ends it when it does not.
    private func consume(_ frame: [Float], overDeviceSound: Bool) throws(TranscriptionError) -> [TranscriptionEvent] {
        guard var current = session, !frame.isEmpty else { return [] }
        let samples = SampleConverter().int16Samples(frame, startingAt: current.samples)
        let wasSpeaking = current.detector.speech != nil
        let speech = try decode(frame, as: samples, hearingSpeechWith: &current.detector, overDeviceSound: overDeviceSound)
        if overDeviceSound {
            if let last = current.deviceSound.last, last.upperBound == current.samples {
                current.deviceSound[current.deviceSound.count - 1] = last.lowerBound..<(current.samples + samples.count)
            } else {
                current.deviceSound.append(current.samples..<(current.samples + samples.count))
            }
        }
        current.samples += samples.count
        session = current

        switch speech {
        case .ended(let start, let end):
            try decoder.endUtterance()
            let heard = hypothesisText(before: end, utteranceStart: current.utteranceStart)
            // A sound with no word in it (a click, the device's own chime), or one heard only
            // while the device sounded (what an echo canceller left of its chime): no command,
            // and the person may yet speak. (Speech the energy detector heard as short, in
            // noise, can be a whole command to the decoder: only the words decide.)
            guard heard.isEmpty || current.isOverDeviceSound(start..<end) else {
                session = nil
                return finalEvents(heard, reason: .endOfSpeech, samples: current.samples)
            }
            guard current.samples < min(noSpeechTimeout, maximumDuration) else {
                session = nil
                return [.noCommand]
            }
            try restartUtterance()
            session?.detector.resumeWaiting()
            return []
        case .waitingForSpeech where current.samples >= min(noSpeechTimeout, maximumDuration):
            _ = try endUtterance()
            return [.noCommand]
        case .waitingForSpeech where wasSpeaking:
            // What the detector heard as speech was a steady sound (a fan switched on), which the
            // decoder may have made a word of ("five"): the command is still to come.
            try decoder.endUtterance()
            try restartUtterance()
            return []
        case _ where current.samples >= maximumDuration: return try final(reason: .maximumDuration, samples: current.samples)
        default:
            guard current.samples >= current.nextPartialCheck else { return [] }
            session?.nextPartialCheck = current.samples + partialInterval
            let hypothesis = decoder.hypothesisText()
            guard let command = command(in: hypothesis) else { return partialEvent(hypothesis) }
            // The command is what the rule judged on this hypothesis: the final decoding of a
            // shorter stretch of audio may hear too few words after it to judge again.
            _ = try endUtterance()
            return [.final(Transcript(text: command, isFinal: true, endSample: current.samples), reason: .sentenceEnd)]
        }
    }

    /// Decodes `frame` (as `samples`) and has `detector` hear it; the detector's state after it.
    /// While the decoder's mean learns from its first speech, both hear the frame 30 ms at a time,
    /// and each stretch the detector ends in speech teaches the mean (the device's own sound
    /// teaches it nothing).
    private func decode(_ frame: [Float], as samples: [Int16], hearingSpeechWith detector: inout EndOfSpeechDetector,
                        overDeviceSound: Bool) throws(TranscriptionError) -> EndOfSpeechDetector.State {
        guard streamStartMean?.isLearning == true, !overDeviceSound else {
            try decoder.process(samples)
            return detector.process(frame, overDeviceSound: overDeviceSound)
        }
        for start in stride(from: 0, to: frame.count, by: Self.learningStretch) {
            let end = min(start + Self.learningStretch, frame.count)
            detector.process(Array(frame[start..<end]))
            let stretch = Array(samples[start..<end])
            if detector.lastWindowWasSpeech {
                try decoder.process(stretch, learningInto: &streamStartMean)
            } else {
                try decoder.process(stretch)
            }
        }
        return detector.state
    }

    /// Starts a new utterance after an ended one: what the decoder heard so far is no command.
    private func restartUtterance() throws(TranscriptionError) {
        try decoder.startUtterance()
        guard let samples = session?.samples else { return }
        session?.utteranceStart = samples
        session?.lastPartial = ""
    }

    /// The ended utterance's words that started before `end` (a sample of the session), as text:
    /// a word that starts after the end of speech, or in its last 50 ms (the end is placed from
    /// 50 ms levels, and no word is that short), was made of what followed it, the trailing
    /// silence or a steady sound (a fan switched on right after the command: "… minutes five").
    private func hypothesisText(before end: Int, utteranceStart: Int) -> String {
        let words = decoder.hypothesisWords()
        // Frames count from the decoder's stream, which is not restarted between sessions (that
        // would reset its noise estimate); the best path starts at the utterance's first frame.
        guard let utteranceFrame = words.first?.startFrame else { return "" }
        let endFrame = utteranceFrame + (end - utteranceStart) / EndOfSpeechDetector.windowLength
            - EndOfSpeechDetector.smoothingWindows
        return words.filter { !$0.isFiller && $0.startFrame < endFrame }.map(\.word).joined(separator: " ")
    }

    /// Ends the session with its final hypothesis (see `finalEvents`).
    private func final(reason: EndReason, samples: Int) throws(TranscriptionError) -> [TranscriptionEvent] {
        finalEvents(try endUtterance(), reason: reason, samples: samples)
    }

    /// The events of the final hypothesis `heard`: `.noCommand` when it holds no word of the
    /// language model, else the final (see `endWithCommand()`).
    private func finalEvents(_ heard: String, reason: EndReason, samples: Int) -> [TranscriptionEvent] {
        guard let text = commandText(heard) else { return [.noCommand] }
        return [.final(Transcript(text: text, isFinal: true, endSample: samples), reason: reason)]
    }

    /// Ends the session; its final hypothesis as a command (`commandText`).
    private func endWithCommand() throws(TranscriptionError) -> String? {
        commandText(try endUtterance())
    }

    /// `heard` up to the command's sentence end when the language model hears one; nil when it
    /// holds no word.
    private func commandText(_ heard: String) -> String? {
        heard.isEmpty ? nil : command(in: heard) ?? heard
    }

    /// A partial when the hypothesis changed since the last one.
    private func partialEvent(_ hypothesis: String) -> [TranscriptionEvent] {
        guard let current = session, !hypothesis.isEmpty, hypothesis != current.lastPartial else { return [] }
        session?.lastPartial = hypothesis
        return [.partial(Transcript(text: hypothesis, isFinal: false, endSample: current.samples))]
    }

    /// `text` up to the command's sentence end when the language model hears one before other
    /// speech (see `CommandSentence`); nil otherwise, and always when that is turned off or the
    /// model is not the domain model.
    private func command(in text: String) -> String? {
        guard configuration.endsAtSentenceEnd && configuration.languageModel.isDomainModel else { return nil }
        return CommandSentence(text: text).command { word, history in
            decoder.languageModelLog10Probability(of: word, after: history)
        }
    }

    /// Ends the PocketSphinx utterance and the session; the final hypothesis.
    private func endUtterance() throws(TranscriptionError) -> String {
        session = nil
        try decoder.endUtterance()
        return decoder.hypothesisText()
    }
}
