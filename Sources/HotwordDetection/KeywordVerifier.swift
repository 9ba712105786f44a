import Glibc
import PocketSphinxSupport

/// The second stage of detection: a large-vocabulary recogniser listens to a candidate's audio
/// and says which words, and so which phones, it hears there.
///
/// Keyword spotting weighs the keyphrase against a loop of phones, and any stretch of speech that
/// sounds a little like the keyphrase clears a permissive threshold. The recogniser instead weighs
/// it against the words of its vocabulary, each with how common it is (by default the project's
/// `Models/verifier/`: the 30,000 most common words of PocketSphinx's general US English model
/// as a unigram model, or all 72,545; over half a second word context adds nothing): "compute" or
/// "jobless" win there, and the candidate is dropped if those words sound too different from the
/// keyphrase (see `KeywordThreshold`).
///
/// Owns one PocketSphinx decoder and frees it in `deinit`. Its beams are narrower than a
/// transcriber's, and it makes a single pass, so that one candidate costs tens of milliseconds.
package final class KeywordVerifier {
    private let decoder: Decoder<HotwordDetectionError>
    /// The front end second hearings are heard through (`heardAgain`), with its own noise
    /// estimate, which hears every first hearing's audio too.
    private let rehearingFrontEnd: FrontEnd<HotwordDetectionError>

    /// Loads the recogniser and adds every keyphrase word to it under an alias (see
    /// `aliasSuffix`), with the pronunciations `lexicon` gives.
    package init(acousticModel: String, vocabulary: AcousticModelFiles.VerifierVocabulary,
                lexicon: PronunciationLexicon) throws(HotwordDetectionError) {
        // `AcousticModelFiles.validate()` has checked the files. The rare words are read before
        // the recogniser loads, so that their file is not held beside it.
        let languageModel = vocabulary.languageModel, dictionary = vocabulary.dictionary
        let nearWords = try vocabulary.rareWords.map { path throws(HotwordDetectionError) in try RareWords.near(lexicon, in: path) } ?? []
        do {
            decoder = try Decoder(arguments: [
                "-hmm", acousticModel, "-lm", languageModel, "-dict", dictionary,
                // One forward pass with narrow beams: about a third of a transcriber's cost; in a
                // trial on the devdata candidates (pip pocketsphinx 5.1.1, same models) it
                // confirmed as many keywords as the default two passes.
                "-fwdflat", "no", "-bestpath", "no",
                "-beam", "1e-30", "-wbeam", "1e-20", "-maxhmmpf", "3000",
            ])
        } catch .rejectedArguments(let arguments) {
            throw .decoderFailure("rejected the arguments \(arguments)")
        } catch {
            throw .decoderFailure("could not load the verification models \(acousticModel), \(languageModel) and \(dictionary)")
        }
        rehearingFrontEnd = try decoder.twinFrontEnd()
        for word in nearWords {
            try decoder.addLanguageModelWord(word.word, log10Probability: word.log10Probability)
            for entry in word.entries {
                try decoder.addEntry(entry.name, phones: entry.phones, updatingSearch: false)
            }
        }
        let keyphraseWords = lexicon.pronunciations.sorted(by: { $0.key < $1.key })
        for (word, variants) in keyphraseWords {
            let alias = word + Self.aliasSuffix
            try decoder.addLanguageModelWord(alias, log10Probability: Self.keywordLog10Probability)
            for (index, phones) in variants.enumerated() {
                // PocketSphinx rebuilds its search once, after the last entry.
                try decoder.addEntry(DecodedWord.entry(of: alias, variant: index), phones: phones,
                                     updatingSearch: word == keyphraseWords.last?.key && index == variants.count - 1)
            }
        }
    }

    /// Keyphrase words enter the recogniser a second time under this suffix, with a unigram
    /// probability of their own, so that a keyword the language model finds unlikely (or does
    /// not know) still stands a chance.
    static let aliasSuffix = "_keyword"
    /// The alias's unigram probability: 10,000 times a word's of a uniform distribution over the
    /// general model's 72,547 words (about 0.14), whatever the recogniser's vocabulary. On devdata,
    /// verifying every candidate against those words confirmed 51 of 80 "computer" and 42 of 80
    /// "jarvis" with the language model's own probabilities, 56 and 50 with 10,000 times a
    /// uniform word's, and no candidate on the background speech either way (the recogniser had
    /// to hear the exact words then). 10^6 and 10^8 heard 0–3 more real keywords than 10^4, and no
    /// false alarm more. Over a vocabulary of 20,000 words (tried), 10,000 times a uniform word's
    /// of its own would make the alias nearly four times as likely, and near misses ("juicy",
    /// "Sousa") were heard as it.
    static let keywordLog10Probability = log10(1e4 / 72_547)

    /// The words the recogniser hears over the candidate, and their phones, in order: those at
    /// least half inside its span. A word mostly before or after it (the start of the command
    /// that follows the keyword, heard up to the moment the candidate was proposed) is not the
    /// keyword's.
    /// - Parameters:
    ///   - samples: 16-bit audio from the candidate's start to the moment it was reported.
    ///   - candidate: the candidate keyword's samples, counted from the start of `samples`.
    package func heard(_ samples: [Int16], candidate: Range<Int>) throws(HotwordDetectionError) -> HeardSpeech {
        speech(in: try heardWords(samples), candidate: candidate)
    }

    /// The words the recogniser hears over a candidate heard a second time, as `heard` gives
    /// them, through a front end of its own (see `heardWordsAgain`).
    package func heardAgain(_ samples: [Int16], candidate: Range<Int>) throws(HotwordDetectionError) -> HeardSpeech {
        speech(in: try heardWordsAgain(samples), candidate: candidate)
    }

    /// The words of `decoded` at least half inside `candidate` (in samples), as heard speech.
    private func speech(in decoded: [DecodedWord], candidate: Range<Int>) -> HeardSpeech {
        let samplesPerFrame = KeywordSpotter.samplesPerFrame
        let words = decoded.filter { heard in
            let span = heard.startFrame * samplesPerFrame..<(heard.endFrame + 1) * samplesPerFrame
            return !heard.isFiller && 2 * span.clamped(to: candidate).count >= span.count
        }
        return HeardSpeech(
            words: words.map { heard in
                heard.word.hasSuffix(Self.aliasSuffix) ? String(heard.word.dropLast(Self.aliasSuffix.count)) : heard.word
            },
            phones: words.flatMap { heard in
                // Every entry the recogniser can choose is in its dictionary, keyphrase aliases too.
                decoder.phones(ofEntry: heard.entry) ?? []
            },
            wordsEnd: words.last.map { ($0.endFrame + 1) * samplesPerFrame })
    }

    /// The words the recogniser hears in `samples`, decoded as one utterance, with their frames.
    func heardWords(_ samples: [Int16]) throws(HotwordDetectionError) -> [DecodedWord] {
        try decode(samples)
        // The second hearings' front end learns the stream's noise from the same audio.
        _ = try rehearingFrontEnd.cepstra(of: samples)
        return decoder.hypothesisWords()
    }

    /// `heardWords` for a second hearing, through a front end of its own: its audio never reaches
    /// the noise estimate the first hearings are heard through, so what they hear is what they
    /// would without it.
    func heardWordsAgain(_ samples: [Int16]) throws(HotwordDetectionError) -> [DecodedWord] {
        try decoder.startUtterance()
        try decoder.process(try rehearingFrontEnd.cepstra(of: samples))
        try decoder.endUtterance()
        return decoder.hypothesisWords()
    }

    /// Starts a new stream. PocketSphinx's running estimate of the noise spectrum (which its
    /// front end subtracts) outlives an utterance, and is deliberately carried from one candidate
    /// to the next: in steady noise the recogniser then hears each candidate through the noise of
    /// the stream so far instead of learning it afresh from the candidate's own second of audio.
    /// A new stream starts it afresh, so that what one stream heard never colours the next.
    package func startStream() throws(HotwordDetectionError) {
        try decoder.startStream()
        rehearingFrontEnd.startStream()
    }

    /// Decodes `samples` as one whole utterance. PocketSphinx then normalises the cepstral mean
    /// over the candidate's own audio (the acoustic model's batch normalisation, `-cmn batch`),
    /// which on devdata heard far more keywords than a running mean carried over from the spotter
    /// (see docs/research-log.md).
    private func decode(_ samples: [Int16]) throws(HotwordDetectionError) {
        try decoder.startUtterance()
        try decoder.process(samples, wholeUtterance: true)
        try decoder.endUtterance()
    }
}
