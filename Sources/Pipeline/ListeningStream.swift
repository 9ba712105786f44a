import AudioInput
import AudioPlayback
import EchoCancellation
import HotwordDetection
import Transcription

/// One audio stream through the pipeline's stages: 16 kHz mono frames in, events out.
///
/// Listens for the hotword; with a transcriber, a hit starts a transcription session at the end
/// of the keyword on the same stream (from the detector's recent audio, so a command spoken with
/// no pause loses no word), whose partial and final results become events (a final without the
/// hotword said again at its start); then it listens again.
/// While the device plays, each frame comes with what it played: with an echo canceller the
/// stages hear the frame with that removed and a hotword is a barge-in; without one, detection
/// hears silence (a command being transcribed goes on hearing the microphone). Owns its
/// detector, transcriber and canceller (PocketSphinx decoders, Speex state): use it from one thread.
/// It counts the stream's samples itself, so every event is placed on the stream's own time.
/// With a ``WakeAudioWriter``, what the detector heard from ``WakeRecording/preRollSeconds``
/// before each keyword to the end of its command session is saved (the frames as heard,
/// after echo cancellation and before gain).
package final class ListeningStream {
    private var detector: HotwordDetector
    /// Stream position at which `detector` heard its first sample: it places hits on its own count.
    private var detectorStart = 0
    private let transcriber: Transcriber?
    private let echoCanceller: EchoCanceller?
    /// Whether the second stage's verdict on every candidate becomes a `candidate` event.
    private let reportsCandidates: Bool
    /// Stream position where the running transcription session began, if one runs.
    private var sessionStart: Int?
    /// Where the audio of each wake-up is saved, if anywhere.
    private let wakeAudio: WakeAudioWriter?
    /// Whether the frames are being saved: from a hotword to the end of its session.
    private var isSavingAudio = false
    /// Where the stream came from, carried by its events.
    package var source: StreamSource
    /// Samples processed since the stream began.
    package private(set) var samples = 0
    /// CPU time the echo canceller has taken, in seconds; nil until it has cancelled a frame
    /// (without one, or with nothing played).
    package private(set) var echoCancellationSeconds: Double?
    /// Whether hotword detection is paused (``mute()``); a running command session goes on.
    package private(set) var isMuted = false

    /// - Parameters:
    ///   - reportsCandidates: report every candidate the detector's second stage decided on
    ///     (heard or turned down) as a `candidate` event, before any `hotword` event it gave.
    ///   - echoCanceller: removes what the device played from the frames; without one,
    ///     detection pauses while it plays.
    ///   - wakeAudio: saves the audio of each wake-up; its events come among the stream's.
    package init(detector: HotwordDetector, transcriber: Transcriber? = nil, source: StreamSource = .unnamed,
                reportsCandidates: Bool = false, echoCanceller: EchoCanceller? = nil, wakeAudio: WakeAudioWriter? = nil) {
        self.detector = detector
        self.transcriber = transcriber
        self.echoCanceller = echoCanceller
        self.wakeAudio = wakeAudio
        self.reportsCandidates = reportsCandidates
        self.source = source
    }

    /// Whether a command is being transcribed.
    package var isTranscribing: Bool { sessionStart != nil }

    /// Seconds of audio processed since the stream began.
    package var seconds: Double { Double(samples) / Double(pipelineSampleRate) }

    /// The multiplier the detector hears the frames with (`--gain`, then clipped to full scale).
    package var gain: Float { detector.gain }

    /// How the stream keeps from hearing the device's own sounds, when it plays any.
    package var echoHandling: EchoHandling { echoCanceller == nil ? .pause : .cancellation }

    /// Feeds one frame, heard while the device played `played`, and returns the events it
    /// completed, and those of the audio saved since the last call.
    package func process(_ captured: [Float], played: PlayedAudio = .nothing) throws -> [ListenEvent] {
        try hear(captured, played: played) + takeSavedAudio()
    }

    private func hear(_ captured: [Float], played: PlayedAudio) throws -> [ListenEvent] {
        let frame: [Float]
        switch (played, echoCanceller) {
        case (.nothing, _):
            frame = captured
        case (.samples(let reference), let canceller?):
            let start = CPUClock.threadSeconds()
            frame = canceller.cancel(captured, played: reference)
            echoCancellationSeconds = (echoCancellationSeconds ?? 0) + CPUClock.threadSeconds() - start
        default:
            // No reference, or no canceller: the device would hear itself.
            frame = isTranscribing ? captured : [Float](repeating: 0, count: captured.count)
        }
        samples += frame.count
        if isSavingAudio { wakeAudio?.append(frame) }
        let overDeviceSound = played != .nothing
        // The detector hears every frame unless muted, so its count stays on the stream's (unmute
        // starts it again where the stream is); hits and candidates during a command are not reported.
        let hits = isMuted ? [] : try detector.process(frame).map { $0.shifted(by: detectorStart) }
        if let start = sessionStart, let transcriber {
            return try transcriber.process(heardWithGain(frame), overDeviceSound: overDeviceSound).map { event(for: $0, sessionStart: start) }
        }
        guard !isMuted else { return [] }
        let candidates: [ListenEvent] = reportsCandidates
            ? detector.candidateVerdicts.map {
                .candidate(CandidateEvent(verdict: $0.shifted(by: detectorStart), sampleRate: pipelineSampleRate, source: source))
            }
            : []
        // The detector lists the best hit first.
        guard let hit = hits.first else { return candidates }
        let bargeIn: [ListenEvent] = overDeviceSound ? [.bargeIn(BargeInEvent(time: seconds, source: source))] : []
        let hotword = HotwordEvent(hit: hit, sampleRate: pipelineSampleRate, source: source)
        let events = candidates + bargeIn + [.hotword(hotword)]
        startSavingAudio(of: hotword, startingAt: hit.startSample)
        if let transcriber {
            // The detector keeps the stream's recent audio, on its own count.
            // A barge-in's lead-in was heard while the device sounded.
            try transcriber.begin(leadIn: heardWithGain(detector.recentAudio.samples(from: hit.endSample - detectorStart)),
                                  overDeviceSound: overDeviceSound)
            // If the lead-in alone ends the session, its event comes with the next frame.
            sessionStart = hit.endSample
        } else {
            endSavingAudio()
        }
        return events
    }

    /// Hands the audio of `hotword`, whose keyword starts at stream position `keywordStart`,
    /// from the pre-roll up to now, to the writer, which is given every frame after it until
    /// ``endSavingAudio()``.
    private func startSavingAudio(of hotword: HotwordEvent, startingAt keywordStart: Int) {
        guard let wakeAudio else { return }
        // The detector keeps the stream's recent audio, on its own count; the pre-roll is cut
        // short at the start of the stream (or where a reload's detector took over).
        let recent = detector.recentAudio
        let start = max(keywordStart - detectorStart - Int(WakeRecording.preRollSeconds * Double(pipelineSampleRate)), recent.firstSample)
        wakeAudio.begin(WakeRecording(hotword: hotword, startSample: start + detectorStart), samples: recent.samples(from: start))
        isSavingAudio = true
    }

    /// Ends the audio being saved, if any, where the stream is.
    private func endSavingAudio() {
        guard isSavingAudio else { return }
        isSavingAudio = false
        wakeAudio?.end()
    }

    /// The events of the audio saved since the last call (what the writer's thread did): they
    /// come with each frame's, and the caller takes them while no frame comes.
    package func takeSavedAudio() -> [ListenEvent] {
        wakeAudio?.takeOutcomes() ?? []
    }

    /// Waits, a second at most, for the audio being saved to be written, and returns the events
    /// of it: once the stream has ended for good (at shutdown).
    package func finishSavingAudio() -> [ListenEvent] {
        wakeAudio?.finish() ?? []
    }

    /// Pauses hotword detection: the detector hears nothing until ``unmute()``.
    package func mute() {
        isMuted = true
    }

    /// Listens for the hotword again, with the detector starting afresh at the stream's position.
    package func unmute() throws {
        guard isMuted else { return }
        try detector.reset()
        detectorStart = samples
        isMuted = false
    }

    /// Starts a command session now, as a hotword would, with no lead-in.
    /// - Throws: ``ListenRequestError`` when there is no transcriber or a session runs already.
    package func startCommand() throws -> ListenEvent {
        guard let transcriber else { throw ListenRequestError.noTranscription }
        guard sessionStart == nil else { throw ListenRequestError.alreadyListening }
        try transcriber.begin(leadIn: [])
        sessionStart = samples
        return .listen(ListenRequestEvent(time: seconds, source: source))
    }

    /// Ends the stream: a running session ends with what it has heard.
    package func finish() throws -> [ListenEvent] {
        try finishSession() + takeSavedAudio()
    }

    private func finishSession() throws -> [ListenEvent] {
        endSavingAudio()
        guard let start = sessionStart, let transcriber else { return [] }
        sessionStart = nil
        guard let transcript = try transcriber.finish() else { return [.noCommand(NoCommandEvent(time: seconds, source: source))] }
        return [event(for: .final(transcript, reason: .finished), sessionStart: start)]
    }

    /// Ends the stream at shutdown. A command whose speaker has stopped (its trailing silence
    /// has begun) is finished as complete; one cut off while the speaker was talking is not
    /// given as a command at all but reported as `commandCutOff`, so it is never sent. The
    /// audio being saved ends too: its event comes with ``finishSavingAudio()``, or with the
    /// next frame of a stream that goes on (``breakOff()``).
    package func stop() throws -> [ListenEvent] {
        guard sessionStart != nil, let transcriber, !transcriber.isInTrailingSilence else { return try finishSession() }
        sessionStart = nil
        endSavingAudio()
        guard let transcript = try transcriber.finish(), let words = withoutLeadingKeyphrases(transcript.text) else {
            return [.noCommand(NoCommandEvent(time: seconds, source: source))]
        }
        return [.commandCutOff(TranscriptEvent(text: words, time: seconds, reason: nil, source: source))]
    }

    /// The device delivered no audio for a while (it stalled or went away): a running session
    /// ends as at shutdown (``stop()``), and the detector starts afresh where the stream is, so
    /// that nothing heard before the gap is joined to what comes after it.
    package func breakOff() throws -> [ListenEvent] {
        let events = try stop()
        try detector.reset()
        detectorStart = samples
        return events
    }

    /// Listens with `detector` from the next frame on, in place of the one it had, which it
    /// returns: the stream, its sample count and a running transcription session go on without a gap.
    package func replace(detector: HotwordDetector) -> HotwordDetector {
        defer { self.detector = detector }
        detectorStart = samples
        return self.detector
    }

    /// Starts a new stream from `source`: the sample count, the detector, the transcriber (a
    /// running session is dropped), the echo path learnt and any session start again.
    package func restart(source: StreamSource) throws {
        try transcriber?.startStream()
        sessionStart = nil
        endSavingAudio()
        try detector.reset()
        echoCanceller?.reset()
        detectorStart = 0
        self.source = source
        samples = 0
    }

    /// `samples` as the detector hears them, with its gain, so that a quiet microphone that
    /// `--gain` makes loud enough for the hotword is loud enough for the command too.
    private func heardWithGain(_ samples: [Float]) -> [Float] {
        return gain == 1 ? samples : samples.map { min(max($0 * gain, -1), 1) }
    }

    /// `text` without the keyphrases said at its start: a person who gets no answer at once
    /// says the hotword again ("susi … susi, what time is it"), and the session, which began
    /// after the first, hears the second as words. Nil when nothing else was said.
    private func withoutLeadingKeyphrases(_ text: String) -> String? {
        var words = PronunciationLexicon.words(of: text)
        let keyphrases = detector.thresholds.map { PronunciationLexicon.words(of: $0.keyphrase) }
        while let said = keyphrases.first(where: { !$0.isEmpty && words.starts(with: $0) }) {
            words.removeFirst(said.count)
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    private func event(for transcription: TranscriptionEvent, sessionStart start: Int) -> ListenEvent {
        let time = { (transcript: Transcript) in Double(start + transcript.endSample) / Double(pipelineSampleRate) }
        switch transcription {
        case .partial(let transcript):
            return .partial(TranscriptEvent(text: transcript.text, time: time(transcript), reason: nil, source: source))
        case .final(let transcript, let reason):
            sessionStart = nil
            endSavingAudio()
            guard let command = withoutLeadingKeyphrases(transcript.text) else { return .noCommand(NoCommandEvent(time: seconds, source: source)) }
            return .final(TranscriptEvent(text: command, time: time(transcript), reason: reason, source: source))
        case .noCommand:
            sessionStart = nil
            endSavingAudio()
            return .noCommand(NoCommandEvent(time: seconds, source: source))
        }
    }
}
