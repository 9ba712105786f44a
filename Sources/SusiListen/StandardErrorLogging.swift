import Logging

/// The daemons' log: swift-log lines on standard error (the journal, under systemd).
enum StandardErrorLogging {
    /// Sends every logger's lines at `level` (a name from `Configuration.logLevels`) and above
    /// to standard error, and returns the program's own logger.
    static func bootstrap(level: String) -> Logger {
        let lowest = Logger.Level(rawValue: level) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = lowest
            return handler
        }
        return Logger(label: "susi-listen")
    }
}
