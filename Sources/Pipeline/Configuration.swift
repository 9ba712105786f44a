import Foundation
import HotwordDetection
import ServerSockets
import SusiChat
import Transcription

/// Every setting of susi-listen, with defaults that work: built from the defaults, then a
/// configuration file, then command-line flags.
public struct Configuration: Sendable, Equatable {
    /// ALSA PCM to capture from (`default`, `hw:1,0`, `plughw:1,0`, `dsnoop`, ...).
    public var device = "default"
    /// An ALSA configuration file that defines `device`, read instead of the system's.
    public var alsaConfigurationFile: String?
    /// Length of one ALSA period.
    public var periodMilliseconds = 30
    /// Keyphrases with their sensitivities.
    public var keywords = [KeywordSetting(keyphrase: "susi")]
    /// The user's own pronunciations (`WORD=PHONES`), read before the dictionaries.
    public var pronunciations: [UserPronunciation] = []
    /// Multiplier applied before detection.
    public var gain = 1.0
    /// PocketSphinx model and dictionaries.
    public var modelFiles = AcousticModelFiles()
    /// How a detection is decided.
    public var decision = KeywordDecision.twoStage
    /// Lowest level written to the log: trace, debug, info, notice, warning, error, critical.
    public var logLevel = "info"
    /// Events as JSON lines on standard output.
    public var json = false
    /// Report every candidate the second stage decided on as a `candidate` event.
    public var reportCandidates = false
    /// Transcribe the command after the hotword.
    public var transcribe = true
    /// Language model and timings of the transcription session.
    public var transcriber = TranscriberConfiguration()
    /// Send the command to SUSI as a chat query.
    public var chatEnabled = true
    /// The SUSI server and what the query says about the device.
    public var chat = ChatClientConfiguration()
    /// Sounds, spoken answers and the playback device.
    public var talkBack = TalkBackConfiguration()
    /// The Unix socket local programs get the events from and send requests to, if any.
    public var eventsSocket: String?
    /// The group the events socket belongs to (mode 0660); the process's group when nil.
    public var eventsSocketGroup: String?
    /// Where `serve` listens: `tcp://HOST:PORT` or `unix://PATH`.
    public var serveURI = "tcp://0.0.0.0:10400"
    /// Most Wyoming clients `serve` serves at once.
    public var maximumClients = 16
    /// Seconds a Wyoming client may send nothing before it is disconnected.
    public var idleTimeout = 60.0
    /// Whether `serve` announces itself on zeroconf (Avahi).
    public var zeroconf = false
    /// The name it is announced under; a name made of the host's when nil.
    public var zeroconfName: String?

    /// Whether commands reach SUSI: only a transcribed command can be sent.
    public var forwardsCommands: Bool { transcribe && chatEnabled }

    /// How detection keeps from hearing what the device plays, when it plays anything.
    public var echoHandling: EchoHandling { talkBack.echoCancellation ? .cancellation : .pause }

    public init() {}

    /// The keyword spotter these settings describe.
    public var spotterConfiguration: KeywordSpotterConfiguration {
        KeywordSpotterConfiguration(keywords: keywords, pronunciations: pronunciations, gain: gain, modelFiles: modelFiles, decision: decision)
    }

    /// The project's command model; the caller points it at the installed `Models/commands`.
    public static var domainModel: LanguageModelChoice { TranscriberConfiguration().languageModel }

