import ArgumentParser
import AudioCapture
import AudioInput
import AudioPlayback
import EchoCancellation
import FoundationEssentials
import Glibc
import HotwordDetection
import Logging
import Pipeline
import ServerSockets
import ServiceLifecycle

/// `susi-listen`: listen on a capture device until stopped, or with `--file`, detect in files.
struct DetectCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Listen on a microphone, or detect the hotword in audio files with --file (the default command).")

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Audio files or folders (searched recursively), - for standard input; each file is one stream. Without --file, listen on the capture device.", valueName: "path"))
    var file: [String] = []

    @Option(name: Setting.device.flagName, help: Setting.device.argumentHelp)
    var device: String?

    @Option(name: Setting.alsaConfiguration.flagName, help: Setting.alsaConfiguration.argumentHelp)
    var alsaConfig: String?

    @Option(name: Setting.channel.flagName, help: Setting.channel.argumentHelp)
    var channel: Int?

    @Flag(name: .long, help: "List the capture devices ALSA knows (with --alsa-config, the PCMs that file defines) and exit.")
    var listDevices = false

    @OptionGroup var detector: DetectorOptions

    @OptionGroup var command: CommandOptions

    @OptionGroup var playback: PlaybackOptions

    @OptionGroup var events: EventSocketOptions

    @OptionGroup var configurationFile: ConfigurationOptions

    @Option(name: Setting.logLevel.flagName, help: Setting.logLevel.argumentHelp)
    var logLevel: String?

    @Flag(name: Setting.json.flagName, help: Setting.json.argumentHelp)
    var json = false

    @Flag(name: Setting.candidates.flagName, help: Setting.candidates.argumentHelp)
    var candidates = false

    @Option(name: Setting.saveAudioDirectory.flagName, help: Setting.saveAudioDirectory.argumentHelp)
    var saveAudio: String?

    @Option(name: Setting.saveAudioMaximumFiles.flagName, help: Setting.saveAudioMaximumFiles.argumentHelp)
    var saveAudioMax: Int?

    /// The settings `detect`'s own options give (its option groups give theirs).
    private var ownSettings: CommandLineSettings {
        var given = CommandLineSettings()
        given.add(.device, device)
        given.add(.alsaConfiguration, alsaConfig)
        given.add(.channel, channel)
        given.add(.logLevel, logLevel)
        given.add(.json, switched: json)
        given.add(.candidates, switched: candidates)
        given.add(.saveAudioDirectory, saveAudio)
        given.add(.saveAudioMaximumFiles, saveAudioMax)
        return given
    }

    func validate() throws {
        try ownSettings.validate()
        if file.filter({ $0 == AudioFileDiscovery.standardInput }).count > 1 {
            throw ValidationError("--file - reads standard input, which can be read once: give it once")
        }
        if events.eventsSocket != nil && !file.isEmpty {
            throw ValidationError("--events-socket is for listening on a device, not for --file runs")
        }
        if playback.speakTo != nil && file.isEmpty {
            throw ValidationError("--speak-to writes what a --file run would play; live, sounds go to --playback-device")
        }
        if let speakTo = playback.speakTo {
            let read = file + (playback.echoReference.map { [$0] } ?? [])
            if let input = read.first(where: { isSameOrInside(speakTo, $0) }) {
                throw ValidationError("--speak-to \(speakTo) would overwrite or add to the audio it reads (\(input)): give a file elsewhere")
            }
        }
        if playback.echoReference != nil {
            var isFolder = false
            guard file.count == 1, !FileManager.default.fileExists(atPath: file[0], isDirectory: &isFolder) || !isFolder else {
                throw ValidationError("--echo-reference is what was played while one recording was made: give it with one --file that is an audio file (live, the reference is what the playback device plays)")
            }
        }
    }

    /// The capture devices ALSA knows, or, with an ALSA configuration file, the PCMs it defines
    /// (the only ones capture can open then), each with the channel counts it records where it
    /// says (for `--channel`); exit code 3 when that file cannot be read.
    private static func captureDeviceLines(alsaConfigurationFile file: String?) throws -> [String] {
        do {
            let devices: [CaptureDeviceInfo]
            var configuration: ALSAConfiguration?
            if let file {
                // Parsed once, for the list and for opening every device it defines.
                let parsed = try ALSAConfiguration(text: ALSAConfiguration.text(ofFile: file, device: file), device: file)
                devices = CaptureDeviceList.captureDevices(definedIn: parsed)
                configuration = parsed
            } else {
                devices = CaptureDeviceList.captureDevices()
            }
            return devices.map { device in
                let channels = CaptureDevice.channelCounts(name: device.name, configuration: configuration).map { counts in
                    counts.count == 1 ? "\(counts.lowerBound) channels" : "\(counts.lowerBound)–\(counts.upperBound) channels"
                }
                let description = [device.description, channels].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "; ")
                return description.isEmpty ? device.name : "\(device.name)\t\(description)"
            }
        } catch {
            StandardError.write("susi-listen: \(error)")
            throw ExitStatus.captureDeviceUnavailable.exitCode
        }
    }

    func run() async throws {
        let configurationPath = configurationFile.file
        var settings = try merged(with: ConfigurationOptions.load(configurationPath))
        if listDevices {
            for line in try Self.captureDeviceLines(alsaConfigurationFile: settings.alsaConfigurationFile) {
                try StandardOutput.writeReport(line)
            }
            return
        }
        do {
            try settings.readAccessTokenFile().map { StandardError.write("susi-listen: warning: \($0)") }
        } catch {
            StandardError.write("susi-listen: \(error)")
            throw ExitStatus.badConfiguration.exitCode
        }
        if file.isEmpty {
            try await listen(settings, configurationPath: configurationPath)
        } else {
            try await detectInFiles(settings)
        }
    }

    /// The flags given over the configuration file's settings, checked: what `detect` runs
    /// with, at start and again on SIGHUP.
    private func merged(with file: Configuration) throws -> Configuration {
        var settings = file
        try detector.apply(to: &settings)
        var given = command.settings
        given.add(playback.settings)
        given.add(events.settings)
        given.add(ownSettings)
        try given.merge(into: &settings)
        ModelsFolder.useCommandModel(in: &settings)
        if settings.reportCandidates && settings.decision == .spotting {
            throw ValidationError("candidates come from a second stage: --candidates (log.candidates) needs --decision (hotword.decision) two-stage or verified, not spotting")
        }
        return settings
    }

    /// The configuration file found at start, `path`, read again (with none at start, the first
    /// of the default locations that exists now) and merged with the flags as at start, with the
    /// access token file read again; their warnings go to the log.
    private func reread(_ path: String?, logger: Logger) throws -> Configuration {
        let (file, warnings) = try ConfigurationOptions.read(path ?? configurationFile.file)
        warnings.forEach { logger.warning("\($0)") }
        var settings = try merged(with: file)
        try settings.readAccessTokenFile().map { logger.warning("\($0)") }
        return settings
    }

    private func detectInFiles(_ settings: Configuration) async throws {
        let spotter = try settings.makeDetector()
        let transcriber = try settings.makeTranscriber()
        let forwarder = try settings.makeForwarder()
        if let folder = settings.saveAudioDirectory,
           let input = file.first(where: { $0 != AudioFileDiscovery.standardInput && (isSameOrInside(folder, $0) || isSameOrInside($0, folder)) }) {
            // Its files would be read as audio, or its limit would delete what is being read.
            StandardError.write("susi-listen: the audio saved in \(folder) would be written among the audio the run reads (\(input)): give --save-audio (log.save_audio_dir) a folder elsewhere")
            throw ExitStatus.badArguments.exitCode
        }
        let wakeAudio = try settings.makeWakeAudioWriter(whenBehind: .wait)
        let output = EventPrinter(json: settings.json)
        // Without a reference, nothing the device plays is in the files.
        let echo = playback.echoReference == nil ? EchoHandling.none : settings.echoHandling
        output.print(.start(StartEvent(keywords: spotter.thresholds, configuration: settings, echo: echo)))
        let run = FileDetectionRun(channel: settings.inputChannel, echoReference: playback.echoReference, progress: { path, fraction in
            StandardError.write("susi-listen: \(path): \(Int(fraction * 100)) %")
        }, narrowBand: { path, rate in
            StandardError.write("susi-listen: \(path): recorded at \(rate) Hz, \(narrowBandConsequence(ofRate: rate))")
        })
        let stream = ListeningStream(detector: spotter, transcriber: transcriber, reportsCandidates: settings.reportCandidates,
                                     echoCanceller: echo == .cancellation ? EchoCanceller() : nil, wakeAudio: wakeAudio)
        let talkBack = try playback.speakTo.map { path in
            let recording = try WAVFileOutput(path: path)
            return TalkBack(configuration: settings.talkBack) { recording }
        }
        talkBack?.setupEvents.forEach(output.print)
        let summary = await run.run(paths: file, stream: stream, forwarder: forwarder) { event in
            output.print(event)
            talkBack?.respond(to: event).forEach(output.print)
        }
        output.print(.summary(summary))
        if StandardOutput.hasFailed { throw ExitStatus.outputFailed.exitCode }
        if summary.failedFiles > 0 { throw ExitStatus.unreadableInput.exitCode }
        if summary.unansweredQueries > 0 { throw ExitStatus.commandUnanswered.exitCode }
    }

    private func listen(_ settings: Configuration, configurationPath: String?) async throws {
        // A SIGHUP while the models load (before HangUpSignalService traps it) must not end
        // the daemon; the configuration was just read.
        signal(SIGHUP, SIG_IGN)
        let logger = StandardErrorLogging.bootstrap(level: settings.logLevel)
        // systemd (Type=notify) shows this until the service says it listens.
        let systemd = SystemdNotifier()
        systemd.status("loading the models")
        // Fail early, with exit code 2, on models and keywords; the service listens with these.
        let detector = try settings.makeDetector()
        let transcriber = try settings.makeTranscriber()
        let forwarder = try settings.makeForwarder()
        let wakeAudio = try settings.makeWakeAudioWriter(whenBehind: .drop)
        let output = EventLog(json: settings.json, logger: logger)
        let eventSocket = try EventSocketOptions.open(for: settings)
        let (reloads, reloadSink) = AsyncStream<Result<Configuration, any Error>>.makeStream()
        let service = LiveListeningService(configuration: settings, detector: detector, transcriber: transcriber,
                                           forwarder: forwarder, wakeAudio: wakeAudio, reloads: reloads, events: eventSocket,
                                           systemd: systemd) { output.record($0) }
        let hangUp = HangUpSignalService(logger: logger, reloads: reloadSink) { [self] in try reread(configurationPath, logger: logger) }
        // Shutdown goes through the services last to first: SIGHUP's stops trapping first.
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [.init(service: service), .init(service: hangUp, successTerminationBehavior: .ignore)],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch let error as CaptureError {
            StandardError.write("susi-listen: \(error)")
            throw ExitStatus.captureDeviceUnavailable.exitCode
        } catch let error as HotwordDetectionError {
            StandardError.write("susi-listen: \(error)")
            throw ExitStatus.setupFailed.exitCode
        }
    }
}
