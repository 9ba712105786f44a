import AudioInput
import FoundationEssentials
import HotwordDetection
import ServerSockets
import SusiChat
import Transcription

extension Setting {
    /// Every setting, in the order of the configuration file's sections: the keys a file may
    /// set, the reload's order, the README table's.
    package static let all: [Setting] = [
        device, alsaConfiguration, period, channel,
        keywords, sensitivity, pronunciations, gain, decision, recogniserVocabulary, acousticModel, dictionary, keywordDictionary,
        transcribe, languageModel, sentenceEnd, trailingSilence, maximumDuration, noSpeechTimeout,
        chatEnabled, server, language, latitude, longitude, countryCode, countryName, deviceType, accessToken, accessTokenFile, spoolDirectory, requestTimeout,
        playbackDevice, sounds, speech, hotwordSound, doneSound, echoCancellation,
        logLevel, json, candidates, saveAudioDirectory, saveAudioMaximumFiles,
        eventsSocket, eventsSocketGroup,
        serveURI, maximumClients, idleTimeout, zeroconf,
    ]

    // MARK: capture

    package static let device = Setting(
        "capture.device", flag: SettingFlag(name: "device", form: .value(valueName: "name")), live: false,
        help: "ALSA capture device: default, hw:1,0, plughw:1,0, dsnoop, ...", format: .name("a device name"), at: \.device)
    package static let alsaConfiguration = Setting(
        "capture.alsa_config", flag: SettingFlag(name: "alsa-config", form: .value(valueName: "file")), live: false,
        help: "ALSA configuration file that defines --device, read instead of the system's",
        format: SettingFormat.name("a file path").optional, at: \.alsaConfigurationFile)
    package static let period = Setting(
        "capture.period_ms", live: false, help: "ALSA period in milliseconds (10–100)",
        format: .integer(in: 10...100, of: "milliseconds"), at: \.periodMilliseconds)
    package static let channel = Setting(
        "capture.channel", flag: SettingFlag(name: "channel", form: .value(valueName: "n")), live: false, unset: "all channels mixed",
        help: "Hear one channel alone, counted from 0 (a microphone array's processed channel), of the capture device and of --file audio, instead of all channels mixed",
        format: SettingFormat.integer(in: 0...(AudioFileReader.maximumChannelCount - 1), of: nil).optional, at: \.channel)

    // MARK: hotword

