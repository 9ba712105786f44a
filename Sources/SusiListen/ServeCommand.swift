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
            5 the socket cannot be set up (address in use, no permission), 64 bad arguments, \
            78 a bad configuration file.
            """)

    @Option(name: .long, help: ArgumentHelp("Where to listen: tcp://HOST:PORT or unix://PATH.", valueName: "uri"))
    var uri = "tcp://0.0.0.0:10400"

    @Option(name: .long, help: ArgumentHelp("Most clients served at once, 1-1024; one more is refused with an error event.", valueName: "n"))
    var maxClients = 16

    @Option(name: .long, help: ArgumentHelp("Seconds a client may send nothing before it is disconnected, 1-86400.", valueName: "seconds"))
    var idleTimeout = 60.0

    @OptionGroup var detector: DetectorOptions

    @OptionGroup var configurationFile: ConfigurationOptions

    @Option(name: .long, help: ArgumentHelp("Lowest log level: trace, debug, info, notice, warning, error, critical (default: info).", valueName: "level"))
    var logLevel: String?

    func validate() throws {
        do {
            _ = try ServerAddress(uri: uri)
        } catch {
            throw ValidationError("--uri \(error)")
        }
        guard (1...1024).contains(maxClients) else { throw ValidationError("--max-clients must be from 1 to 1024") }
        guard (1...86_400).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be from 1 to 86400 seconds") }
        if let logLevel, !Configuration.logLevels.contains(logLevel) {
            throw ValidationError("--log-level must be one of \(Configuration.logLevels.joined(separator: ", "))")
        }
    }

    func run() async throws {
        // SIGHUP would end the server: it keeps its configuration until restarted.
        signal(SIGHUP, SIG_IGN)
        var settings = try configurationFile.load()
        try detector.apply(to: &settings)
        if let logLevel { settings.logLevel = logLevel }
        // Fail early, with exit code 2, on models and keywords; the detector is the pool's first.
        let first = try settings.makeDetector()
        let spotter = settings.spotterConfiguration
        // Detectors hold most of the server's memory (docs/performance.md): keep only a couple
        // idle, enough for Home Assistant's reconnection after each detection.
        let detectors = DetectorPool(keptIdle: 2) { try HotwordDetectorFactory.detector(configuration: spotter) }
        detectors.keep(first)
        let logger = StandardErrorLogging.bootstrap(level: settings.logLevel)
        let service = WyomingWakeService(
            configuration: WyomingServerConfiguration(address: try ServerAddress(uri: uri), maximumClients: maxClients, idleTimeout: idleTimeout),
            program: WakeProgramDescription(keywords: settings.keywords, decision: settings.decision, version: SusiListen.configuration.version),
            detectors: detectors)
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
