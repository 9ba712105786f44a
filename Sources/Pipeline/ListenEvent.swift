import AudioCapture
import HotwordDetection
import JSONText
import SusiChat
import TextFormatting
import Transcription

/// Everything the pipeline reports, one event per line: readable text or a JSON object whose
/// `type` names the event.
package enum ListenEvent: Equatable, Sendable {
    /// Detection is set up: the keyphrases with their sensitivities and thresholds.
    case start(StartEvent)
    /// A capture device was opened or went away.
    case device(DeviceEvent)
    /// The second stage decided on a candidate the spotter proposed (with `--candidates`).
    case candidate(CandidateEvent)
    /// A keyword was heard while the device played (with echo cancellation): what played was
    /// stopped, and the `hotword` event that follows starts a new command.
    case bargeIn(BargeInEvent)
    /// A keyword was heard.
    case hotword(HotwordEvent)
    /// The command heard so far after the hotword; it may still change.
    case partial(TranscriptEvent)
    /// The command, once the speaker stopped (or the session was cut or ended).
    case final(TranscriptEvent)
    /// Shutdown came while the speaker was still talking: the words heard so far are not a
    /// command, and are neither sent nor kept.
    case commandCutOff(TranscriptEvent)
    /// After the hotword, no command was spoken.
    case noCommand(NoCommandEvent)
    /// A command sent to the SUSI server as a chat query, or kept to be sent later.
    case query(QueryEvent)
    /// The SUSI server's answer.
    case answer(AnswerEvent)
    /// An answer was spoken (played to its end or until a barge-in or shutdown stopped it, or written with `--speak-to`).
    case spoken(SpokenEvent)
    /// The audio of a wake-up was saved (`--save-audio`).
    case audioSaved(AudioSavedEvent)
    /// A file, device or server failed; the run goes on.
    case error(ErrorEvent)
    /// The configuration was read again (SIGHUP) and its changes that can be applied live are in use.
    case reloaded(ReloadEvent)
    /// The configuration read again (SIGHUP) is wrong or cannot be set up: the old one stays in use.
    case reloadFailed(ErrorEvent)
    /// A local program asked (on the event socket) for detection to pause: no hotword is
    /// listened for until `unmuted`.
    case muted
    /// A local program asked for detection to go on.
    case unmuted
    /// A local program asked for a command now: a transcription session started, as after a hotword.
    case listen(ListenRequestEvent)
    /// The totals of a run, reported last.
    case summary(RunSummary)

    /// The event as one JSON object.
    package var json: JSONValue {
        switch self {
        case .start(let event):
            return .object([("type", .string("start"))] + event.members)
        case .device(let event):
            var members: [(key: String, value: JSONValue)] = [("type", .string("device")), ("device", .string(event.device)), ("status", .string(event.status.rawValue))]
            if let format = event.format {
                members += [("rate", .integer(format.sampleRate)), ("channels", .integer(format.channels)),
                            ("format", .string(format.sampleFormat)), ("period_frames", .integer(format.periodFrames))]
            }
            if let channel = event.heardChannel { members.append(("channel", .integer(channel))) }
            if let message = event.message { members.append(("message", .string(message))) }
            return .object(members)
        case .bargeIn(let event):
            return .object([("type", .string("barge_in")), ("time", .number(rounded(event.time))), event.source.jsonMember])
        case .hotword(let event):
            return .object([("type", .string("hotword"))] + event.placeMembers + [event.source.jsonMember])
        case .candidate(let event):
            return .object([("type", .string("candidate"))] + event.candidate.placeMembers + [
                ("heard", .bool(event.isHeard)),
                ("reason", .string(event.reason.rawValue)),
                ("words", event.words.map { .array($0.map(JSONValue.string)) } ?? .null),
                ("phone_edits", event.phoneEdits.map(JSONValue.integer) ?? .null),
                event.candidate.source.jsonMember,
            ])
        case .partial(let event), .final(let event):
            var members: [(key: String, value: JSONValue)] = [
                ("type", .string(event.reason == nil ? "partial" : "final")),
                ("text", .string(event.text)),
                ("time", .number(rounded(event.time))),
            ]
            if let reason = event.reason { members.append(("reason", .string(reason))) }
            return .object(members + [event.source.jsonMember])
        case .commandCutOff(let event):
            return .object([("type", .string("command_cut_off")), ("text", .string(event.text)), ("time", .number(rounded(event.time))),
                            event.source.jsonMember])
        case .noCommand(let event):
            return .object([("type", .string("no_command")), ("time", .number(rounded(event.time))), event.source.jsonMember])
        case .query(let event):
            return .object([("type", .string("query")), ("q", .string(event.text)), ("status", .string(event.status.rawValue)),
                            ("id", .string(event.id))])
        case .answer(let event):
            return .object([("type", .string("answer")), ("q", .string(event.query)), ("text", .string(event.text)),
                            ("actions", .array(event.actions))])
        case .spoken(let event):
            return .object([("type", .string("spoken")), ("text", .string(event.text)), ("language", .string(event.language)),
                            ("requested_language", .string(event.requestedLanguage)), ("audio_s", .number(rounded(event.seconds))),
                            ("synthesis_s", .number(rounded(event.synthesisSeconds)))]
                            + (event.interruptedAfterSeconds.map { [("interrupted_after_s", .number(rounded($0)))] } ?? [])
                            + (event.passages.count > 1 ? [("passages", .array(event.passages.map(\.json)))] : []))
        case .audioSaved(let event):
            return .object([("type", .string("audio_saved")), ("path", .string(event.path)), ("keyword", .string(event.hotword.keyword)),
                            ("time", .number(rounded(event.hotword.time))), ("start", .number(rounded(event.start))),
                            ("end", .number(rounded(event.end))), event.hotword.source.jsonMember])
        case .error(let event):
            return .object([
                ("type", .string("error")),
                ("file", event.file.map(JSONValue.string) ?? .null),
                ("message", .string(event.message)),
            ])
        case .reloaded(let event):
            return .object([
                ("type", .string("reloaded")),
                ("applied", .array(event.changes.applied.map(JSONValue.string))),
                ("needs_restart", .array(event.changes.needsRestart.map(JSONValue.string))),
            ] + (event.detection?.members ?? []))
        case .reloadFailed(let event):
            return .object([("type", .string("reload_failed")), ("error", .string(event.message))])
        case .muted:
            return .object([("type", .string("muted"))])
        case .unmuted:
            return .object([("type", .string("unmuted"))])
        case .listen(let event):
            return .object([("type", .string("listen")), ("time", .number(rounded(event.time))), event.source.jsonMember])
        case .summary(let summary):
            return .object([
                ("type", .string("summary")),
                ("files", .integer(summary.files)),
                ("failed", .integer(summary.failedFiles)),
                ("audio_s", .number(rounded(summary.audioSeconds))),
                ("cpu_s", .number(rounded(summary.cpuSeconds))),
                ("rtf", .number(summary.realTimeFactor)),
                ("hits", .integer(summary.hits)),
                ("unanswered", .integer(summary.unansweredQueries)),
                ("peak_rss_mb", summary.peakResidentBytes.map { .number(rounded(Double($0) / 1_048_576)) } ?? .null),
            ] + (summary.echoCancellationCPUSeconds.map { [("echo_cancellation_cpu_s", JSONValue.number(rounded($0)))] } ?? [])
              + (summary.overruns.map { [("overruns", JSONValue.integer($0))] } ?? [])
              + (summary.suspends.map { [("suspends", JSONValue.integer($0))] } ?? [])
              + (summary.stalls.map { [("stalls", JSONValue.integer($0))] } ?? []))
        }
    }

    /// True for events that report something going wrong (an error, a lost device, a command
    /// cut off).
    package var isTrouble: Bool {
        switch self {
        case .error, .commandCutOff, .reloadFailed: true
        case .device(let event): [.lost, .stalled, .silent].contains(event.status)
        default: false
        }
    }

    /// The event as one line for a person (a line of a table, or of SUSI's answer, on a line of
    /// its own, indented), its control characters escaped.
    package var readableLine: String { plainReadableLine.escapingControlCharacters }

    private var plainReadableLine: String {
        switch self {
        case .start(let event):
            return event.readableText
        case .reloaded(let event):
            let changes = event.changes
            let applied = changes.applied.isEmpty ? "nothing to apply" : "applied " + changes.applied.joined(separator: ", ")
            let restart = changes.needsRestart.isEmpty ? "" : "; not applied, restart to apply: " + changes.needsRestart.joined(separator: ", ")
            return "configuration reloaded: \(applied)\(restart)" + (event.detection.map { "; now \($0.readableText)" } ?? "")
        case .reloadFailed(let event):
            return "configuration not reloaded, still using the previous one: \(event.message)"
        case .muted:
            return "muted: no hotword is listened for until unmuted"
        case .unmuted:
            return "unmuted: listening for the hotword again"
        case .listen(let event):
            return (event.source.name.map { "\($0)  " } ?? "") + "\(seconds(event.time))  listening for a command, as asked"
        case .device(let event):
            switch event.status {
            case .opened:
                let heard = event.heardChannel.map { ", hearing channel \($0) alone" } ?? ""
                let format = event.format.map { " (\($0.sampleRate) Hz, \($0.channels) channel\($0.channels == 1 ? "" : "s"), \($0.sampleFormat)\(heard))" } ?? ""
                return "capturing from \(event.device)\(format)"
            case .lost:
                return "lost \(event.device)" + (event.message.map { ": \($0)" } ?? "")
            case .stalled, .resumed, .silent, .sound:
                return "\(event.device): " + (event.message ?? event.status.rawValue)
            }
        case .candidate(let event):
            let candidate = event.candidate
            let heard = event.words.map { words in
                "heard \"\(words.joined(separator: " "))\", \(event.phoneEdits ?? 0) phone edit\(event.phoneEdits == 1 ? "" : "s")"
            } ?? "not decoded"
            return candidate.placeText + "candidate \"\(candidate.keyword)\" \(event.isHeard ? "heard" : "turned down")"
                + " (\(event.reason.rawValue): \(heard); \(candidate.spokenText))"
        case .bargeIn(let event):
            return (event.source.name.map { "\($0)  " } ?? "") + "\(seconds(event.time))  barge-in: the hotword was heard while the device played"
        case .hotword(let event):
            return event.placeText + "hotword \"\(event.keyword)\"  (\(event.spokenText))"
        case .partial(let event):
            return "… \(event.text)"
        case .final(let event):
            return "command \"\(event.text)\" at \(seconds(event.time))" + (event.reason == "end_of_speech" ? "" : " (\(event.reason ?? ""))")
        case .commandCutOff(let event):
            return "command cut off while being spoken (shutdown, or the device stopped), dropped: \"\(event.text)\" at \(seconds(event.time))"
        case .noCommand(let event):
            return "no command after the hotword (\(seconds(event.time)))"
        case .query(let event):
            switch event.status {
            case .sent: return "asked SUSI: \"\(event.text)\""
            case .spooled: return "kept for later: \"\(event.text)\" (the server could not be reached or did not answer; sent when it answers again)"
            case .failed: return "not answered: \"\(event.text)\""
            }
        case .answer(let event):
            return "SUSI: \(event.text)"
        case .spoken(let event):
            let fallback = event.passages.filter { $0.language != $0.requestedLanguage }
                .map { "; espeak-ng has no voice for \"\($0.requestedLanguage)\", spoken in \($0.language)" }.joined()
            let interruption = event.interruptedAfterSeconds.map { "; interrupted after \(seconds($0))" } ?? ""
            return "spoke \"\(event.text)\" (\(seconds(event.seconds)), synthesised in \(seconds(event.synthesisSeconds))\(fallback)\(interruption))"
        case .audioSaved(let event):
            return event.hotword.placeText + "saved the audio of hotword \"\(event.hotword.keyword)\" (\(seconds(event.start))–\(seconds(event.end))) to \(event.path)"
        case .error(let event):
            return "error: " + (event.file.map { "\($0): " } ?? "") + event.message
        case .summary(let summary):
            let failed = summary.failedFiles > 0 ? ", \(summary.failedFiles) failed" : ""
            let heard = summary.overruns == nil ? "\(summary.files) file\(summary.files == 1 ? "" : "s")\(failed), " : "stopped after "
            return heard + "\(seconds(summary.audioSeconds)) of audio, \(summary.hits) hit\(summary.hits == 1 ? "" : "s"), CPU \(seconds(summary.cpuSeconds)) (\(String(printf: "%.4f", summary.realTimeFactor)) × real time)"
        }
    }

}