    package static let keywords: Setting = {
        let expected = "a keyphrase or an array of them, none empty and none twice"
        let format = SettingFormat.string(expected).checked(expected) { !$0.allSatisfy(\.isWhitespace) }
            .list(expected).checked(expected) { phrases in
                !phrases.isEmpty && Set(phrases.map(PronunciationLexicon.normalised)).count == phrases.count
            }
        return Setting(
            "hotword.keywords", flag: SettingFlag(name: "keyword", form: .value(valueName: "keyphrase")), live: true,
            help: "Keyphrase to listen for; repeat for several",
            value: { format.write($0.keywords.map(\.keyphrase)) },
            store: { value, draft throws(SettingProblem) in draft.keyphrases = try format.read(value) })
    }()
    package static let sensitivity: Setting = {
        let format = SettingFormat.number("a number from 0 to 1") { (0...1).contains($0) }.list("a number from 0 to 1 or an array of them")
        return Setting(
            "hotword.sensitivity", flag: SettingFlag(name: "sensitivity", form: .value(valueName: "s")), live: true,
            help: "0...1, higher = more detections and more false alarms; one value for all keywords or one per --keyword, in order",
            value: { configuration in
                let values = configuration.keywords.map(\.sensitivity)
                return Set(values).count == 1 ? .float(values[0]) : format.write(values)
            },
            store: { value, draft throws(SettingProblem) in draft.sensitivities = try format.read(value) },
            agreement: sameSensitivities)
    }()
    package static let pronunciations = Setting(
        "hotword.pronunciations", flag: SettingFlag(name: "pronunciation", form: .value(valueName: "word=phones")), live: true,
        help: "Your own pronunciation of a word, read before the dictionaries and replacing their entries for it: WORD=PHONES with the acoustic model's phones, e.g. \"susi=S UW Z IY\" (case does not matter, stress digits as in AH0 are dropped); repeat for more words, or for a second variant of one",
        format: SettingFormat(read: { value throws(SettingProblem) in
            guard case .string(let text) = value else { throw .expected("a \"WORD=PHONES\" string") }
            do {
                return try UserPronunciation(parsing: text)
            } catch {
                throw .refused("\"\(text)\": \(error)")
            }
        }, write: { .string($0.text) }).list("a \"WORD=PHONES\" string or an array of them"),
        at: \.pronunciations)
    package static let gain = Setting(
        "hotword.gain", flag: SettingFlag(name: "gain", form: .value(valueName: "g")), live: true,
        help: "Multiplier applied to the audio before detection and the command's transcription, clipped to full scale",
        format: .number("a number above 0") { $0.isFinite && $0 > 0 }, at: \.gain)
    package static let decision = Setting(
        "hotword.decision", flag: SettingFlag(name: "decision", form: .value(valueName: "method")), live: true,
        help: "How a detection is decided: two-stage (spotting proposes candidates; the words a recogniser hears over each, and the spotting score, decide), verified (the recogniser's words alone decide) or spotting (keyword spotting alone)",
        format: .oneOfTheCases, at: \.decision)
    package static let recogniserVocabulary = Setting(
        "hotword.recogniser_vocabulary", flag: SettingFlag(name: "recogniser-vocabulary", form: .value(valueName: "size")), live: true,
        help: "The second stage's recogniser: compact (the 30,000 most common words and the rarer ones that sound like a keyphrase word) or full (all 72,545 words: more memory)",
        format: .oneOfTheCases, at: \.modelFiles.recogniserVocabulary)
    package static let acousticModel = Setting(
        "hotword.acoustic_model", flag: SettingFlag(name: "acoustic-model", form: .value(valueName: "dir")), live: true,
        help: "Folder of the PocketSphinx acoustic model", format: .name("a path"), at: \.modelFiles.acousticModel)
    package static let dictionary = Setting(
        "hotword.dictionary", flag: SettingFlag(name: "dictionary", form: .value(valueName: "file")), live: true,
        help: "General pronunciation dictionary", format: .name("a path"), at: \.modelFiles.generalDictionary)
    package static let keywordDictionary = Setting(
        "hotword.keyword_dictionary", flag: SettingFlag(name: "keyword-dictionary", form: .value(valueName: "file")), live: true,
        unset: "Models/keywords.dict of this installation", help: "The project's keyword dictionary, read before the general one",
        format: SettingFormat.name("a path").optional, at: \.modelFiles.keywordDictionary)

    // MARK: transcription

    package static let transcribe = Setting(
        "transcription.enabled", flag: SettingFlag(name: "no-transcription", form: .switching(to: false, help: "Stop at the hotword: no transcription, no chat query.")),
        live: false, help: "Transcribe the command after the hotword; false stops at the hotword", format: .bool, at: \.transcribe)
    package static let languageModel = Setting(
        "transcription.model", flag: SettingFlag(name: "language-model", form: .value(valueName: "model")), live: false,
        help: "Language model for the command: domain (the project's SUSI command model) or general (PocketSphinx's English model)",
        format: SettingFormat(read: { value throws(SettingProblem) in
            switch value {
            case .string("general"): return .general
            case .string("domain"): return Configuration.domainModel
            default: throw .expected("\"domain\" or \"general\"")
            }
        }, write: { .string($0 == .general ? "general" : "domain") }),
        at: \.transcriber.languageModel)
    package static let sentenceEnd = Setting(
        "transcription.sentence_end", flag: SettingFlag(name: "no-sentence-end", form: .switching(to: false, help: "Wait for silence even when talk goes on after what the domain model hears as a whole command.")),
        live: false, help: "End the command where the domain model hears it end before talk that does not continue it; false waits for silence",
        format: .bool, at: \.transcriber.endsAtSentenceEnd)
    package static let trailingSilence = Setting(
        "transcription.trailing_silence_s", flag: SettingFlag(name: "trailing-silence", form: .value(valueName: "seconds")), live: false,
        help: "Silence that ends the command, in seconds", format: .seconds(in: Configuration.durationRange), at: \.transcriber.trailingSilence)
    package static let maximumDuration = Setting(
        "transcription.max_duration_s", flag: SettingFlag(name: "max-command", form: .value(valueName: "seconds")), live: false,
        help: "Longest command, in seconds", format: .seconds(in: Configuration.durationRange), at: \.transcriber.maximumDuration)
    package static let noSpeechTimeout = Setting(
        "transcription.no_speech_timeout_s", live: false, help: "How long to wait for the command to start, in seconds",
        format: .seconds(in: Configuration.durationRange), at: \.transcriber.noSpeechTimeout)