    /// The keys a configuration file may set, with what each takes.
    public static let fileKeys: [(key: String, meaning: String)] = [
        ("capture.device", "ALSA PCM name"),
        ("capture.alsa_config", "ALSA configuration file defining the device"),
        ("capture.period_ms", "ALSA period in milliseconds (10–100)"),
        ("hotword.keywords", "keyphrases: a string or an array of strings"),
        ("hotword.sensitivity", "0…1: one number for all keyphrases or an array, one per keyphrase"),
        ("hotword.pronunciations", "your own pronunciations, \"WORD=PHONES\" (\"susi=S UW Z IY\"): a string or an array of strings"),
        ("hotword.gain", "audio gain above 0"),
        ("hotword.decision", "\"two-stage\" (default), \"verified\" or \"spotting\""),
        ("hotword.acoustic_model", "PocketSphinx acoustic model folder"),
        ("hotword.dictionary", "general pronunciation dictionary"),
        ("hotword.keyword_dictionary", "the project's keyphrase dictionary"),
        ("transcription.enabled", "false to stop at the hotword"),
        ("transcription.model", "\"domain\" (the project's command model) or \"general\" (PocketSphinx's English model)"),
        ("transcription.trailing_silence_s", "silence that ends the command"),
        ("transcription.max_duration_s", "longest command"),
        ("transcription.no_speech_timeout_s", "how long to wait for the command to start"),
        ("chat.enabled", "false to stop at the transcript"),
        ("chat.server", "SUSI server URL"),
        ("chat.language", "language code sent with the query"),
        ("chat.latitude", "latitude sent with the query"),
        ("chat.longitude", "longitude sent with the query"),
        ("chat.country_code", "country code sent with the query"),
        ("chat.country_name", "country name sent with the query"),
        ("chat.device_type", "device type sent with the query"),
        ("chat.access_token", "SUSI access token (never logged)"),
        ("chat.spool_dir", "folder keeping queries while the server is unreachable"),
        ("chat.timeout_s", "seconds a request may take"),
        ("playback.device", "ALSA PCM to play sounds and answers through"),
        ("playback.sounds", "false for no sound on the hotword and at the end of a command"),
        ("playback.speech", "false to leave answers unspoken"),
        ("playback.hotword_sound", "audio file played on the hotword (default: a built-in chime)"),
        ("playback.done_sound", "audio file played once the command is complete (default: a built-in chime)"),
        ("playback.echo_cancellation", "false to pause detection while the device plays instead of cancelling its echo"),
        ("log.level", "trace, debug, info, notice, warning, error or critical"),
        ("log.json", "true for JSON lines on standard output"),
        ("log.candidates", "true to report every candidate the second stage decides on (`candidate` events)"),
        ("events.socket", "Unix socket path that local programs read the events from and send requests to"),
        ("events.socket_group", "group the events socket belongs to (mode 0660)"),
        ("serve.uri", "where serve listens: tcp://HOST:PORT or unix://PATH"),
        ("serve.max_clients", "Wyoming clients served at once (1–1024)"),
        ("serve.idle_timeout_s", "seconds a Wyoming client may send nothing (1–86400)"),
        ("serve.zeroconf", "true, or the name to announce serve under on zeroconf (Avahi)"),
    ]

    /// The number of Wyoming clients `serve` may be told to serve at once.
    public static let maximumClientsRange = 1...1024
    /// The idle timeouts, in seconds, `serve` may be given.
    public static let idleTimeoutRange = 1.0...86_400

