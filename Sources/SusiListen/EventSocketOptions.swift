import ArgumentParser
import Pipeline
import ServerSockets

/// Where local programs get the events (`--events-socket`), for `detect` and `serve`. Each
/// option given overrides the configuration file.
struct EventSocketOptions: ParsableArguments, Sendable {
    @Option(name: Setting.eventsSocket.flagName, help: Setting.eventsSocket.argumentHelp)
    var eventsSocket: String?

    @Option(name: Setting.eventsSocketGroup.flagName, help: Setting.eventsSocketGroup.argumentHelp)
    var eventsSocketGroup: String?

    /// The settings these options give.
    var settings: CommandLineSettings {
        var given = CommandLineSettings()
        given.add(.eventsSocket, eventsSocket)
        given.add(.eventsSocketGroup, eventsSocketGroup)
        return given
    }

    func validate() throws {
        try settings.validate()
    }

    /// The events socket `settings` ask for, listening; nil when they ask for none.
    /// - Throws: ``ExitStatus/socketUnavailable`` when it cannot be set up, said on standard error.
    static func open(for settings: Configuration) throws -> EventSocket? {
        guard let path = settings.eventsSocket else {
            if let group = settings.eventsSocketGroup {
                StandardError.write("susi-listen: the events socket's group \(group) is set, but no events socket is (--events-socket, events.socket): ignored")
            }
            return nil
        }
        do {
            return try EventSocket(path: path, group: settings.eventsSocketGroup)
        } catch {
            StandardError.write("susi-listen: --events-socket (events.socket): \(error)")
            throw ExitStatus.socketUnavailable.exitCode
        }
    }
}