    // MARK: chat

    package static let chatEnabled = Setting(
        "chat.enabled", flag: SettingFlag(name: "no-chat", form: .switching(to: false, help: "Stop at the transcript: no chat query.")),
        live: false, help: "Send the command to SUSI; false stops at the transcript", format: .bool, at: \.chatEnabled)
    package static let server = Setting(
        "chat.server", flag: SettingFlag(name: "server", form: .value(valueName: "url")), live: true, help: "SUSI server",
        format: SettingFormat(read: { value throws(SettingProblem) in
            guard case .string(let text) = value, let url = URL(string: text), ChatClientConfiguration.isUsableServer(url) else {
                throw .expected("an http or https URL without a query or fragment")
            }
            return url
        }, write: { .string($0.absoluteString) }),
        at: \.chat.server)
    package static let language = Setting(
        "chat.language", flag: SettingFlag(name: "language", form: .value(valueName: "code")), live: true,
        help: "Language code sent with each query",
        format: SettingFormat.string("a language code such as \"en\"").checked("a language code such as \"en\"") { !$0.allSatisfy(\.isWhitespace) },
        at: \.chat.language)
    package static let latitude = Setting(
        "chat.latitude", live: true, help: "Latitude sent with each query",
        format: SettingFormat.number("degrees from -90 to 90") { abs($0) <= 90 }.optional, at: \.chat.latitude)
    package static let longitude = Setting(
        "chat.longitude", live: true, help: "Longitude sent with each query",
        format: SettingFormat.number("degrees from -180 to 180") { abs($0) <= 180 }.optional, at: \.chat.longitude)
    package static let countryCode = Setting(
        "chat.country_code", live: true, help: "Country code sent with each query", format: SettingFormat.string("a string").optional, at: \.chat.countryCode)
    package static let countryName = Setting(
        "chat.country_name", live: true, help: "Country name sent with each query", format: SettingFormat.string("a string").optional, at: \.chat.countryName)
    package static let deviceType = Setting(
        "chat.device_type", live: true, help: "Device type sent with each query", format: .string("a string"), at: \.chat.deviceType)
    package static let accessToken: Setting = {
        let format = SettingFormat.string("a string").optional
        return Setting(
            "chat.access_token", live: true, secret: true, help: "SUSI access token (never logged)",
            value: { format.write($0.chat.accessToken) },
            store: { value, draft throws(SettingProblem) in
                draft.configuration.chat.accessToken = try format.read(value)
                draft.configuration.accessTokenFile = nil
            })
    }()
    package static let accessTokenFile: Setting = {
        let format = SettingFormat.name("a file path").optional
        return Setting(
            "chat.access_token_file", live: true, help: "File holding the SUSI access token, read at start and on SIGHUP",
            value: { format.write($0.accessTokenFile) },
            store: { value, draft throws(SettingProblem) in
                draft.configuration.accessTokenFile = try format.read(value)
                draft.configuration.chat.accessToken = nil
            })
    }()
    package static let spoolDirectory = Setting(
        "chat.spool_dir", flag: SettingFlag(name: "spool-dir", form: .value(valueName: "dir")), live: false,
        help: "Folder that keeps queries the server has not answered (unreachable, or a reply that is not SUSI's), at most 100 (the oldest are dropped), one process per folder",
        format: SettingFormat(read: { value throws(SettingProblem) in URL(fileURLWithPath: try SettingFormat.name("a folder path").read(value)) },
                              write: { .string($0.path) }).optional,
        at: \.chat.spoolDirectory)
    package static let requestTimeout = Setting(
        "chat.timeout_s", live: true, help: "Seconds one request may take",
        format: SettingFormat(read: { value throws(SettingProblem) in
            .milliseconds(Int(try SettingFormat.seconds(in: Configuration.durationRange).read(value) * 1000))
        }, write: { .float($0.timeInterval) }),
        at: \.chat.requestTimeout)

