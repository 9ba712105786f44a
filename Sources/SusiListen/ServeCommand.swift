import ArgumentParser
import FoundationEssentials
import Glibc
import HotwordDetection
import Logging
import Pipeline
import ServerSockets
import ServiceLifecycle
import WyomingServer

/// `susi-listen serve`: a Wyoming wake-word server for Home Assistant and other clients.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve hotword detection over the Wyoming protocol (Home Assistant's wake-word integration).",
        discussion: """
            Each configured keyphrase is a wake-word model named by the keyphrase. Clients send audio \
            at 1 kHz to 768 kHz with up to 64 channels, 8- to 32-bit; each connection is served on its own thread. \
            Exit codes: 0 stopped by SIGTERM or SIGINT, 2 models or keywords could not be loaded, \
            5 the socket or the events socket cannot be set up (address in use, no permission), \
            64 bad arguments, 78 a bad configuration file.
            """)

    @Option(name: Setting.serveURI.flagName, help: Setting.serveURI.argumentHelp)
    var uri: String?

    @Option(name: Setting.maximumClients.flagName, help: Setting.maximumClients.argumentHelp)
    var maxClients: Int?

    @Option(name: Setting.idleTimeout.flagName, help: Setting.idleTimeout.argumentHelp)
    var idleTimeout: Double?

    @Option(name: Setting.zeroconf.flagName, defaultAsFlag: "", help: Setting.zeroconf.argumentHelp)
    var zeroconf: String? = nil

    @OptionGroup var events: EventSocketOptions

    @OptionGroup var detector: DetectorOptions

    @OptionGroup var configurationFile: ConfigurationOptions

    @Option(name: Setting.logLevel.flagName, help: Setting.logLevel.argumentHelp)
    var logLevel: String?

    /// The settings `serve`'s own options give (its option groups give theirs).
    private var ownSettings: CommandLineSettings {
        var given = CommandLineSettings()
        given.add(.serveURI, uri)
        given.add(.maximumClients, maxClients)
        given.add(.idleTimeout, idleTimeout)
        given.add(.zeroconf, zeroconf)
        given.add(.logLevel, logLevel)
        return given
    }

    func validate() throws {
        try ownSettings.validate()
        try Self.refuseZeroconf(zeroconf != nil, on: uri)
    }

    /// Refuses `--zeroconf` with a `unix://` address: only a TCP port is announced.
    private static func refuseZeroconf(_ zeroconf: Bool, on uri: String?) throws(ValidationError) {
        guard zeroconf, let uri, case .unix? = try? ServerAddress(uri: uri) else { return }
        throw ValidationError("--zeroconf (serve.zeroconf) announces a TCP port: not with a unix:// --uri")
    }

    func run() async throws {
        // SIGHUP would end the server: it keeps its configuration until restarted.
        signal(SIGHUP, SIG_IGN)
        var settings = try ConfigurationOptions.load(configurationFile.file)
        // The file's events socket is the listening daemon's, which shares the file (and its
        // socket would be taken): the server's comes from --events-socket alone.
        settings.eventsSocket = nil
        settings.eventsSocketGroup = nil
        try detector.apply(to: &settings)
        var given = events.settings
        given.add(ownSettings)
        try given.merge(into: &settings)
        // Both come from the command line or a configuration file already checked.
        let address = try ServerAddress(uri: settings.serveURI)
        do {
            // Flags alone were checked in validate(); here the configuration file gave one of the two.
            try Self.refuseZeroconf(settings.zeroconf, on: settings.serveURI)
        } catch {
            StandardError.write("susi-listen: \(error.message)")
            throw ExitStatus.badArguments.exitCode
        }
        if case .unix(let path) = address, let events = settings.eventsSocket,
           URL(fileURLWithPath: path).standardizedFileURL == URL(fileURLWithPath: events).standardizedFileURL {
            throw ValidationError("--uri (serve.uri) and --events-socket name the same socket, \(path): give each its own")
        }
        let logger = StandardErrorLogging.bootstrap(level: settings.logLevel)
        // systemd (Type=notify) shows this until the service says it listens.
        let systemd = SystemdNotifier()
        systemd.status("loading the models")
        // Fail early, with exit code 2, on models and keywords; the detector is the pool's first.
        let first = try settings.makeDetector()
        let spotter = settings.spotterConfiguration
        // Detectors hold most of the server's memory (docs/performance.md): keep only a couple
        // idle, enough for Home Assistant's reconnection after each detection.
        let detectors = DetectorPool(keptIdle: 2) { try HotwordDetectorFactory.detector(configuration: spotter) }
        detectors.keep(first)
        let service = WyomingWakeService(
            configuration: WyomingServerConfiguration(
                address: address, maximumClients: settings.maximumClients, idleTimeout: settings.idleTimeout,
                zeroconfName: settings.zeroconf ? settings.zeroconfName ?? WyomingServerConfiguration.defaultZeroconfName : nil),
            program: WakeProgramDescription(keywords: settings.keywords, decision: settings.decision, version: SusiListen.configuration.version),
            detectors: detectors, events: try EventSocketOptions.open(for: settings), systemd: systemd)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [.init(service: service)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch let error as ServerSocketError {
            StandardError.write("susi-listen: \(error)")
            throw ExitStatus.socketUnavailable.exitCode
        }
    }
}
