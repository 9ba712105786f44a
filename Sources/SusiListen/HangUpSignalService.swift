import Logging
import Pipeline
import ServiceLifecycle
import UnixSignals

/// Traps SIGHUP, which by default ends a process (with no summary), and reads the
/// configuration again on each one, for the listening service to apply.
struct HangUpSignalService: Service {
    let logger: Logger
    /// Where each configuration read again goes, or why it could not be read; finished when
    /// the service ends.
    let reloads: AsyncStream<Result<Configuration, any Error>>.Continuation
    /// Reads the configuration file again and merges it with the flags, as at start.
    let reread: @Sendable () throws -> Configuration

    func run() async throws {
        defer { reloads.finish() }
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            logger.notice("SIGHUP: reading the configuration again")
            reloads.yield(Result { try reread() })
        }
    }
}