    // MARK: playback

    package static let playbackDevice = Setting(
        "playback.device", flag: SettingFlag(name: "playback-device", form: .value(valueName: "name")), live: false,
        help: "ALSA playback device for sounds and spoken answers", format: .name("a device name"), at: \.talkBack.playbackDevice)
    package static let sounds = Setting(
        "playback.sounds", flag: SettingFlag(name: "no-sounds", form: .switching(to: false, help: "Play no sound on the hotword or at the end of a command.")),
        live: false, help: "Sounds on the hotword and at the end of a command", format: .bool, at: \.talkBack.sounds)
    package static let speech = Setting(
        "playback.speech", flag: SettingFlag(name: "no-speech", form: .switching(to: false, help: "Do not speak SUSI's answers.")),
        live: false, help: "SUSI's answers spoken", format: .bool, at: \.talkBack.speech)
    package static let hotwordSound = Setting(
        "playback.hotword_sound", flag: SettingFlag(name: "hotword-sound", form: .value(valueName: "file")), live: false,
        unset: "a built-in chime", help: "Audio file played on the hotword, any format libsndfile reads",
        format: SettingFormat.name("a path").optional, at: \.talkBack.hotwordSound)
    package static let doneSound = Setting(
        "playback.done_sound", flag: SettingFlag(name: "done-sound", form: .value(valueName: "file")), live: false,
        unset: "a built-in chime", help: "Audio file played once the command is complete",
        format: SettingFormat.name("a path").optional, at: \.talkBack.doneSound)
    package static let echoCancellation = Setting(
        "playback.echo_cancellation", flag: SettingFlag(name: "echo-cancellation", form: .onOff), live: false,
        help: "on: cancel what the device plays from what it hears (Speex), so the hotword is heard during playback and interrupts it; off: pause detection while it plays",
        format: .bool, at: \.talkBack.echoCancellation)

    // MARK: log

    package static let logLevel = Setting(
        "log.level", flag: SettingFlag(name: "log-level", form: .value(valueName: "level")), live: false,
        help: "Lowest log level: " + Configuration.logLevels.joined(separator: ", "), format: .choice(Configuration.logLevels), at: \.logLevel)
    package static let json = Setting(
        "log.json", flag: SettingFlag(name: "json", form: .switching(to: true, help: "Write events as JSON lines on standard output.")),
        live: false, help: "Events as JSON lines on standard output", format: .bool, at: \.json)
    package static let candidates = Setting(
        "log.candidates", flag: SettingFlag(name: "candidates", form: .switching(to: true, help: "Report every candidate the second stage decides on, heard or turned down, with the words the recogniser heard and why (candidate events; not with --decision spotting).")),
        live: false, help: "Every candidate the second stage decides on reported (candidate events)", format: .bool, at: \.reportCandidates)

    package static let saveAudioDirectory = Setting(
        "log.save_audio_dir", flag: SettingFlag(name: "save-audio", form: .value(valueName: "dir")), live: false,
        help: "Folder in which the audio of each wake-up is saved as a WAV file, from \(WakeRecording.preRollSeconds) s before the keyword to the end of its command (created if the folder it is in exists)",
        format: SettingFormat.name("a folder path").optional, at: \.saveAudioDirectory)
    package static let saveAudioMaximumFiles = Setting(
        "log.save_audio_max_files", flag: SettingFlag(name: "save-audio-max", form: .value(valueName: "n")), live: false,
        help: "Most wake-up recordings kept in the --save-audio folder; beyond it the oldest are deleted (never other files)",
        format: .integer(in: Configuration.saveAudioMaximumFilesRange, of: "files"), at: \.saveAudioMaximumFiles)

