import Foundation

/// An Avahi daemon on a D-Bus system bus of its own (a socket in a temporary folder, which the
/// Avahi client library finds through `DBUS_SYSTEM_BUS_ADDRESS`), so a test can see `serve`
/// announce itself without touching the machine's bus. Both processes end when it goes.
///
/// Only where `avahi-daemon` and `dbus-daemon` are installed (CI installs neither), the tests
/// run as root (Avahi's daemon wants to be) and no other Avahi daemon runs (it has one pid file).
final class PrivateAvahi {
    /// The value for `DBUS_SYSTEM_BUS_ADDRESS` in the environment of a process that should
    /// reach this daemon.
    let busAddress: String
    private let folder: URL
    /// Where the bus daemon writes its pid.
    private let busPIDFile: URL

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/sbin/avahi-daemon")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
            && getuid() == 0 && !FileManager.default.fileExists(atPath: avahiPIDFile)
    }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("avahi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("bus.sock").path
        busPIDFile = folder.appendingPathComponent("bus.pid")
        busAddress = "unix:path=\(socket)"
        // A bus that lets everyone talk, with the policies of the system bus's services (Avahi's).
        let configuration = folder.appendingPathComponent("bus.conf")
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>system</type>
              <listen>\(busAddress)</listen>
              <pidfile>\(busPIDFile.path)</pidfile>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow user="*"/><allow own="*"/><allow send_destination="*"/><allow receive_sender="*"/>
              </policy>
              <includedir>/usr/share/dbus-1/system.d</includedir>
            </busconfig>
            """.write(to: configuration, atomically: false, encoding: .utf8)
        // Both daemons fork and their first process ends at once: Foundation's Process waits
        // for its children one after another, so a child that kept running would hold up
        // noticing the server's exit.
        try Self.run("/usr/bin/dbus-daemon", ["--config-file=\(configuration.path)", "--fork"])
        try Self.waitFor("the bus's socket") { FileManager.default.fileExists(atPath: socket) }
        try Self.run("/usr/sbin/avahi-daemon", ["--daemonize", "--no-drop-root", "--no-chroot", "--no-rlimits"],
                         environment: ["DBUS_SYSTEM_BUS_ADDRESS": busAddress])
        try Self.waitFor("avahi-daemon's start") { FileManager.default.fileExists(atPath: Self.avahiPIDFile) }
    }

    deinit {
        // avahi-daemon --kill ends it by its pid file; SIGKILL for the bus, which inherited the
        // test runner's blocked signals, SIGTERM among them.
        try? Self.run("/usr/sbin/avahi-daemon", ["--kill"])
        if let text = try? String(contentsOf: busPIDFile, encoding: .utf8), let bus = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(bus, SIGKILL)
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Where avahi-daemon keeps its pid while it runs.
    private static let avahiPIDFile = "/run/avahi-daemon/pid"

    /// Runs `program` to its end (a daemon's first process, which forks the daemon). Spawned
    /// directly, not through Foundation's Process, which waits for every descriptor it gave the
    /// child to close, and the daemon keeps them.
    private static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }.map { "\($0)=\($1)" }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, program, nil, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    }

    private static func waitFor(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Date(timeIntervalSinceNow: 10)
        while !condition() {
            guard Date() < deadline else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no \(what) within 10 s"]) }
            usleep(20_000)
        }
    }
}