/// A time in seconds as readable lines give it.
private func seconds(_ value: Double) -> String { String(printf: "%.3f s", value) }

/// A capture device opened, lost, stalled or delivering digital silence, and back.
package struct DeviceEvent: Equatable, Sendable {
    package enum Status: String, Sendable {
        /// Opened (at start, or again after it was lost).
        case opened
        /// Gone, or stalled too long: it is being opened again.
        case lost
        /// No audio for a while (``message`` says how long); waited for.
        case stalled
        /// Audio again after a stall.
        case resumed
        /// Audio of nothing but digital silence, every sample exactly 0 for a while (``message``
        /// says how long and what to do): the capture switch off or the capture volume at 0.
        case silent
        /// Audio other than digital silence again after `silent`.
        case sound
    }

    package var device: String
    package var status: Status
    /// What the device delivers, once opened.
    package var format: CaptureFormat?
    /// The one channel heard (`--channel`), once opened; nil when all are mixed.
    package var heardChannel: Int?
    /// Why it was lost, how long it stalled or was silent, what to do.
    package var message: String?

    package init(device: String, status: Status, format: CaptureFormat?, heardChannel: Int? = nil, message: String?) {
        self.device = device
        self.status = status
        self.format = format
        self.heardChannel = heardChannel
        self.message = message
    }
}

