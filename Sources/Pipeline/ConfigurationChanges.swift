/// What a configuration read again (on SIGHUP) changes for a running daemon, by configuration
/// file key: what it applies while it listens, and what waits for a restart.
///
/// Detection settings are applied by building a new detector beside the running one; the chat
/// settings from the next query on. The capture device and its period, the transcription
/// session, the spool folder, playback, the log and the events socket are set up once, at start;
/// the `serve.*` keys are `serve`'s, which is not reloaded.
public struct ConfigurationChanges: Sendable, Equatable {
    /// Keys whose new values the daemon applies.
    public var applied: [String]
    /// Keys whose new values are ignored until the daemon is restarted.
    public var needsRestart: [String]
    /// Whether applying them needs a new detector.
    public var rebuildsDetector: Bool
    /// Whether applying them changes what the chat client sends or where.
    public var changesChat: Bool

    /// What `next` changes: the live settings against `current` (those in use), the others
    /// against `started` (those the daemon started with, still in use).
    public init(started: Configuration, current: Configuration, next: Configuration) {
        applied = Self.settings.filter { $0.isLive && !$0.isSame(current, next) }.map(\.key)
        needsRestart = Self.settings.filter { !$0.isLive && !$0.isSame(started, next) }.map(\.key)
        rebuildsDetector = current.spotterConfiguration != next.spotterConfiguration
        changesChat = applied.contains { $0.hasPrefix("chat.") }
    }

    /// Every setting a configuration file can make, by its key: whether a running daemon
    /// applies it, and whether two configurations agree on it.
    private static var settings: [(key: String, isLive: Bool, isSame: (Configuration, Configuration) -> Bool)] {
        func setting<Value: Equatable>(_ key: String, live: Bool, _ value: @escaping (Configuration) -> Value)
            -> (key: String, isLive: Bool, isSame: (Configuration, Configuration) -> Bool) {
            (key, live, { value($0) == value($1) })
        }
        return [
            setting("capture.device", live: false) { $0.device },
            setting("capture.alsa_config", live: false) { $0.alsaConfigurationFile },
            setting("capture.period_ms", live: false) { $0.periodMilliseconds },
            setting("hotword.keywords", live: true) { $0.keywords.map(\.keyphrase) },
            ("hotword.sensitivity", true, sameSensitivities),
            setting("hotword.pronunciations", live: true) { $0.pronunciations },
            setting("hotword.gain", live: true) { $0.gain },
            setting("hotword.decision", live: true) { $0.decision },
            setting("hotword.acoustic_model", live: true) { $0.modelFiles.acousticModel },
            setting("hotword.dictionary", live: true) { $0.modelFiles.generalDictionary },
            setting("hotword.keyword_dictionary", live: true) { $0.modelFiles.keywordDictionary },
            setting("transcription.enabled", live: false) { $0.transcribe },
            setting("transcription.model", live: false) { $0.transcriber.languageModel },
            setting("transcription.trailing_silence_s", live: false) { $0.transcriber.trailingSilence },
            setting("transcription.max_duration_s", live: false) { $0.transcriber.maximumDuration },
            setting("transcription.no_speech_timeout_s", live: false) { $0.transcriber.noSpeechTimeout },
            setting("chat.enabled", live: false) { $0.chatEnabled },
            setting("chat.server", live: true) { $0.chat.server },
            setting("chat.language", live: true) { $0.chat.language },
            setting("chat.latitude", live: true) { $0.chat.latitude },
            setting("chat.longitude", live: true) { $0.chat.longitude },
            setting("chat.country_code", live: true) { $0.chat.countryCode },
            setting("chat.country_name", live: true) { $0.chat.countryName },
            setting("chat.device_type", live: true) { $0.chat.deviceType },
            setting("chat.access_token", live: true) { $0.chat.accessToken },
            setting("chat.timeout_s", live: true) { $0.chat.requestTimeout },
            setting("chat.spool_dir", live: false) { $0.chat.spoolDirectory },
            setting("playback.device", live: false) { $0.talkBack.playbackDevice },
            setting("playback.sounds", live: false) { $0.talkBack.sounds },
            setting("playback.speech", live: false) { $0.talkBack.speech },
            setting("playback.hotword_sound", live: false) { $0.talkBack.hotwordSound },
            setting("playback.done_sound", live: false) { $0.talkBack.doneSound },
            setting("playback.echo_cancellation", live: false) { $0.talkBack.echoCancellation },
            setting("log.level", live: false) { $0.logLevel },
            setting("log.json", live: false) { $0.json },
            setting("log.candidates", live: false) { $0.reportCandidates },
            setting("events.socket", live: false) { $0.eventsSocket },
            setting("events.socket_group", live: false) { $0.eventsSocketGroup },
            setting("serve.uri", live: false) { $0.serveURI },
            setting("serve.max_clients", live: false) { $0.maximumClients },
            setting("serve.idle_timeout_s", live: false) { $0.idleTimeout },
            setting("serve.zeroconf", live: false) { $0.zeroconfName ?? ($0.zeroconf ? "" : nil) },
        ]
    }

    /// Whether the sensitivities agree: the same values, and the same for each keyphrase both
    /// have (a keyphrase added at the sensitivity the others share changes no sensitivity).
    private static func sameSensitivities(_ old: Configuration, _ new: Configuration) -> Bool {
        let before = Dictionary(old.keywords.map { ($0.keyphrase, $0.sensitivity) }, uniquingKeysWith: { first, _ in first })
        return Set(old.keywords.map(\.sensitivity)) == Set(new.keywords.map(\.sensitivity))
            && new.keywords.allSatisfy { keyword in before[keyword.keyphrase].map { $0 == keyword.sensitivity } ?? true }
    }
}
