import ServerSockets
import TextFormatting
import Threading

/// What the listening daemon tells systemd ([docs/systemd.md](../../docs/systemd.md)): ready
/// once it listens and again after each reload, reloading, stopping, and what it does in a line
/// for `systemctl status`, kept up to date from its events; and the watchdog's pings, from the
/// capture loop alone.
///
/// Events come from several threads (capture, the device's feed, reloads): the state they
/// change is kept under a lock.
final class ListeningNotifications: @unchecked Sendable {
    private let systemd: SystemdNotifier
    private let device: String
    private let lock = Lock()
    /// The keyphrases listened for.
    private var keyphrases: [String]
    private var isMuted = false
    /// Whether listening has started (and systemd been told it is ready).
    private var hasStarted = false
    /// What the status says while the device delivers digital silence, whatever else changes
    /// meanwhile (a mute, a reload): nothing else matters until it is mended.
    private var silence: String?

    init(systemd: SystemdNotifier, device: String, keyphrases: [String]) {
        self.systemd = systemd
        self.device = device
        self.keyphrases = keyphrases
    }

    /// Tells systemd what `event` changed: readiness (listening has started, a reload is done or
    /// failed) and the status line (the device opened, lost, stalled or silent, muted, unmuted).
    func record(_ event: ListenEvent) {
        switch event {
        case .start(let start):
            lock.withLock { hasStarted = true }
            systemd.ready(status: listening(for: start.keywords.map(\.keyphrase)))
        case .reloaded(let reload):
            reloaded(status: listening(for: reload.detection?.keywords.map(\.keyphrase)))
        case .reloadFailed(let failure):
            reloaded(status: listening() + "; configuration not reloaded: \(failure.message)")
        case .muted:
            systemd.status(listening(muted: true))
        case .unmuted:
            systemd.status(listening(muted: false))
        case .device(let change):
            switch change.status {
            case .opened, .sound:
                // A device opened again is judged afresh.
                lock.withLock { silence = nil }
                systemd.status(listening())
            case .resumed: systemd.status(listening())
            case .lost, .stalled: systemd.status(event.readableLine)
            case .silent:
                lock.withLock { silence = event.readableLine }
                systemd.status(event.readableLine)
            }
        default:
            break
        }
    }

    /// Says the lost device could not be opened again, why, and when the next try is.
    func retrying(because problem: String, inSeconds seconds: Double) {
        systemd.status("lost \(device): \(problem); opening it again in \(String(printf: "%g", seconds)) s")
    }

    /// Says a configuration read again (SIGHUP) is being set up.
    func reloading() {
        let status = "reloading the configuration"
        if lock.withLock({ hasStarted }) { systemd.reloading(status: status) } else { systemd.status(status) }
    }

    /// Says a reload is over: ready again, unless listening has not started yet (a SIGHUP while
    /// the device opens at start), which is then still to come.
    private func reloaded(status: String) {
        if lock.withLock({ hasStarted }) { systemd.ready(status: status) } else { systemd.status(status) }
    }

    /// Says the daemon has begun to shut down.
    func stopping() {
        systemd.stopping(status: "stopping")
    }

    /// Pings the watchdog when it is due: called by the capture loop alone, each time round, so
    /// that a loop that hangs (in the decoder, say) stops the pings.
    func keepAlive() {
        systemd.keepAlive()
    }

    /// What the daemon does while the device delivers, with `keyphrases` and `muted` as they
    /// are now when given; while the device is silent, that it is.
    private func listening(for keyphrases: [String]? = nil, muted: Bool? = nil) -> String {
        lock.withLock {
            if let keyphrases { self.keyphrases = keyphrases }
            if let muted { isMuted = muted }
            if let silence { return silence }
            let listened = self.keyphrases.map { "\"\($0)\"" }.joined(separator: ", ")
            return isMuted ? "muted: not listening for \(listened) on \(device) until unmuted" : "listening on \(device) for \(listened)"
        }
    }
}