/// What detection listens for.
package struct StartEvent: Equatable, Sendable {
    package var keywords: [KeywordThreshold]
    package var gain: Double
    /// How detections are decided.
    package var decision: KeywordDecision
    /// The second stage's vocabulary; nil when detection has no second stage.
    package var recogniserVocabulary: RecogniserVocabulary?
    /// How the device keeps from hearing its own sounds; nil in a `reloaded` event.
    package var echo: EchoHandling?

    /// Detection of `keywords` as `configuration` sets it up.
    package init(keywords: [KeywordThreshold], configuration: Configuration, echo: EchoHandling? = nil) {
        self.keywords = keywords
        gain = configuration.gain
        decision = configuration.decision
        recogniserVocabulary = configuration.spotterConfiguration.recogniserVocabulary
        self.echo = echo
    }

    /// Gain, decision, vocabulary and keyphrases (and the echo handling, when set), as `start`
    /// and `reloaded` events write them.
    var members: [(key: String, value: JSONValue)] {
        [("gain", .number(gain)), ("decision", .string(decision.rawValue))]
            + (recogniserVocabulary.map { [(key: "recogniser_vocabulary", value: JSONValue.string($0.rawValue))] } ?? [])
            + (echo.map { [(key: "echo", value: JSONValue.string($0.rawValue))] } ?? [])
            + [("keywords", .array(keywords.map { $0.json(decision: decision) }))]
    }

    /// What is listened for, as a readable line says it.
    var readableText: String {
        let phrases = keywords.map { "\"\($0.keyphrase)\" (sensitivity \($0.sensitivity), threshold 1e\(String(printf: "%g", $0.log10Threshold)))" }
        return "listening for " + phrases.joined(separator: ", ") + (gain == 1 ? "" : ", gain \(gain)") + ", decided by \(decision.rawValue)"
            + (recogniserVocabulary.flatMap { $0 == .standard ? nil : " with the \($0.rawValue) vocabulary" } ?? "")
            + (echo.flatMap { $0 == .none ? nil : ", \($0.readableText)" } ?? "")
    }
}