    /// Why `path` cannot be a Unix socket (too long), or nil when it can.
    public static func socketPathProblem(_ path: String) -> String? {
        do {
            _ = try ServerAddress(uri: "unix://" + path)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The durations a user may set (the session's timings, the request timeout), in seconds:
    /// from 50 ms to an hour (far longer ones overflowed the sample counts).
    public static let durationRange = 0.05...3600.0

    /// The log levels `logLevel` may name.
    public static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]

    /// Applies the entries of the configuration file at `path`; unknown keys are returned as
    /// warnings rather than refused, so an older susi-listen reads a newer file.
    public mutating func apply(_ entries: [ConfigurationEntry], from path: String) throws(ConfigurationError) -> [String] {
        var warnings: [String] = []
        var keyphrases: [String]?
        var sensitivities: [Double]?
        var sensitivityLine = 0
        for entry in entries {
            func fail(_ expected: String) -> ConfigurationError {
                let got = ConfigurationFile.secretKeys.contains(entry.key) ? "a value not shown (it is secret)" : entry.value.written
                return ConfigurationError(path: path, line: entry.line, message: "key \"\(entry.key)\": expected \(expected), got \(got)")
            }
            switch (entry.key, entry.value) {
            case ("capture.device", .string(let name)) where !name.isEmpty: device = name
            case ("capture.device", _): throw fail("a device name")
            case ("capture.alsa_config", .string(let file)): alsaConfigurationFile = file
            case ("capture.alsa_config", _): throw fail("a file path")
            case ("capture.period_ms", .integer(let milliseconds)) where (10...100).contains(milliseconds): periodMilliseconds = milliseconds
            case ("capture.period_ms", _): throw fail("a whole number of milliseconds from 10 to 100")
            case ("hotword.keywords", let value):
                guard let phrases = Self.list(value, of: Self.string), !phrases.isEmpty,
                      phrases.allSatisfy({ !$0.allSatisfy(\.isWhitespace) }) else {
                    throw fail("a keyphrase or an array of them, none empty")
                }
                keyphrases = phrases
            case ("hotword.pronunciations", let value):
                guard let texts = Self.list(value, of: Self.string) else { throw fail("a \"WORD=PHONES\" string or an array of them") }
                pronunciations = try texts.map { text throws(ConfigurationError) in
                    do {
                        return try UserPronunciation(parsing: text)
                    } catch {
                        throw ConfigurationError(path: path, line: entry.line, message: "key \"\(entry.key)\": \"\(text)\": \(error)")
                    }
                }
            case ("hotword.sensitivity", let value):
                guard let numbers = Self.list(value, of: Self.number), numbers.allSatisfy({ (0...1).contains($0) }) else {
                    throw fail("a number from 0 to 1 or an array of them")
                }
                sensitivities = numbers
                sensitivityLine = entry.line
            case ("hotword.gain", let value):
                guard let gain = Self.number(value), gain.isFinite, gain > 0 else { throw fail("a number above 0") }
                self.gain = gain
            case ("hotword.decision", let value):
                guard let text = Self.string(value), let method = KeywordDecision(rawValue: text) else {
                    throw fail("one of " + KeywordDecision.allCases.map(\.rawValue).joined(separator: ", "))
                }
                decision = method
            case ("hotword.acoustic_model", .string(let folder)): modelFiles.acousticModel = folder
            case ("hotword.dictionary", .string(let file)): modelFiles.generalDictionary = file
            case ("hotword.keyword_dictionary", .string(let file)): modelFiles.keywordDictionary = file
            case ("hotword.acoustic_model", _), ("hotword.dictionary", _), ("hotword.keyword_dictionary", _): throw fail("a path")
            case ("playback.device", .string(let name)) where !name.isEmpty: talkBack.playbackDevice = name
            case ("playback.device", _): throw fail("a device name")
            case ("playback.sounds", .bool(let flag)): talkBack.sounds = flag
            case ("playback.speech", .bool(let flag)): talkBack.speech = flag
            case ("playback.echo_cancellation", .bool(let flag)): talkBack.echoCancellation = flag
            case ("playback.sounds", _), ("playback.speech", _), ("playback.echo_cancellation", _): throw fail("true or false")
            case ("playback.hotword_sound", .string(let file)): talkBack.hotwordSound = file
            case ("playback.done_sound", .string(let file)): talkBack.doneSound = file
            case ("playback.hotword_sound", _), ("playback.done_sound", _): throw fail("a path")
            case ("log.level", .string(let level)) where Self.logLevels.contains(level): logLevel = level
            case ("log.level", _): throw fail("one of " + Self.logLevels.joined(separator: ", "))
            case ("log.json", .bool(let flag)): json = flag
            case ("log.candidates", .bool(let flag)): reportCandidates = flag
            case ("log.json", _), ("log.candidates", _): throw fail("true or false")
            case ("events.socket", .string(let path)) where !path.isEmpty:
                if let problem = Self.socketPathProblem(path) { throw fail("a socket path (\(problem))") }
                eventsSocket = path
            case ("events.socket", _): throw fail("a socket path")
            case ("events.socket_group", .string(let group)) where !group.isEmpty: eventsSocketGroup = group
            case ("events.socket_group", _): throw fail("a group name")
            case ("serve.uri", .string(let uri)):
                do {
                    _ = try ServerAddress(uri: uri)
                } catch {
                    throw fail("tcp://HOST:PORT or unix://PATH (\(error))")
                }
                serveURI = uri
            case ("serve.uri", _): throw fail("tcp://HOST:PORT or unix://PATH")
            case ("serve.max_clients", .integer(let count)) where Self.maximumClientsRange.contains(count): maximumClients = count
            case ("serve.max_clients", _): throw fail("a whole number from 1 to 1024")
            case ("serve.idle_timeout_s", let value):
                guard let seconds = Self.number(value), Self.idleTimeoutRange.contains(seconds) else { throw fail("a number of seconds from 1 to 86400") }
                idleTimeout = seconds
            case ("serve.zeroconf", .bool(let flag)):
                zeroconf = flag
            case ("serve.zeroconf", .string(let name)) where !name.isEmpty:
                zeroconf = true
                zeroconfName = name
            case ("serve.zeroconf", _): throw fail("true, false or the name to announce")
            case ("transcription.enabled", .bool(let flag)): transcribe = flag
            case ("chat.enabled", .bool(let flag)): chatEnabled = flag
            case ("transcription.enabled", _), ("chat.enabled", _): throw fail("true or false")
            case ("transcription.model", .string("general")): transcriber.languageModel = .general
            case ("transcription.model", .string("domain")): transcriber.languageModel = Self.domainModel
            case ("transcription.model", _): throw fail("\"domain\" or \"general\"")
            case ("transcription.trailing_silence_s", let value), ("transcription.max_duration_s", let value),
                 ("transcription.no_speech_timeout_s", let value), ("chat.timeout_s", let value):
                guard let seconds = Self.number(value), Self.durationRange.contains(seconds) else {
                    throw fail("a number of seconds from \(Self.durationRange.lowerBound) to \(Int(Self.durationRange.upperBound))")
                }
                switch entry.key {
                case "transcription.trailing_silence_s": transcriber.trailingSilence = seconds
                case "transcription.max_duration_s": transcriber.maximumDuration = seconds
                case "transcription.no_speech_timeout_s": transcriber.noSpeechTimeout = seconds
                default: chat.requestTimeout = .milliseconds(Int(seconds * 1000))
                }
            case ("chat.server", .string(let text)):
                guard let url = URL(string: text), ChatClientConfiguration.isUsableServer(url) else {
                    throw fail("an http or https URL")
                }
                chat.server = url
            case ("chat.latitude", let value), ("chat.longitude", let value):
                guard let degrees = Self.number(value), abs(degrees) <= (entry.key == "chat.latitude" ? 90 : 180) else {
                    throw fail("degrees")
                }
                if entry.key == "chat.latitude" { chat.latitude = degrees } else { chat.longitude = degrees }
            case ("chat.language", .string(let text)): chat.language = text
            case ("chat.country_code", .string(let text)): chat.countryCode = text
            case ("chat.country_name", .string(let text)): chat.countryName = text
            case ("chat.device_type", .string(let text)): chat.deviceType = text
            case ("chat.access_token", .string(let text)): chat.accessToken = text
            case ("chat.spool_dir", .string(let text)): chat.spoolDirectory = URL(fileURLWithPath: text)
            case ("chat.server", _), ("chat.language", _), ("chat.country_code", _), ("chat.country_name", _),
                 ("chat.device_type", _), ("chat.access_token", _), ("chat.spool_dir", _):
                throw fail("a string")
            default:
                warnings.append("\(path):\(entry.line): unknown key \"\(entry.key)\" ignored (known keys: \(Self.fileKeys.map(\.key).joined(separator: ", ")))")
            }
        }
        if keyphrases != nil || sensitivities != nil {
            let phrases = keyphrases ?? keywords.map(\.keyphrase)
            let values = sensitivities ?? [KeywordSetting.defaultSensitivity]
            guard values.count == 1 || values.count == phrases.count else {
                throw ConfigurationError(path: path, line: sensitivityLine,
                                         message: "key \"hotword.sensitivity\": give one value or one per keyphrase (\(phrases.count))")
            }
            keywords = KeywordSetting.settings(keyphrases: phrases, sensitivities: values)
        }
        return warnings
    }

    /// One number (an integer or a float), not an array.
    private static func number(_ value: ConfigurationValue) -> Double? {
        switch value {
        case .integer(let number): return Double(number)
        case .float(let number): return number
        default: return nil
        }
    }

    /// One string, not an array.
    private static func string(_ value: ConfigurationValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// One value or an array of values, each read by `element`; nil when one is not of its kind.
    private static func list<Element>(_ value: ConfigurationValue, of element: (ConfigurationValue) -> Element?) -> [Element]? {
        if case .array(let values) = value {
            let elements = values.compactMap(element)
            return elements.count == values.count ? elements : nil
        }
        return element(value).map { [$0] }
    }
}
