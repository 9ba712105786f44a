import Glibc
import Logging
import Threading

/// Tells systemd what a daemon is doing, by its notification protocol (`sd_notify(3)`, spoken
/// here without libsystemd): ready, reloading, stopping, a status line for `systemctl status`,
/// and the watchdog's keep-alive pings.
///
/// systemd names its socket in `NOTIFY_SOCKET` (a path, or an abstract name after `@`) for a
/// unit of `Type=notify`; without it every message is dropped unsent, so a daemon run by hand
/// calls the same methods. Each message is one datagram on a socket of its own, sent without
/// waiting: one that cannot go (systemd gone, its queue full) is dropped, never blocking or
/// failing the caller; the first such failure is logged as a warning, the others not until a
/// message has gone again (a watchdog's ping that failed is tried again at each call). Any
/// thread may call any method.
package final class SystemdNotifier: @unchecked Sendable {
    /// The socket messages go to, as `NOTIFY_SOCKET` named it; nil when none is named (or the
    /// name cannot be used, which is logged), and nothing is sent.
    package let destination: String?
    /// How long systemd waits for a ping before it deems the daemon hung (`WATCHDOG_USEC`, when
    /// `WATCHDOG_PID` is unset or this process); nil without a watchdog.
    package let watchdogInterval: Duration?
    /// The datagram socket this owns and closes in deinit; -1 without a destination.
    private let descriptor: Int32
    /// `destination` as a socket address's name: a path's bytes and a zero, or a zero and an abstract name.
    private let addressName: [UInt8]
    private let logger: Logger
    private let lock = Lock()
    /// When the watchdog was last pinged; nil before the first ping.
    private var lastPing: ContinuousClock.Instant?
    /// Whether the last message could not be sent.
    private var isFailing = false

    /// Longest status line sent: a message systemd cannot take whole (4 KB) is dropped whole,
    /// `READY=1` with it.
    package static let maximumStatusCharacters = 500

    /// A notifier for this process, from its environment (`NOTIFY_SOCKET`, `WATCHDOG_USEC`,
    /// `WATCHDOG_PID`).
    package convenience init(logger: Logger = Logger(label: "susi-listen.systemd")) {
        let names = ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"]
        let environment = names.reduce(into: [String: String]()) { values, name in
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        self.init(environment: environment, logger: logger)
    }

    /// A notifier for the variables in `environment`; one that cannot be used is logged as a
    /// warning and leaves nothing to send (a bad `NOTIFY_SOCKET`) or no watchdog (a bad `WATCHDOG_USEC`).
    package init(environment: [String: String], logger: Logger = Logger(label: "susi-listen.systemd")) {
        self.logger = logger
        var name: [UInt8]?
        switch environment["NOTIFY_SOCKET"] {
        case nil, "":
            break
        // A path ends in a zero byte; an abstract name's "@" stands for the zero byte before it.
        case let socket? where socket.utf8.count > ServerAddress.maximumUnixPathLength + (socket.hasPrefix("@") ? 1 : 0):
            logger.warning("NOTIFY_SOCKET=\(socket) is longer than a Unix socket address can be: systemd is not told what the daemon does")
        case let socket? where socket.hasPrefix("@"):
            name = [0] + socket.utf8.dropFirst()
        case let socket? where socket.hasPrefix("/"):
            name = Array(socket.utf8) + [0]
        case let socket?:
            logger.warning("NOTIFY_SOCKET=\(socket) is neither a path nor an abstract socket name (@name): systemd is not told what the daemon does")
        }
        let descriptor = name == nil ? -1 : socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        if name != nil && descriptor < 0 {
            logger.warning("cannot make a socket to tell systemd what the daemon does: \(String(cString: strerror(errno)))")
            name = nil
        }
        self.descriptor = descriptor
        addressName = name ?? []
        destination = name == nil ? nil : environment["NOTIFY_SOCKET"]
        watchdogInterval = destination == nil ? nil : Self.watchdogInterval(in: environment, logger: logger)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The watchdog's interval that `WATCHDOG_USEC` gives this process, if any.
    private static func watchdogInterval(in environment: [String: String], logger: Logger) -> Duration? {
        guard let text = environment["WATCHDOG_USEC"] else { return nil }
        if let owner = environment["WATCHDOG_PID"] {
            guard let pid = Int32(owner) else {
                logger.warning("WATCHDOG_PID=\(owner) is not a process ID: the watchdog is not pinged")
                return nil
            }
            // The variables were meant for another process (one that started this one).
            guard pid == getpid() else { return nil }
        }
        guard let microseconds = Int64(text), microseconds > 0 else {
            logger.warning("WATCHDOG_USEC=\(text) is not a number of microseconds: the watchdog is not pinged")
            return nil
        }
        return .microseconds(microseconds)
    }

    /// How often the loop that must stay alive calls ``keepAlive()`` at least: a quarter of the
    /// watchdog's interval, so that each ping comes well within it; nil without a watchdog.
    package var keepAlivePeriod: Duration? { watchdogInterval.map { $0 / 4 } }

    /// Says the daemon is up and doing its work (at start, and after a reload), and what it does.
    package func ready(status: String) {
        send(["READY=1", Self.statusLine(status)])
    }

    /// Says the daemon is reloading its configuration (until the next ``ready(status:)``).
    package func reloading(status: String) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        // MONOTONIC_USEC tells systemd which reload this answers (Type=notify-reload, systemd 253 on).
        let microseconds = Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
        send(["RELOADING=1", "MONOTONIC_USEC=\(microseconds)", Self.statusLine(status)])
    }

    /// Says the daemon has begun to shut down.
    package func stopping(status: String) {
        send(["STOPPING=1", Self.statusLine(status)])
    }

    /// Says what the daemon does now, for `systemctl status`.
    package func status(_ status: String) {
        send([Self.statusLine(status)])
    }

    /// Most time between two pings: a second, or half the watchdog's interval if that is
    /// shorter. Pinging often (a datagram a second costs nothing) leaves a loop that stops the
    /// whole interval, less this, before systemd deems it hung; pinging at half the interval
    /// would leave it only half.
    package var pingSpacing: Duration? { watchdogInterval.map { min($0 / 2, .seconds(1)) } }

    /// Pings the watchdog if ``pingSpacing`` has passed since the last ping (at once the first
    /// time). The loop that must stay alive calls this each time round, at least every
    /// ``keepAlivePeriod``: a loop that hangs stops the pings, and systemd restarts the daemon.
    package func keepAlive() {
        guard let pingSpacing else { return }
        let now = ContinuousClock.now
        let due = lock.withLock { lastPing.map { now - $0 >= pingSpacing } ?? true }
        // A ping that could not go is tried again on the next call.
        if due && send(["WATCHDOG=1"]) { lock.withLock { lastPing = now } }
    }

    /// `STATUS=` and `text` on one line, at most ``maximumStatusCharacters`` long.
    private static func statusLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "STATUS=" + (line.count > maximumStatusCharacters ? String(line.prefix(maximumStatusCharacters - 1)) + "…" : line)
    }

    /// Sends `lines` as one message; false when it did not go (or there is nowhere to send it).
    @discardableResult
    private func send(_ lines: [String]) -> Bool {
        guard destination != nil else { return false }
        let message = Array(lines.joined(separator: "\n").utf8)
        let sent = ListeningSocket.withUnixAddress(name: addressName) { address, length in
            message.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), address, length) } >= 0
        }
        let reason = sent ? "" : String(cString: strerror(errno))
        let wasFailing = lock.withLock {
            defer { isFailing = !sent }
            return isFailing
        }
        if !sent && !wasFailing {
            logger.warning("cannot tell systemd at \(destination ?? "") what the daemon does (\(lines[0])): \(reason); not said again until it can")
        } else if sent && wasFailing {
            logger.notice("systemd at \(destination ?? "") is told what the daemon does again")
        }
        return sent
    }
}