/// How the pipeline keeps from hearing what the device plays.
package enum EchoHandling: String, Sendable {
    /// Speex's echo canceller removes it; detection goes on, and the hotword stops playback.
    case cancellation
    /// Detection pauses while the device plays and for its echo tail.
    case pause
    /// Nothing is played, or (a file run without an echo reference) nothing played is in the audio.
    case none

    /// As the log and readable lines say it.
    package var readableText: String {
        switch self {
        case .cancellation: "echo cancellation on: detection goes on during playback and the hotword interrupts it"
        case .pause: "no echo cancellation: detection paused during playback"
        case .none: "nothing played is heard: no echo handling"
        }
    }
}

/// The hotword heard while the device played.
package struct BargeInEvent: Equatable, Sendable {
    /// Stream position (seconds) of the frame that completed the hotword.
    package var time: Double
    package var source: StreamSource
}

/// The configuration read again on SIGHUP, once its live changes are in use.
package struct ReloadEvent: Equatable, Sendable {
    /// Which settings changed, applied or waiting for a restart.
    package var changes: ConfigurationChanges
    /// What detection listens for now, when a new detector took over.
    package var detection: StartEvent?

    package init(changes: ConfigurationChanges, detection: StartEvent?) {
        self.changes = changes
        self.detection = detection
    }
}

