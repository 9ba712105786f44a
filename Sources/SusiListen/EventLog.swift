import Logging
import Pipeline

/// The daemon's events: one readable log line each, and JSON lines on standard output with `--json`.
struct EventLog: Sendable {
    let json: Bool
    let logger: Logger

    /// Logs `event`: an `error` event at the error level (so `--log-level error` still shows
    /// it), other trouble as a warning, the rest as information.
    func record(_ event: ListenEvent) {
        if case .error = event {
            logger.error("\(event.readableLine)")
        } else if event.isTrouble {
            logger.warning("\(event.readableLine)")
        } else {
            logger.info("\(event.readableLine)")
        }
        if json {
            StandardOutput.write(event.json.text) { logger.error("\($0)") }
        }
    }
}