    // MARK: events

    package static let eventsSocket = Setting(
        "events.socket", flag: SettingFlag(name: "events-socket", form: .value(valueName: "path")), live: false,
        help: "Unix socket (created mode 0660) on which local programs read every event as a JSON line and, from a daemon on a capture device (not serve), may send {\"type\":\"mute\"}, {\"type\":\"unmute\"} or {\"type\":\"listen\"}",
        format: SettingFormat(read: { value throws(SettingProblem) in
            let path = try SettingFormat.name("a socket path").read(value)
            if let problem = Configuration.socketPathProblem(path) { throw .expected("a socket path (\(problem))") }
            return path
        }, write: { .string($0) }).optional,
        at: \.eventsSocket)
    package static let eventsSocketGroup = Setting(
        "events.socket_group", flag: SettingFlag(name: "events-socket-group", form: .value(valueName: "group")), live: false,
        unset: "the process's group", help: "Group the events socket belongs to",
        format: SettingFormat.name("a group name").optional, at: \.eventsSocketGroup)

    // MARK: serve

    package static let serveURI = Setting(
        "serve.uri", flag: SettingFlag(name: "uri", form: .value(valueName: "uri")), live: false,
        help: "Where serve listens: tcp://HOST:PORT or unix://PATH",
        format: SettingFormat(read: { value throws(SettingProblem) in
            let uri = try SettingFormat.string("tcp://HOST:PORT or unix://PATH").read(value)
            do {
                _ = try ServerAddress(uri: uri)
            } catch {
                throw .expected("tcp://HOST:PORT or unix://PATH (\(error))")
            }
            return uri
        }, write: { .string($0) }),
        at: \.serveURI)
    package static let maximumClients = Setting(
        "serve.max_clients", flag: SettingFlag(name: "max-clients", form: .value(valueName: "n")), live: false,
        help: "Most clients served at once, 1-1024; one more is refused with an error event",
        format: .integer(in: Configuration.maximumClientsRange), at: \.maximumClients)
    package static let idleTimeout = Setting(
        "serve.idle_timeout_s", flag: SettingFlag(name: "idle-timeout", form: .value(valueName: "seconds")), live: false,
        help: "Seconds a client may send nothing before it is disconnected, 1-86400, until it sends detect (from then on it may wait for audio for good)",
        format: .seconds(in: Configuration.idleTimeoutRange), at: \.idleTimeout)
    package static let zeroconf = Setting(
        "serve.zeroconf", flag: SettingFlag(name: "zeroconf", form: .optionalName(valueName: "name")), live: false,
        help: "Announce the server on the local network as _wyoming._tcp through Avahi, under NAME (without one: susi-listen on HOST)",
        value: { $0.zeroconfName.map(ConfigurationValue.string) ?? .bool($0.zeroconf) },
        store: { value, draft throws(SettingProblem) in
            switch value {
            case .bool(let flag): draft.configuration.zeroconf = flag
            case .string(let name) where !name.isEmpty:
                draft.configuration.zeroconf = true
                draft.configuration.zeroconfName = name
            default: throw .expected("true, false or the name to announce")
            }
        })

    /// Whether the sensitivities agree: the same values, and the same for each keyphrase both
    /// have (a keyphrase added at the sensitivity the others share changes no sensitivity).
    private static func sameSensitivities(_ old: Configuration, _ new: Configuration) -> Bool {
        let before = Dictionary(old.keywords.map { ($0.keyphrase, $0.sensitivity) }, uniquingKeysWith: { first, _ in first })
        return Set(old.keywords.map(\.sensitivity)) == Set(new.keywords.map(\.sensitivity))
            && new.keywords.allSatisfy { keyword in before[keyword.keyphrase].map { $0 == keyword.sensitivity } ?? true }
    }
}