/// A keyword heard in a stream.
package struct HotwordEvent: Equatable, Sendable {
    /// The keyphrase heard.
    package var keyword: String
    /// Stream position (seconds) at which the detector reported the hit.
    package var time: Double
    /// The detector's estimate of where the spoken keyword starts and ends (seconds).
    package var start: Double
    package var end: Double
    /// log10 likelihood ratio of keyword against alternatives (higher is surer).
    package var score: Double
    /// Where the stream came from.
    package var source: StreamSource

    package init(hit: HotwordHit, sampleRate: Int, source: StreamSource) {
        keyword = hit.keyword
        time = Double(hit.detectionSample) / Double(sampleRate)
        start = Double(hit.startSample) / Double(sampleRate)
        end = Double(hit.endSample) / Double(sampleRate)
        score = hit.score
        self.source = source
    }

    /// Keyword, report time, span and score, as `hotword` and `candidate` events write them.
    var placeMembers: [(key: String, value: JSONValue)] {
        [("keyword", .string(keyword)), ("time", .number(rounded(time))), ("start", .number(rounded(start))),
         ("end", .number(rounded(end))), ("score", .number(rounded(score)))]
    }

    /// The source and report time that start a readable line.
    var placeText: String { (source.name.map { "\($0)  " } ?? "") + "\(seconds(time))  " }

    /// The span and score, as a readable line gives them.
    var spokenText: String { "spoken \(seconds(start))–\(seconds(end)), score \(String(printf: "%.1f", score))" }
}

