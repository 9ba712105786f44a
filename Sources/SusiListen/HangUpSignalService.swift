import Logging
import ServiceLifecycle
import UnixSignals

/// Traps SIGHUP, which by default ends a process (with no summary): daemons are sent it to
/// reload their configuration, which the listening service cannot do while it runs, so it
/// says so in the log and goes on listening.
struct HangUpSignalService: Service {
    let logger: Logger

    func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            logger.notice("SIGHUP: reloading the configuration is not supported; ignored, still listening (restart to apply changes)")
        }
    }
}
