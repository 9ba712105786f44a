import Dispatch
import Glibc
import Logging
import ServerSockets
import ServiceLifecycle
import Threading

/// How the server listens and how many clients it takes.
package struct WyomingServerConfiguration: Sendable {
    /// Where to listen.
    package var address: ServerAddress
    /// Most connections served at once; one more gets a `too-many-clients` error and is closed.
    package var maximumClients: Int
    /// Seconds a client may send nothing before its connection is closed, until it sends
    /// `detect`: from then on it may wait for good (wyoming-satellite keeps one connection and
    /// sends no audio while its pipeline runs or it is muted); TCP keepalive ends the connection
    /// of a client whose host is gone.
    package var idleTimeout: Double
    /// The name to announce the server under on zeroconf (`_wyoming._tcp`, through Avahi);
    /// nil: not announced. Only a TCP address is announced.
    package var zeroconfName: String?

    package init(address: ServerAddress, maximumClients: Int, idleTimeout: Double, zeroconfName: String? = nil) {
        self.address = address
        self.maximumClients = maximumClients
        self.idleTimeout = idleTimeout
        self.zeroconfName = zeroconfName
    }

    /// The name a server is announced under unless told otherwise: the program and the host.
    package static var defaultZeroconfName: String {
        var host = [CChar](repeating: 0, count: 256)
        guard gethostname(&host, host.count - 1) == 0 else { return "susi-listen" }
        let name = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return "susi-listen on \(String(decoding: name, as: UTF8.self))"
    }
}