/// What the second stage made of one candidate keyword the spotter proposed.
package struct CandidateEvent: Equatable, Sendable {
    /// The candidate as the spotter proposed it: keyphrase, report time, span, spotting score, source.
    package var candidate: HotwordEvent
    /// Why it was heard or turned down.
    package var reason: CandidateVerdict.Reason
    /// The recogniser's words over it; nil when it was turned down without decoding.
    package var words: [String]?
    /// Phone edits from those words to the keyphrase; nil when not decoded.
    package var phoneEdits: Int?

    package init(verdict: CandidateVerdict, sampleRate: Int, source: StreamSource) {
        candidate = HotwordEvent(hit: verdict.candidate, sampleRate: sampleRate, source: source)
        reason = verdict.reason
        words = verdict.heardWords
        phoneEdits = verdict.phoneEdits
    }

    /// Whether the candidate was heard (a `hotword` event follows unless another keyphrase's
    /// candidate in the same frame ranks first, or a command is being transcribed).
    package var isHeard: Bool { reason.isHeard }
}

/// Where a stream comes from: a file, or a capture device.
package enum StreamSource: Equatable, Sendable {
    case file(String)
    case device(String)
    case unnamed

    /// The path or device name.
    package var name: String? {
        switch self {
        case .file(let path): path
        case .device(let name): name
        case .unnamed: nil
        }
    }

    /// `"file": path` or `"device": name` in an event.
    var jsonMember: (key: String, value: JSONValue) {
        switch self {
        case .file(let path): ("file", .string(path))
        case .device(let name): ("device", .string(name))
        case .unnamed: ("file", .null)
        }
    }
}

/// A transcript of the command after the hotword.
package struct TranscriptEvent: Equatable, Sendable {
    package var text: String
    /// Stream position (seconds) when the text was produced.
    package var time: Double
    /// nil for a partial result; for a final one why the session ended:
    /// `end_of_speech`, `sentence_end`, `maximum_duration` or `finished` (the stream ended).
    package var reason: String?
    package var source: StreamSource

    package init(text: String, time: Double, reason: EndReason?, source: StreamSource) {
        self.text = text
        self.time = time
        self.reason = reason.map {
            switch $0 {
            case .endOfSpeech: "end_of_speech"
            case .sentenceEnd: "sentence_end"
            case .maximumDuration: "maximum_duration"
            case .finished: "finished"
            }
        }
        self.source = source
    }
}

/// A command session started on a local program's request.
package struct ListenRequestEvent: Equatable, Sendable {
    /// Stream position (seconds) where the session starts.
    package var time: Double
    package var source: StreamSource
}

/// No command followed the hotword.
package struct NoCommandEvent: Equatable, Sendable {
    package var time: Double
    package var source: StreamSource
}

/// A chat query and what became of it.
package struct QueryEvent: Equatable, Sendable {
    package enum Status: String, Sendable {
        /// Sent and answered.
        case sent
        /// The server was unreachable, or did not answer as a SUSI server: kept in the on-disk
        /// spool, sent when it answers again.
        case spooled
        /// Neither answered nor kept (the server refused it, or the spool could not take it).
        case failed
    }

    /// The `q` parameter.
    package var text: String
    /// Whether it was answered, kept for later or lost.
    package var status: Status
    /// The query's id, the same in the spool and when it is sent later.
    package var id: String
}

/// The SUSI server's answer to a query.
package struct AnswerEvent: Equatable, Sendable {
    /// The `q` that was sent.
    package var query: String
    /// The answer as one text for a person.
    package var text: String
    /// Each action as a JSON object whose `type` is SUSI's action type.
    package var actions: [JSONValue]
    /// What a device without a screen says for the answer, each passage in its language
    /// ("I have no answer to that." when SUSI had nothing to say); empty when it is not to be
    /// spoken (an answer to a query kept in the spool and sent again).
    package var spokenPassages: [SpokenPassage]
}

