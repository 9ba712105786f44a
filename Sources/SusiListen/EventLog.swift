import Logging
import Pipeline

/// The daemon's events: one readable log line each, and JSON lines on standard output with `--json`.
struct EventLog: Sendable {
    let json: Bool
    let logger: Logger

    func record(_ event: ListenEvent) {
        if event.isTrouble {
            logger.warning("\(event.readableLine)")
        } else {
            logger.info("\(event.readableLine)")
        }
        if json {
            StandardOutput.write(event.json.text) { logger.error("\($0)") }
        }
    }
}
