import AudioInput
import AudioPlayback
import SpeechSynthesis
import SusiChat

/// What the person hears: a sound on the hotword, another once the command is complete, and
/// SUSI's answer spoken (``SusiChat/ChatAnswer/spokenPassages``, each passage in its language's voice).
///
/// Plays on a ``SoundOutput`` it opens when it first has something to play; one that fails
/// (a missing or busy device, one unplugged mid-sentence) is reported as an `error` event and
/// opened again for the next sound, so listening never ends for it. Use it from one thread.
package final class TalkBack {
    /// Problems found while setting up, to report before the first command: sound files that
    /// cannot be read (played without them), speech synthesis that cannot be set up.
    package let setupEvents: [ListenEvent]
    private let hotwordSound: Sound?
    private let doneSound: Sound?
    private let synthesizer: SpeechSynthesizer?
    private let openOutput: () throws(PlaybackError) -> any SoundOutput
    private var output: (any SoundOutput)?
    /// The last playback problem reported, so a device that stays away is reported once.
    private var lastProblem: String?

    /// - Parameters:
    ///   - openOutput: opens the device or file; called again after a failure.
    package init(configuration: TalkBackConfiguration,
                openOutput: @escaping () throws(PlaybackError) -> any SoundOutput) {
        var problems: [ListenEvent] = []
        func sound(_ path: String?, default chime: Sound, role: String) -> Sound? {
            guard configuration.sounds else { return nil }
            guard let path else { return chime }
            do {
                return try Sound(contentsOf: path)
            } catch {
                problems.append(.error(ErrorEvent(file: path, message: "the \(role) sound cannot be read (\(error.problem)); going on without it")))
                return nil
            }
        }
        hotwordSound = sound(configuration.hotwordSound, default: .hotwordChime, role: "hotword")
        doneSound = sound(configuration.doneSound, default: .doneChime, role: "done")
        var synthesizer: SpeechSynthesizer?
        if configuration.speech {
            do {
                synthesizer = try SpeechSynthesizer.shared()
            } catch {
                problems.append(.error(ErrorEvent(file: nil, message: "\(error); answers are not spoken")))
            }
        }
        self.synthesizer = synthesizer
        self.openOutput = openOutput
        setupEvents = problems
    }

    /// Whether `event` makes a sound: the hotword (or a command asked for on the event socket),
    /// a final command, an answer (when speech is on).
    package func plays(_ event: ListenEvent) -> Bool {
        switch event {
        case .hotword, .listen: hotwordSound != nil
        case .final: doneSound != nil
        case .answer(let answer): synthesizer != nil && !answer.spokenPassages.isEmpty
        default: false
        }
    }

    /// Plays what `event` calls for, to its end, and returns the events that come of it: a
    /// `spoken` event for an answer spoken, an `error` for a sound or text that could not be played.
    package func respond(to event: ListenEvent) -> [ListenEvent] {
        guard plays(event) else { return [] }
        switch event {
        case .hotword, .listen: return play(hotwordSound).problems
        case .final: return play(doneSound).problems
        case .answer(let answer): return speak(answer.spokenPassages, received: ContinuousClock.now)
        default: return []
        }
    }

    /// Speaks the passages as one sound, so that a barge-in stops the whole answer.
    private func speak(_ passages: [SpokenPassage], received: ContinuousClock.Instant) -> [ListenEvent] {
        guard let synthesizer else { return [] }
        let speeches: [SynthesizedSpeech]
        do {
            speeches = try synthesizer.speak(passages.map { ($0.text, $0.language) })
        } catch {
            return [.error(ErrorEvent(file: nil, message: "\(error)"))]
        }
        guard !speeches.isEmpty else { return [] }
        let synthesis = ContinuousClock.now - received
        let speech = Sound(name: "speech", samples: speeches.flatMap(\.samples))
        let (problems, end) = play(speech)
        guard let end else { return problems }
        let interruptedAfter: Double? = if case .stopped(let seconds) = end { seconds } else { nil }
        let spoken = speeches.map { SpokenEvent.Passage(text: $0.text, language: $0.language, requestedLanguage: $0.requestedLanguage) }
        return [.spoken(SpokenEvent(passages: spoken, seconds: speech.seconds, synthesisSeconds: synthesis.timeInterval,
                                    interruptedAfterSeconds: interruptedAfter))]
    }

    /// Plays `sound` (nothing for nil) and says how its playing ended; nil when it could not
    /// be played, with the failure reported unless it is the one reported last.
    private func play(_ sound: Sound?) -> (problems: [ListenEvent], end: PlaybackEnd?) {
        guard let sound else { return ([], nil) }
        do throws(PlaybackError) {
            let current: any SoundOutput
            if let output { current = output } else { current = try openOutput() }
            output = current
            let end = try current.play(sound)
            lastProblem = nil
            return ([], end)
        } catch {
            output = nil
            defer { lastProblem = error.problem }
            guard error.problem != lastProblem else { return ([], nil) }
            return ([.error(ErrorEvent(file: nil, message: "playback: \(error); listening goes on without sound"))], nil)
        }
    }
}
