import ArgumentParser
import Pipeline
import ServerSockets

/// Where local programs get the events (`--events-socket`), for `detect` and `serve`. Each
/// option given overrides the configuration file.
struct EventSocketOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: ArgumentHelp("Unix socket (created mode 0660) on which local programs read every event as a JSON line and may send {\"type\":\"mute\"}, {\"type\":\"unmute\"} or {\"type\":\"listen\"}.", valueName: "path"))
    var eventsSocket: String?

    @Option(name: .long, help: ArgumentHelp("Group the events socket belongs to (default: the process's group).", valueName: "group"))
    var eventsSocketGroup: String?

    func validate() throws {
        if let eventsSocket, let problem = Configuration.socketPathProblem(eventsSocket) {
            throw ValidationError("--events-socket: \(problem)")
        }
    }

    /// Puts the options that were given into `configuration`.
    func apply(to configuration: inout Configuration) {
        if let eventsSocket { configuration.eventsSocket = eventsSocket }
        if let eventsSocketGroup { configuration.eventsSocketGroup = eventsSocketGroup }
    }

    /// The events socket `settings` ask for, listening; nil when they ask for none.
    /// - Throws: `ExitCode(5)` when it cannot be set up, said on standard error.
    static func open(for settings: Configuration) throws -> EventSocket? {
        guard let path = settings.eventsSocket else { return nil }
        do {
            return try EventSocket(path: path, group: settings.eventsSocketGroup)
        } catch {
            StandardError.write("susi-listen: --events-socket: \(error)")
            throw ExitCode(5)
        }
    }
}
