import AudioInput
internal import CPocketSphinx
import Glibc
import TextFormatting

/// One PocketSphinx decoder (`ps_decoder_t`): the only owner of the handle, which it frees in
/// `deinit`, with the verbs the stages above it use. It is not thread-safe; one stage, on one
/// thread at a time, uses it. Its operations fail with the using stage's own error type,
/// `Failure`, so that the stage's code reads as plain calls.
///
/// Every decoder shares two settings: PocketSphinx's log is off, and so is its voice-activity
/// detection, so that its frame numbers stay on the caller's sample count. Even with the
/// detection off, PocketSphinx 5prealpha numbers the frames of every utterance after a stream's
/// first from where its detection would have declared speech (`-vad_startspeech` frames in) less
/// the frames it keeps from before speech (`-vad_prespeech`). Its defaults, 10 and 20, put
/// everything after a restart 10 frames (0.1 s) early; equal counts keep every utterance on the
/// stream's own count.
package final class Decoder<Failure: DecoderFailureReporting> {
    private let handle: OpaquePointer
    /// Whether an utterance is open, so that `deinit` ends it before freeing the decoder.
    private var inUtterance = false

    /// Loads the models `arguments` name (PocketSphinx's command-line options, `-hmm`, `-dict`, ...).
    /// - Throws: `DecoderError.rejectedArguments` when PocketSphinx does not accept them,
    ///   `.modelsNotLoaded` when it accepts them but the models do not load.
    package init(arguments: [String]) throws(DecoderError) {
        _ = pocketSphinxLogSilenced
        let all = arguments + ["-remove_silence", "no", "-vad_startspeech", "10", "-vad_prespeech", "10"]
        guard let config = DecoderArguments.parse(all) else { throw .rejectedArguments(all.joined(separator: " ")) }
        defer { cmd_ln_free_r(config) }
        guard let handle = ps_init(config) else { throw .modelsNotLoaded }
        self.handle = handle
    }

    deinit {
        if inUtterance { ps_end_utt(handle) }
        ps_free(handle)
    }

    /// Starts a new stream: frame numbers count from zero again, and the front end's running
    /// noise estimate starts afresh. The cepstral mean carries over (see `cepstralMean`).
    package func startStream() throws(Failure) {
        try endUtterance()
        guard ps_start_stream(handle) == 0 else { throw .decoderFailure("could not start a new stream") }
    }

    /// Starts an utterance, ending the open one first.
    package func startUtterance() throws(Failure) {
        try endUtterance()
        guard ps_start_utt(handle) == 0 else { throw .decoderFailure("could not start an utterance") }
        inUtterance = true
    }

    /// Ends the open utterance, if any: its final hypothesis is then available.
    package func endUtterance() throws(Failure) {
        guard inUtterance else { return }
        inUtterance = false
        guard ps_end_utt(handle) == 0 else { throw .decoderFailure("could not end an utterance") }
    }

    /// Decodes 16-bit samples in the open utterance; `wholeUtterance` when they are all of it, which
    /// lets PocketSphinx normalise over them at once (`-cmn batch`).
    package func process(_ samples: [Int16], wholeUtterance: Bool = false) throws(Failure) {
        let processed = samples.withUnsafeBufferPointer { buffer in
            ps_process_raw(handle, buffer.baseAddress, buffer.count, 0, wholeUtterance ? 1 : 0)
        }
        guard processed >= 0 else { throw .decoderFailure("could not process audio") }
    }

    /// Starts a new stream (see `startStream()`) whose cepstral mean starts where
    /// `streamStartMean` started, and is learnt afresh from the stream's first sound: the stream
    /// is heard as a freshly loaded decoder hears it.
    package func startStream(learningAfresh streamStartMean: inout StreamStartCepstralMean?) throws(Failure) {
        try startStream()
        guard let initial = streamStartMean?.initial else { return }
        restoreCepstralMean(initial)
        streamStartMean?.reset()
    }

    /// Decodes `samples`, a loud stretch of a stream's sound, which `streamStartMean` learns from
    /// while it learns the stream's first sound: the mean it gives is the one the decoder
    /// subtracts from then on (see `StreamStartCepstralMean`). Once it has learnt, or with none,
    /// this is `process(_:)`.
    package func process(_ samples: [Int16], learningInto streamStartMean: inout StreamStartCepstralMean?) throws(Failure) {
        guard streamStartMean?.isLearning == true else { return try process(samples) }
        let before = cepstralSums
        try process(samples)
        // PocketSphinx analyses a frame every 10 ms; a stretch holds at most one more than whole ones.
        guard let before, let after = cepstralSums,
              let mean = streamStartMean?.mean(learningFrom: before, to: after, frameLimit: samples.count / AnalysisWindow.length + 1)
        else { return }
        setCepstralMean(mean)
    }

    /// Decodes `cepstra`, from a `FrontEnd` of this decoder's (`twinFrontEnd()`), as all of the
    /// open utterance. The decoder's own front end, and its noise estimate, take no part.
    package func process(_ cepstra: Cepstra) throws(Failure) {
        var values = cepstra.values
        let processed = values.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var rows = (0..<cepstra.frameCount).map { Optional(buffer.baseAddress! + $0 * cepstra.width) }
            return rows.withUnsafeMutableBufferPointer { rowPointers in
                ps_process_cep(handle, rowPointers.baseAddress, Int32(cepstra.frameCount), 0, 1)
            }
        }
        guard processed >= 0 else { throw .decoderFailure("could not process cepstra") }
    }

    /// A front end of its own with this decoder's settings: the cepstra it computes are the ones
    /// this decoder's front end would, but it keeps its own noise estimate.
    package func twinFrontEnd() throws(Failure) -> FrontEnd<Failure> {
        guard let config = ps_get_config(handle), let frontEnd = fe_init_auto_r(config) else {
            throw .decoderFailure("could not make a front end with the decoder's settings")
        }
        return FrontEnd(handle: frontEnd)
    }

    /// Whether the best hypothesis so far holds any word, without building its text (the keyword
    /// search asks this every frame).
    package var hasHypothesis: Bool {
        var score: Int32 = 0
        guard let text = ps_get_hyp(handle, &score) else { return false }
        return text.pointee != 0
    }

    /// The best hypothesis so far as text, words separated by single spaces; empty when there is none.
    package func hypothesisText() -> String {
        var score: Int32 = 0
        guard let text = ps_get_hyp(handle, &score) else { return "" }
        return String(cString: text).split(separator: " ").joined(separator: " ")
    }

    /// The words of the best hypothesis so far, in order, with their frames.
    package func hypothesisWords() -> [DecodedWord] {
        var words: [DecodedWord] = []
        var segment = ps_seg_iter(handle)
        while let current = segment {
            var startFrame: Int32 = 0
            var endFrame: Int32 = 0
            ps_seg_frames(current, &startFrame, &endFrame)
            var acoustic: Int32 = 0, language: Int32 = 0, backoff: Int32 = 0
            let probability = ps_seg_prob(current, &acoustic, &language, &backoff)
            if let name = ps_seg_word(current) {
                let text = String(cString: name).trimmingWhitespace()
                words.append(DecodedWord(entry: text, startFrame: Int(startFrame),
                                         endFrame: Int(endFrame), probability: probability))
            }
            segment = ps_seg_next(current)
        }
        return words
    }

    /// The base of the decoder's log scale (`logmath_get_base`), in which scores are given.
    package var logBase: Double {
        ps_get_logmath(handle).map { logmath_get_base($0) } ?? 1.0001
    }

    /// Adds a dictionary entry (`word` or `word(2)`) with its phones. PocketSphinx rebuilds its
    /// search after each addition with `updatingSearch`; adding several, only the last needs it.
    package func addEntry(_ entry: String, phones: [String], updatingSearch: Bool) throws(Failure) {
        guard ps_add_word(handle, entry, phones.joined(separator: " "), updatingSearch ? 1 : 0) >= 0 else {
            throw .decoderFailure("could not add \"\(entry)\" to the dictionary")
        }
    }

    /// Adds `word` to the n-gram language model as a unigram of probability 10^`log10Probability`.
    /// - Throws: `Failure.decoderFailure` when the decoder has no n-gram model or it refuses the word.
    package func addLanguageModelWord(_ word: String, log10Probability: Double) throws(Failure) {
        guard let model = languageModel else {
            throw .decoderFailure("could not add \"\(word)\" to the language model: none is loaded as an n-gram model")
        }
        // PocketSphinx takes an added word's weight against a uniform distribution over the
        // model's unigrams.
        let unigrams = Double(ngram_model_get_counts(model)?.pointee ?? 1)
        guard ngram_model_add_word(model, word, Float(pow(10, log10Probability) * unigrams)) != NGRAM_INVALID_WID else {
            throw .decoderFailure("could not add \"\(word)\" to the language model")
        }
    }

    /// log10 of the n-gram model's probability of `word` after `history` (oldest first, `<s>`
    /// for a sentence's start; the model uses as much of it as its order allows), as the model
    /// file gives it: no language weight, no insertion penalty. `</s>` asks how likely the
    /// sentence ends there. Nil without an n-gram model or for a word the model lacks.
    package func languageModelLog10Probability(of word: String, after history: [String]) -> Double? {
        guard let model = languageModel, let logMath = ps_get_logmath(handle),
              ngram_wid(model, word) != ngram_unknown_wid(model) else { return nil }
        // PocketSphinx takes the word first, then its history from the nearest word back.
        let words = ([word] + history.reversed()).map { strdup($0) }
        defer { words.forEach { free($0) } }
        let probability = words.map { UnsafePointer($0) }.withUnsafeBufferPointer { buffer in
            ngram_prob(model, buffer.baseAddress, Int32(buffer.count))
        }
        return logmath_log_to_log10(logMath, probability)
    }

    /// The n-gram model of the decoder's default search; nil when it has none.
    private var languageModel: OpaquePointer? { ps_get_lm(handle, "_default") }

    /// The phones of a dictionary entry, nil when the dictionary lacks it.
    package func phones(ofEntry entry: String) -> [String]? {
        guard let phones = ps_lookup_word(handle, entry) else { return nil }
        defer { free(phones) }
        return String(cString: phones).split(separator: " ").map(String.init)
    }

    /// The running cepstral mean normalisation as it stands (`-cmn live`), nil with `-cmn none`.
    package var cepstralMean: CepstralMeanState? {
        guard let cmn = normalisation else { return nil }
        let length = Int(cmn.pointee.veclen)
        return CepstralMeanState(mean: Array(UnsafeBufferPointer(start: cmn.pointee.cmn_mean, count: length)),
                                 sum: Array(UnsafeBufferPointer(start: cmn.pointee.sum, count: length)),
                                 frames: cmn.pointee.nframe)
    }

    /// Puts back a state `cepstralMean` gave for this decoder.
    package func restoreCepstralMean(_ state: CepstralMeanState) {
        guard let cmn = normalisation, Int(cmn.pointee.veclen) == state.mean.count else { return }
        cmn.pointee.cmn_mean.update(from: state.mean, count: state.mean.count)
        cmn.pointee.sum.update(from: state.sum, count: state.sum.count)
        cmn.pointee.nframe = state.frames
    }

    /// The running normalisation's sums (`-cmn live`): each coefficient's total over the frames
    /// heard since its last update, and their count; nil with `-cmn none`. The difference between
    /// two readings is what the audio decoded between them added, unless PocketSphinx updated
    /// its mean in between (at an utterance's end, or every 8 s of audio), which rescales them.
    private var cepstralSums: CepstralSums? {
        guard let cmn = normalisation else { return nil }
        return CepstralSums(sums: Array(UnsafeBufferPointer(start: cmn.pointee.sum, count: Int(cmn.pointee.veclen))),
                            frames: Int(cmn.pointee.nframe))
    }

    /// Replaces the mean the running normalisation subtracts from the frames still to come,
    /// leaving its sums as they are: PocketSphinx's next update takes the mean from them again.
    private func setCepstralMean(_ mean: [Float]) {
        guard let cmn = normalisation, Int(cmn.pointee.veclen) == mean.count else { return }
        cmn.pointee.cmn_mean.update(from: mean, count: mean.count)
    }

    /// The decoder's cepstral mean normalisation, nil with `-cmn none`.
    private var normalisation: UnsafeMutablePointer<cmn_t>? {
        ps_get_feat(handle)?.pointee.cmn_struct
    }
}

