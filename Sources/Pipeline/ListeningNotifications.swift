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
    /// What the status says while the device delivers no audio (stalled, lost, being opened
    /// again) or digital silence, whatever else changes meanwhile (a mute, a reload): nothing
    /// else matters until it is mended. A device that stalls or is lost says so before silence.
    private var noAudio: String?
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
            reloaded(status: listening(), note: "; configuration not reloaded: \(failure.message)")
        case .muted:
            systemd.status(listening(muted: true))
        case .unmuted:
            systemd.status(listening(muted: false))
        case .device(let change):
            lock.withLock {
                switch change.status {
                case .opened:
                    // A device opened again is judged afresh.
                    (noAudio, silence) = (nil, nil)
                case .resumed: noAudio = nil
                case .sound: silence = nil
                case .lost, .stalled: noAudio = event.readableLine
                case .silent: silence = event.readableLine
                }
            }
            systemd.status(listening())
        default:
            break
        }
    }

    /// Says the lost device could not be opened again, why, and when the next try is.
    func retrying(because problem: String, inSeconds seconds: Double) {
        lock.withLock { noAudio = "lost \(device): \(problem); opening it again in \(String(printf: "%g", seconds)) s" }
        systemd.status(listening())
    }

    /// Says a configuration read again (SIGHUP) is being set up.
    func reloading() {
        let status = "reloading the configuration"
        if lock.withLock({ hasStarted }) { systemd.reloading(status: status) } else { systemd.status(status) }
    }

    /// Says a reload is over, with `status` and `note`: ready again, unless listening has not
    /// started yet (a SIGHUP while the device opens at start), which is then still to come.
    private func reloaded(status: String, note: String = "") {
        if lock.withLock({ hasStarted }) { systemd.ready(status: status + note) } else { systemd.status("opening \(device)" + note) }
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
    /// are now when given; while the device delivers no audio or silence, that.
    private func listening(for keyphrases: [String]? = nil, muted: Bool? = nil) -> String {
        lock.withLock {
            if let keyphrases { self.keyphrases = keyphrases }
            if let muted { isMuted = muted }
            if let trouble = noAudio ?? silence { return trouble }
            let listened = self.keyphrases.map { "\"\($0)\"" }.joined(separator: ", ")
            return isMuted ? "muted: not listening for \(listened) on \(device) until unmuted" : "listening on \(device) for \(listened)"
        }
    }
}