/// An answer spoken.
package struct SpokenEvent: Equatable, Sendable {
    /// Part of the answer spoken by one voice.
    package struct Passage: Equatable, Sendable {
        /// The text spoken.
        package var text: String
        /// The language of the voice that spoke it.
        package var language: String
        /// The language asked for: the query's, or English for the device's own sentences when
        /// they are not written in the query's; differs from `language` when espeak-ng lacks it.
        package var requestedLanguage: String

        var json: JSONValue {
            .object([("text", .string(text)), ("language", .string(language)), ("requested_language", .string(requestedLanguage))])
        }
    }

    /// What was spoken, in order (cut to the synthesizer's limit): one passage, or several when
    /// SUSI's words and the device's own sentences are in different languages.
    package var passages: [Passage]
    /// Length of the speech.
    package var seconds: Double
    /// Time from the answer's arrival to its first sample ready to play.
    package var synthesisSeconds: Double
    /// How much of it had been heard when a barge-in or shutdown stopped it; nil when it was played whole.
    package var interruptedAfterSeconds: Double?

    /// All the text spoken.
    package var text: String { passages.map(\.text).joined(separator: " ") }
    /// The language of the voice that spoke the first passage.
    package var language: String { passages.first?.language ?? "" }
    /// The language asked for the first passage.
    package var requestedLanguage: String { passages.first?.requestedLanguage ?? "" }
}

/// The audio of a wake-up, saved to a file.
package struct AudioSavedEvent: Equatable, Sendable {
    /// The WAV file.
    package var path: String
    /// The hotword it is the audio of (its keyword, time and source are the event's).
    package var hotword: HotwordEvent
    /// Stream positions (seconds) of the first sample saved and just past the last.
    package var start: Double
    package var end: Double
}

/// Something that failed, with a message a person can act on.
package struct ErrorEvent: Equatable, Sendable {
    package var file: String?
    package var message: String

    package init(file: String?, message: String) {
        self.file = file
        self.message = message
    }
}

/// Totals of a run over files.
package struct RunSummary: Equatable, Sendable {
    package var files: Int
    package var failedFiles: Int
    package var audioSeconds: Double
    package var cpuSeconds: Double
    package var hits: Int
    /// Highest resident memory of the process so far, where the system tells it.
    package var peakResidentBytes: Int?
    /// Chat queries not answered (kept in the spool or failed).
    package var unansweredQueries = 0
    /// CPU time the echo canceller took, when one ran.
    package var echoCancellationCPUSeconds: Double?
    /// Capture overruns and suspends recovered from (live capture only).
    package var overruns: Int?
    package var suspends: Int?
    /// Times the capture device delivered nothing for ``CaptureStallWatch/threshold`` or
    /// longer (live capture only).
    package var stalls: Int?

    /// CPU time per second of audio; zero when there was no audio.
    package var realTimeFactor: Double {
        audioSeconds > 0 ? ((cpuSeconds / audioSeconds) * 100_000).rounded() / 100_000 : 0
    }

    package init(files: Int = 0, failedFiles: Int = 0, audioSeconds: Double = 0, cpuSeconds: Double = 0, hits: Int = 0) {
        self.files = files
        self.failedFiles = failedFiles
        self.audioSeconds = audioSeconds
        self.cpuSeconds = cpuSeconds
        self.hits = hits
    }
}

extension KeywordThreshold {
    /// The keyphrase's calibration as a JSON object: keyphrase, sensitivity, phones and log10
    /// threshold, and unless `decision` is spotting alone, the candidate threshold, the inexact
    /// floor and the phone edits allowed (as in the `start` event).
    package func json(decision: KeywordDecision) -> JSONValue {
        .object([
            ("keyword", .string(keyphrase)),
            ("sensitivity", .number(sensitivity)),
            ("phones", .integer(phoneCount)),
            ("log10_threshold", .number(rounded(log10Threshold))),
        ] + (decision == .spotting ? [] : [
            ("log10_candidate_threshold", .number(rounded(log10CandidateThreshold))),
            ("log10_inexact_floor", .number(rounded(log10InexactFloor))),
            ("phone_edits_allowed", .integer(phoneEditsAllowed)),
            ("phone_edits_allowed_slow", .integer(slowPhoneEditsAllowed)),
        ]))
    }
}

/// `value` to the millisecond (or thousandth), as events report times and scores.
private func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