/// PocketSphinx's log, silenced once for the process. The log is one global stream: a
/// per-decoder `-logfn` would open a new file and close the old one while decoders on other
/// threads (as in `bench`) may still be writing to it.
private let pocketSphinxLogSilenced: Void = {
    err_set_logfp(nil)
}()

/// A snapshot of PocketSphinx's running cepstral mean normalisation (`-cmn live`): the mean it
/// subtracts, and the sum and frame count it updates that mean from.
///
/// A freshly loaded decoder starts from the model's `-cmninit` mean with no frames behind it, so
/// its first update takes the mean of the audio heard so far. `cmn_live_set` instead puts the
/// mean `CMN_WIN` (500) frames deep, so a decoder restored with it adapts far more slowly at the
/// start of a stream and hears the rest of the stream differently. Restoring all three fields
/// makes a new stream start exactly as a fresh decoder does.
package struct CepstralMeanState: Sendable, Equatable {
    package let mean: [Float]
    let sum: [Float]
    let frames: Int32
}

extension CepstralMeanState {
    /// The state of a freshly loaded decoder whose initial mean is `mean`: no frames behind it.
    package init(mean: [Float]) {
        self.init(mean: mean, sum: [Float](repeating: 0, count: mean.count), frames: 0)
    }
}

/// The running cepstral mean normalisation's sums at one moment: each coefficient's total over
/// the frames behind them, and how many frames that is.
package struct CepstralSums: Sendable, Equatable {
    package let sums: [Float]
    package let frames: Int

    /// Sums of `frames` frames' coefficients.
    package init(sums: [Float], frames: Int) {
        self.sums = sums
        self.frames = frames
    }
}

/// Why a `Decoder` could not be made.
package enum DecoderError: Error, Equatable, CustomStringConvertible {
    /// PocketSphinx rejected the arguments (shown joined by spaces).
    case rejectedArguments(String)
    /// The arguments were accepted but the models did not load.
    case modelsNotLoaded

    /// What went wrong, as a phrase with PocketSphinx as its subject.
    package var reason: String {
        switch self {
        case .rejectedArguments(let arguments): "rejected the arguments \(arguments)"
        case .modelsNotLoaded: "could not load the models"
        }
    }

    package var description: String { "PocketSphinx: \(reason)" }
}

/// A stage's error type that can report a decoder failure in its own terms.
package protocol DecoderFailureReporting: Error {
    /// The stage's error for a decoder that failed, `reason` saying how.
    static func decoderFailure(_ reason: String) -> Self
}
