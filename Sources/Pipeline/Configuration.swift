import AudioInput
import HotwordDetection
import ServerSockets
import SusiChat
import Transcription

/// Every setting of susi-listen, with defaults that work: built from the defaults, then a
/// configuration file, then command-line flags.
package struct Configuration: Sendable, Equatable {
    /// ALSA PCM to capture from (`default`, `hw:1,0`, `plughw:1,0`, `dsnoop`, ...).
    package var device = "default"
    /// An ALSA configuration file that defines `device`, read instead of the system's.
    package var alsaConfigurationFile: String?
    /// Length of one ALSA period.
    package var periodMilliseconds = 30
    /// The one channel heard, counted from 0, of the capture device and of files; nil for all
    /// of them mixed.
    package var channel: Int?
    /// Keyphrases with their sensitivities.
    package var keywords = [KeywordSetting(keyphrase: "susi")]
    /// The user's own pronunciations (`WORD=PHONES`), read before the dictionaries.
    package var pronunciations: [UserPronunciation] = []
    /// Multiplier applied before detection.
    package var gain = 1.0
    /// PocketSphinx model and dictionaries.
    package var modelFiles = AcousticModelFiles()
    /// How a detection is decided.
    package var decision = KeywordDecision.twoStage
    /// Lowest level written to the log: trace, debug, info, notice, warning, error, critical.
    package var logLevel = "info"
    /// Events as JSON lines on standard output.
    package var json = false
    /// Report every candidate the second stage decided on as a `candidate` event.
    package var reportCandidates = false
    /// The folder the audio of each wake-up is saved in, if any.
    package var saveAudioDirectory: String?
    /// The most wake-up recordings kept there; the oldest go.
    package var saveAudioMaximumFiles = 100
    /// Transcribe the command after the hotword.
    package var transcribe = true
    /// Language model and timings of the transcription session.
    package var transcriber = TranscriberConfiguration()
    /// Send the command to SUSI as a chat query.
    package var chatEnabled = true
    /// The SUSI server and what the query says about the device.
    package var chat = ChatClientConfiguration()
    /// The file the access token is read from (`readAccessTokenFile()`), if it is kept apart.
    package var accessTokenFile: String?
    /// Sounds, spoken answers and the playback device.
    package var talkBack = TalkBackConfiguration()
    /// The Unix socket local programs get the events from and send requests to, if any.
    package var eventsSocket: String?
    /// The group the events socket belongs to (mode 0660); the process's group when nil.
    package var eventsSocketGroup: String?
    /// Where `serve` listens: `tcp://HOST:PORT` or `unix://PATH`.
    package var serveURI = "tcp://0.0.0.0:10400"
    /// Most Wyoming clients `serve` serves at once.
    package var maximumClients = 16
    /// Seconds a Wyoming client may send nothing before it is disconnected.
    package var idleTimeout = 60.0
    /// Whether `serve` announces itself on zeroconf (Avahi).
    package var zeroconf = false
    /// The name it is announced under; a name made of the host's when nil.
    package var zeroconfName: String?

    /// Whether commands reach SUSI: only a transcribed command can be sent.
    package var forwardsCommands: Bool { transcribe && chatEnabled }

    /// How detection keeps from hearing what the device plays, when it plays anything.
    package var echoHandling: EchoHandling { talkBack.echoCancellation ? .cancellation : .pause }

    package init() {}

    /// The keyword spotter these settings describe.
    package var spotterConfiguration: KeywordSpotterConfiguration {
        KeywordSpotterConfiguration(keywords: keywords, pronunciations: pronunciations, gain: gain, modelFiles: modelFiles, decision: decision)
    }

    /// The project's command model; the caller points it at the installed `Models/commands`.
    package static var domainModel: LanguageModelChoice { TranscriberConfiguration().languageModel }

    /// The number of Wyoming clients `serve` may be told to serve at once.
    package static let maximumClientsRange = 1...1024
    /// The idle timeouts, in seconds, `serve` may be given.
    package static let idleTimeoutRange = 1.0...86_400

    /// Why `path` cannot be a Unix socket (too long), or nil when it can.
    package static func socketPathProblem(_ path: String) -> String? {
        do {
            _ = try ServerAddress(uri: "unix://" + path)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The durations a user may set (the session's timings, the request timeout), in seconds:
    /// from 50 ms to an hour (far longer ones overflowed the sample counts).
    package static let durationRange = 0.05...3600.0

    /// How many wake-up recordings the folder may be told to keep.
    package static let saveAudioMaximumFilesRange = 1...1_000_000

    /// The log levels `logLevel` may name.
    package static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]

    /// What an unknown key could have been: the keys of its section, or the sections when it
    /// names none that exists.
    private static func keysNear(_ key: String) -> String {
        let section = key.split(separator: ".", maxSplits: 1).first.map(String.init) ?? key
        let sections = Setting.all.map { String($0.key.prefix { $0 != "." }) }
        let inSection = Setting.all.map(\.key).filter { $0.hasPrefix(section + ".") }
        if !inSection.isEmpty { return "[\(section)] keys: " + inSection.joined(separator: ", ") }
        var seen = Set<String>()
        return "sections: " + sections.filter { seen.insert($0).inserted }.joined(separator: ", ")
    }

    /// Applies the entries of the configuration file at `path`; unknown keys are returned as
    /// warnings rather than refused, so an older susi-listen reads a newer file.
    package mutating func apply(_ entries: [ConfigurationEntry], from path: String) throws(ConfigurationError) -> [String] {
        var warnings: [String] = []
        var draft = ConfigurationDraft(self)
        var sensitivityLine = 0
        for entry in entries {
            guard let setting = Setting.named(entry.key) else {
                warnings.append("\(path):\(entry.line): unknown key \"\(entry.key)\" ignored (\(Self.keysNear(entry.key)))")
                continue
            }
            do {
                try setting.store(entry.value, &draft)
            } catch {
                throw ConfigurationError(path: path, line: entry.line, message: setting.message(error, naming: setting.nameInFileMessages, value: entry.value))
            }
            if setting.key == Setting.sensitivity.key { sensitivityLine = entry.line }
        }
        let tokenKeys = [Setting.accessToken.key, Setting.accessTokenFile.key]
        if let second = entries.filter({ tokenKeys.contains($0.key) }).dropFirst().first {
            throw ConfigurationError(path: path, line: second.line, message: "set \(tokenKeys[0]) or \(tokenKeys[1]), not both")
        }
        do {
            self = try draft.finished()
        } catch {
            throw ConfigurationError(path: path, line: sensitivityLine,
                                     message: Setting.sensitivity.message(error, naming: Setting.sensitivity.nameInFileMessages, value: nil))
        }
        if (chat.latitude == nil) != (chat.longitude == nil) {
            let (given, missing) = chat.latitude == nil ? (Setting.longitude.key, Setting.latitude.key) : (Setting.latitude.key, Setting.longitude.key)
            warnings.append("\(path): \(given) is set without \(missing): neither is sent with the queries")
        }
        return warnings
    }
}

extension Configuration {
    /// The channels heard: ``channel`` alone, else all of them mixed.
    package var inputChannel: InputChannel { channel.map(InputChannel.only) ?? .mixed }
}