/// A Wyoming wake-word server: answers `describe` with the keyphrases as models and reports
/// each keyphrase heard in a client's audio as a `detection`.
///
/// One thread accepts connections; each connection gets a thread of its own, which reads its
/// events, holds its detector while audio streams and writes the answers, so connections are
/// independent. Graceful shutdown (SIGTERM, SIGINT through `ServiceGroup`) stops accepting,
/// sends every client a `shutting-down` error, closes the connections and returns once their
/// threads have ended. An error is the last event a connection gets: what the client still
/// sends is read and dropped for up to a second before the socket closes, so the client reads
/// the error rather than a reset.
///
/// With an events socket, local programs get the server's own events there: clients connected
/// and disconnected, and each detection with the client it was for. Requests are answered with
/// an `error`: the server's audio comes from its clients.
///
/// Under systemd, the service says when it is ready (it listens) and stopping, and the
/// accepting thread pings the watchdog.
package struct WyomingWakeService: Service {
    package let configuration: WyomingServerConfiguration
    package let program: WakeProgramDescription
    package let detectors: DetectorPool
    /// Where local programs get the server's events, if anywhere.
    package let events: EventSocket?
    /// Where systemd is told what the server does.
    package let systemd: SystemdNotifier
    /// Called once the socket listens, with the address bound (a TCP port 0 resolved).
    package let listening: @Sendable (ServerAddress) -> Void
    private let logger = Logger(label: "susi-listen.wyoming")

    /// - Parameter systemd: where systemd is told what the server does; by default nowhere.
    package init(configuration: WyomingServerConfiguration, program: WakeProgramDescription, detectors: DetectorPool,
                events: EventSocket? = nil, systemd: SystemdNotifier = SystemdNotifier(environment: [:]),
                listening: @escaping @Sendable (ServerAddress) -> Void = { _ in }) {
        self.configuration = configuration
        self.program = program
        self.detectors = detectors
        self.events = events
        self.systemd = systemd
        self.listening = listening
    }

    /// Serves until shutdown.
    /// - Throws: ``ServerSocketError`` when the socket cannot be set up.
    package func run() async throws {
        let notice = try ShutdownNotice(for: configuration.address)
        let socket = try ListeningSocket(address: configuration.address)
        logger.info("listening on \(socket.boundAddress) for \(program.settings)")
        let announcement = announce(socket.boundAddress)
        listening(socket.boundAddress)
        systemd.ready(status: status(listeningOn: socket.boundAddress, clients: 0))
        await withGracefulShutdownHandler {
            await withTaskCancellationHandler {
                await withTaskGroup(of: Void.self) { threads in
                    if let events {
                        threads.addTask {
                            await DedicatedThread.run(named: "susi-listen events") {
                                events.serve { _, client in
                                    client.send(ServerEvent.error("serve takes no requests: its audio comes from its Wyoming clients").text)
                                }
                            }
                        }
                    }
                    await DedicatedThread.run(named: "susi-listen wyoming accept") { [self] in
                        acceptConnections(on: socket, until: notice)
                    }
                    events?.stop()
                }
            } onCancel: {
                notice.raise()
            }
        } onGracefulShutdown: {
            systemd.stopping(status: "stopping: closing the connections")
            notice.raise()
        }
        withExtendedLifetime(announcement) {}
        // The accepting thread may hold the socket a moment longer than this call lasts.
        socket.removeFile()
        logger.info("stopped listening on \(socket.boundAddress)")
    }

    /// Starts announcing the server on zeroconf when asked to and it listens on TCP.
    private func announce(_ address: ServerAddress) -> ZeroconfAnnouncement? {
        guard let name = configuration.zeroconfName, case .tcp(_, let port) = address else { return nil }
        return ZeroconfAnnouncement(name: name, port: port, logger: logger)
    }

    /// What the server does, for `systemctl status`: where it listens, for what, and how many
    /// clients it serves.
    private func status(listeningOn address: ServerAddress, clients: Int) -> String {
        let served = clients == 0 ? "no client connected" : clients == 1 ? "1 client connected" : "\(clients) clients connected"
        return "listening on \(address) for \(program.settings); \(served)"
    }

    /// Reports `event` to the events socket's programs, if there is a socket.
    private func publish(_ event: ServerEvent) {
        events?.publish(event.text)
    }

    /// Accepts clients until `notice`, then waits for their threads to end. The watchdog is
    /// pinged from here: a server that no longer accepts is hung, whatever its clients' threads do.
    private func acceptConnections(on socket: ListeningSocket, until notice: ShutdownNotice) {
        let connections = DispatchGroup()
        // systemctl status counts the clients served.
        let active = ActiveConnections { [self] count in systemd.status(status(listeningOn: socket.boundAddress, clients: count)) }
        let refusing = ActiveConnections()
        var counter = 0
        while let descriptor = socket.accept(until: notice, waitingAtMost: systemd.keepAlivePeriod, whileWaiting: systemd.keepAlive) {
            counter += 1
            let client = ClientConnection(descriptor: descriptor, idleTimeout: configuration.idleTimeout, notice: notice)
            let admitted = active.admit(upTo: configuration.maximumClients)
            if !admitted {
                logger.warning("client \(counter) (\(client.peer)) refused: \(configuration.maximumClients) clients already connected")
                // A refusal lingers up to a second on a thread of its own (sendLast), at most as
                // many at once as clients are served: beyond that (a flood of connections), it is
                // said and the connection closed at once, so that threads cannot run out.
                guard refusing.admit(upTo: configuration.maximumClients) else {
                    client.send(WyomingProtocolError.tooManyClients(maximum: configuration.maximumClients).event.encoded)
                    continue
                }
            }
            connections.enter()
            DedicatedThread.start(named: "susi-listen wyoming client \(counter)") { [self, counter] in
                if admitted {
                    serve(client, number: counter, until: notice)
                    active.leave()
                } else {
                    client.sendLast(WyomingProtocolError.tooManyClients(maximum: configuration.maximumClients).event.encoded)
                    refusing.leave()
                }
                connections.leave()
            }
        }
        connections.wait()
    }

    /// Answers one client's events until it closes, sends something wrong, idles or the server
    /// shuts down.
    private func serve(_ client: ClientConnection, number: Int, until notice: ShutdownNotice) {
        logger.info("client \(number) connected from \(client.peer)")
        publish(.connected(client: number))
        let session = WakeSession(program: program, detectors: detectors, notice: notice)
        defer { session.finishStream() }
        var reader = WyomingEventReader(source: client)
        do {
            while let event = try reader.next() {
                let answers = try session.handle(event)
                // A client that asked to be told of detections may wait for good for audio to hear.
                if event.type == "detect" { client.idleTimeout = nil }
                for answer in answers {
                    if answer.type == "detection", let name = answer["name"]?.scalarText, let timestamp = answer["timestamp"]?.intValue {
                        logger.info("client \(number): detection \"\(name)\" at \(timestamp) ms")
                        publish(.detection(client: number, name: name, timestamp: timestamp))
                    }
                    guard client.send(answer.encoded) else {
                        logger.info("client \(number) closed (it no longer reads)")
                        publish(.disconnected(client: number, reason: "it no longer reads"))
                        return
                    }
                }
            }
            logger.info("client \(number) closed")
            publish(.disconnected(client: number, reason: "closed"))
        } catch {
            let level: Logger.Level = error == .shuttingDown ? .info : .warning
            logger.log(level: level, "client \(number) closed: \(error)")
            publish(.disconnected(client: number, reason: "\(error)"))
            client.sendLast(error.event.encoded)
        }
    }
}

/// How many connections are being served, shared by the accepting and the connection threads.
private final class ActiveConnections: @unchecked Sendable {
    private let lock = Lock()
    private var count = 0
    /// Told each new count, in order (under the lock: two threads' changes are told as they came).
    private let changed: @Sendable (Int) -> Void

    init(changed: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.changed = changed
    }

    /// Counts one more connection, unless `maximum` are served already.
    func admit(upTo maximum: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard count < maximum else { return false }
        count += 1
        changed(count)
        return true
    }

    func leave() {
        lock.lock()
        defer { lock.unlock() }
        count -= 1
        changed(count)
    }
}
