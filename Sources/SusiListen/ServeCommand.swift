import ArgumentParser
import Foundation
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
            at any rate and channel count (16-bit); each connection is served on its own thread. \
            Exit codes: 0 stopped by SIGTERM or SIGINT, 2 models or keywords could not be loaded, \
            5 the socket or the events socket cannot be set up (address in use, no permission), \
            64 bad arguments, 78 a bad configuration file.
            """)

    @Option(name: .long, help: ArgumentHelp("Where to listen: tcp://HOST:PORT or unix://PATH (default: tcp://0.0.0.0:10400).", valueName: "uri"))
    var uri: String?

    @Option(name: .long, help: ArgumentHelp("Most clients served at once, 1-1024; one more is refused with an error event (default: 16).", valueName: "n"))
    var maxClients: Int?

    @Option(name: .long, help: ArgumentHelp("Seconds a client may send nothing before it is disconnected, 1-86400 (default: 60).", valueName: "seconds"))
    var idleTimeout: Double?

    @Option(name: .long, defaultAsFlag: "",
            help: ArgumentHelp("Announce the server on the local network as _wyoming._tcp through Avahi, under NAME (default: susi-listen on HOST).", valueName: "name"))
    var zeroconf: String? = nil

    @OptionGroup var events: EventSocketOptions

    @OptionGroup var detector: DetectorOptions

    @OptionGroup var configurationFile: ConfigurationOptions

    @Option(name: .long, help: ArgumentHelp("Lowest log level: trace, debug, info, notice, warning, error, critical (default: info).", valueName: "level"))
    var logLevel: String?

    func validate() throws {
        do {
            _ = try uri.map(ServerAddress.init(uri:))
        } catch {
            throw ValidationError("--uri \(error)")
        }
        if let maxClients, !Configuration.maximumClientsRange.contains(maxClients) {
            throw ValidationError("--max-clients must be from 1 to 1024")
        }
        if let idleTimeout, !Configuration.idleTimeoutRange.contains(idleTimeout) {
            throw ValidationError("--idle-timeout must be from 1 to 86400 seconds")
        }
        if let logLevel, !Configuration.logLevels.contains(logLevel) {
            throw ValidationError("--log-level must be one of \(Configuration.logLevels.joined(separator: ", "))")
        }
    }

    func run() async throws {
        // SIGHUP would end the server: it keeps its configuration until restarted.
        signal(SIGHUP, SIG_IGN)
        var settings = try configurationFile.load()
        try detector.apply(to: &settings)
        events.apply(to: &settings)
        if let logLevel { settings.logLevel = logLevel }
        if let uri { settings.serveURI = uri }
        if let maxClients { settings.maximumClients = maxClients }
        if let idleTimeout { settings.idleTimeout = idleTimeout }
        if let zeroconf {
            settings.zeroconf = true
            if !zeroconf.isEmpty { settings.zeroconfName = zeroconf }
        }
        // Both come from the command line or a configuration file already checked.
        let address = try ServerAddress(uri: settings.serveURI)
        if settings.zeroconf, case .unix = address {
            throw ValidationError("--zeroconf (serve.zeroconf) announces a TCP port: not with a unix:// --uri")
        }
        // Fail early, with exit code 2, on models and keywords; the detector is the pool's first.
        let first = try settings.makeDetector()
        let spotter = settings.spotterConfiguration
        // Detectors hold most of the server's memory (docs/performance.md): keep only a couple
        // idle, enough for Home Assistant's reconnection after each detection.
        let detectors = DetectorPool(keptIdle: 2) { try HotwordDetectorFactory.detector(configuration: spotter) }
        detectors.keep(first)
        let logger = StandardErrorLogging.bootstrap(level: settings.logLevel)
        let service = WyomingWakeService(
            configuration: WyomingServerConfiguration(
                address: address, maximumClients: settings.maximumClients, idleTimeout: settings.idleTimeout,
                zeroconfName: settings.zeroconf ? settings.zeroconfName ?? WyomingServerConfiguration.defaultZeroconfName : nil),
            program: WakeProgramDescription(keywords: settings.keywords, decision: settings.decision, version: SusiListen.configuration.version),
            detectors: detectors, events: try EventSocketOptions.open(for: settings))
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [.init(service: service)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch let error as ServerSocketError {
            StandardError.write("susi-listen: \(error)")
            throw ExitCode(5)
        }
    }
}
