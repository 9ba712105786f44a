/// 16 kHz mono `Float` frames in, partial and final transcripts out.
///
/// A transcriber listens in sessions: the pipeline starts one when the hotword ends and the
/// session ends by itself (end of speech, maximum duration, no speech) or through `finish()`.
/// Between sessions frames are ignored.
package protocol Transcriber: AnyObject {
    /// Starts a session (the hotword just ended); `leadIn` is audio already received after the
    /// keyword's end (from a ring buffer), so no word is lost, heard while the device played its
    /// own sound or not (`overDeviceSound`). A session still running is dropped.
    func begin(leadIn: [Float], overDeviceSound: Bool) throws(TranscriptionError)
    /// Feeds a frame (any length), heard while the device played its own sound (or its echo
    /// died away) or not; returns events: a partial when the hypothesis changed (at most
    /// one per partial interval of audio), a final at end of speech, at the command's sentence end
    /// when speech runs on after it (with the domain model), or at the maximum duration,
    /// or `.noCommand` when no speech starts within the no-speech timeout. Speech heard only
    /// while the device sounded is the device's own sound (its chime, what an echo canceller
    /// left of it), no command. After a final or `.noCommand` the session is over and further
    /// frames return no events.
    func process(_ frame: [Float], overDeviceSound: Bool) throws(TranscriptionError) -> [TranscriptionEvent]
    /// Ends the session early (shutdown) and returns the final text so far, if any.
    func finish() throws(TranscriptionError) -> Transcript?
    /// Starts a new stream (another recording): a running session is dropped, and what was
    /// learnt of the last stream's sound (its level, channel and noise) is forgotten, so that a
    /// stream's commands are heard the same whatever was heard before it.
    func startStream() throws(TranscriptionError)
    /// Whether a session runs whose speaker has stopped and whose trailing silence is being
    /// counted (see `EndOfSpeechDetector.isInTrailingSilence`): finishing it now cuts no word off.
    var isInTrailingSilence: Bool { get }
}

extension Transcriber {
    /// Starts a session with `leadIn` heard while the device played nothing.
    package func begin(leadIn: [Float]) throws(TranscriptionError) {
        try begin(leadIn: leadIn, overDeviceSound: false)
    }

    /// Feeds a frame heard while the device played nothing.
    package func process(_ frame: [Float]) throws(TranscriptionError) -> [TranscriptionEvent] {
        try process(frame, overDeviceSound: false)
    }
}
