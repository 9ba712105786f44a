/// A recognised text, partial or final.
package struct Transcript: Sendable, Equatable {
    /// Lower-case words separated by single spaces, as the language model spells them.
    package var text: String
    /// True for the text a session ended with; false for a hypothesis that may still change.
    package var isFinal: Bool
    /// Samples of the session (lead-in included) fed when the text was produced.
    package var endSample: Int

    package init(text: String, isFinal: Bool, endSample: Int) {
        self.text = text
        self.isFinal = isFinal
        self.endSample = endSample
    }
}

/// Why a session ended with a final transcript.
package enum EndReason: Sendable, Equatable {
    /// The speaker stopped: the trailing silence was reached after speech.
    case endOfSpeech
    /// Speech ran on, but the command model heard a complete command followed by words that do
    /// not continue it (see `CommandSentence`).
    case sentenceEnd
    /// The session reached the maximum duration while the speaker was still talking.
    case maximumDuration
    /// The caller ended the session with `finish()`.
    case finished
}

/// What a transcriber reports while it is fed frames.
package enum TranscriptionEvent: Sendable, Equatable {
    /// The hypothesis changed; more audio may change it again.
    case partial(Transcript)
    /// The session is over and this is its text.
    case final(Transcript, reason: EndReason)
    /// The session is over without a command: no speech started within the no-speech timeout,
    /// or the speech heard held no word of the language model.
    case noCommand
}
