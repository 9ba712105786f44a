import AudioTestSupport
import Foundation
import Testing

/// `susi-listen serve` as a process, driven by the real `wyoming` Python client the way Home
/// Assistant drives a wake-word service (Tools/benchmarks/wyoming-client.py).
@Suite(.serialized) struct ServeCommandTests {
    static let python = CommandRunner.repository.appendingPathComponent(".build/wyoming-venv/bin/python").path
    static var hasWyomingClient: Bool { FileManager.default.isExecutableFile(atPath: python) }
    static let skipMessage: Comment = "no wyoming client in .build/wyoming-venv: run Scripts/setup.sh --no-build --wyoming-client"
    /// "susi" from 0.500 to 1.004 s (TestAudio/labels.tsv).
    static let susi = "TestAudio/positive_alone_slt_z_norm_noise.wav"

    /// A running `susi-listen serve` on a free loopback port, its log in a file.
    final class Server {
        let process = Process()
        let log: URL
        let uri: String

        /// Starts the server with `arguments`, and `environment` added to the tests' own.
        init(_ arguments: [String] = [], environment: [String: String] = [:]) throws {
            log = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.executableURL = CommandRunner.executable
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
            process.arguments = ["serve", "--uri", "tcp://127.0.0.1:0", "--config", "/dev/null"] + arguments
            process.currentDirectoryURL = CommandRunner.repository
            process.standardError = try FileHandle(forWritingTo: log)
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // The log names the port the system picked.
            let deadline = Date(timeIntervalSinceNow: 30)
            var found: String?
            while found == nil && Date() < deadline && process.isRunning {
                found = Self.contents(of: log).firstMatch(of: /listening on (tcp:\/\/[0-9.]+:[0-9]+)/).map { String($0.1) }
                if found == nil { usleep(20_000) }
            }
            guard let found else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no listening line: \(Self.contents(of: log))"]) }
            uri = found
        }

        var text: String { Self.contents(of: log) }

        /// The log once it contains `line`, or as it is after `seconds` (under load, what the
        /// server does after it starts listening can be logged seconds later).
        func text(once line: String, within seconds: Double = 10) -> String {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !text.contains(line) && Date() < deadline { usleep(20_000) }
            return text
        }

        /// A TCP connection to the server, as a socket the caller closes.
        func connect() throws -> Int32 {
            let port = try #require(Int(uri.split(separator: ":").last ?? ""))
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            #expect(connected == 0)
            return client
        }

        private static func contents(of log: URL) -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        /// Sends SIGTERM and returns the exit status and the seconds it took to exit.
        func stop() -> (status: Int32, seconds: Double) {
            let asked = Date()
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            return (process.terminationStatus, Date().timeIntervalSince(asked))
        }

        deinit {
            if process.isRunning { process.terminate() }
            try? FileManager.default.removeItem(at: log)
        }
    }

    /// Runs Tools/benchmarks/wyoming-client.py against `server`; one JSON object per client.
    func runClient(_ server: Server, _ arguments: [String]) throws -> (status: Int32, results: [[String: Any]], errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = ["Tools/benchmarks/wyoming-client.py", "--uri", server.uri] + arguments
        process.currentDirectoryURL = CommandRunner.repository
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let results = String(decoding: printed, as: UTF8.self).split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        return (process.terminationStatus, results, complaints)
    }

    @Test(.enabled(if: hasWyomingClient, skipMessage))
    func homeAssistantsClientsHearSusiAtOnceOneAt44kHzStereo() throws {
        let server = try Server()
        let run = try runClient(server, ["--audio", Self.susi, "--clients", "3", "--stereo-44k"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.results.count == 3)
        for result in run.results {
            #expect(result["models"] as? [String] == ["susi"])
            #expect(result["result"] as? String == "detection", "\(result)")
            #expect(result["name"] as? String == "susi")
            #expect((1_000...2_000).contains(result["timestamp"] as? Int ?? -1), "\(result)")
        }
        #expect(run.results.contains { $0["rate"] as? Int == 44_100 && $0["channels"] as? Int == 2 })
        // Each client closed right after its detection, without audio-stop: normal, no warning.
        #expect(!server.text.contains("warning"), "\(server.text)")
        let stopped = server.stop()
        #expect(stopped.status == 0)
    }

    @Test(.enabled(if: hasWyomingClient, skipMessage))
    func homeAssistantsClientGetsNotDetectedForBackgroundNoise() throws {
        let server = try Server(["--keyword", "hey computer", "--sensitivity", "0.4"])
        let run = try runClient(server, ["--audio", "TestAudio/negative_background_only_noise.wav"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.results.first?["models"] as? [String] == ["hey computer"])
        #expect(run.results.first?["result"] as? String == "not-detected")
        #expect(server.stop().status == 0)
    }

    @Test func stopsOnSIGTERMWithoutWaitingForAConnectedClient() throws {
        let server = try Server()
        let client = try server.connect()
        defer { close(client) }
        let log = server.text(once: "client 1 connected")
        #expect(log.contains("client 1 connected from 127.0.0.1:"), "\(log)")
        let stopped = server.stop()
        #expect(stopped.status == 0)
        // The client would be waited for until the 60 s idle time-out; a bound that holds under load.
        #expect(stopped.seconds < 10, "\(stopped.seconds) s")
        #expect(server.text.contains("client 1 closed: the server is shutting down"))
    }

    @Test func saysThatAnEventsSocketGroupWithoutASocketIsIgnored() throws {
        let server = try Server(["--events-socket-group", "root"])
        let log = server.text(once: "events socket's group")
        #expect(log.contains("the events socket's group root is set, but no events socket is (--events-socket, events.socket): ignored"), "\(log)")
        #expect(server.stop().status == 0)
    }

    @Test func servesWhenZeroconfIsAskedForAndNoAvahiDaemonRuns() throws {
        let server = try Server(["--zeroconf", "kitchen"])
        let log = server.text(once: "zeroconf: no Avahi daemon runs")
        #expect(log.contains("zeroconf: no Avahi daemon runs"), "\(log)")
        // Still serving: a describe is answered.
        let client = try server.connect()
        defer { close(client) }
        let describe = Array("{\"type\":\"describe\"}\n".utf8)
        #expect(send(client, describe, describe.count, Int32(MSG_NOSIGNAL)) == describe.count)
        var answer = [UInt8](repeating: 0, count: 4096)
        let count = recv(client, &answer, answer.count, 0)
        #expect(String(decoding: answer.prefix(max(count, 0)), as: UTF8.self).hasPrefix("{\"type\":\"info\""))
        #expect(server.stop().status == 0)
    }

    @Test(.enabled(if: PrivateAvahi.isAvailable, "needs avahi-daemon and dbus-daemon installed, root, and no Avahi daemon running"))
    func announcesItselfOnZeroconfThroughAnAvahiDaemon() throws {
        let avahi = try PrivateAvahi()
        let server = try Server(["--zeroconf", "kitchen"], environment: ["DBUS_SYSTEM_BUS_ADDRESS": avahi.busAddress])
        let port = try #require(server.uri.split(separator: ":").last)
        let log = server.text(once: "zeroconf: announced")
        #expect(log.contains("zeroconf: announced as \"kitchen\" (_wyoming._tcp, port \(port))"), "\(log)")
        #expect(server.stop().status == 0)
    }

    @Test func refusesZeroconfOnAUnixSocket() throws {
        let outcome = try CommandRunner.run(["serve", "--uri", "unix:///tmp/x.sock", "--zeroconf", "--config", "/dev/null"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("--zeroconf (serve.zeroconf) announces a TCP port: not with a unix:// --uri"), "\(outcome.standardError)")
        // Refused as bad arguments to serve, before anything loads.
        #expect(outcome.standardError.contains("Usage: susi-listen serve"), "\(outcome.standardError)")
    }

    /// The unit's command line sets nothing the configuration file may set: a flag would win
    /// over the file's key.
    @Test func theUnitLeavesServesSettingsToTheConfigurationFile() throws {
        let unit = try String(contentsOf: CommandRunner.repository.appendingPathComponent("systemd/susi-listen-serve.service"), encoding: .utf8)
        let command = try #require(unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        #expect(command.split(separator: " ").filter { $0.hasPrefix("--") } == ["--config"], "\(command)")
    }

    @Test func refusesOneSocketForWyomingAndTheEvents() throws {
        let outcome = try CommandRunner.run(["serve", "--uri", "unix:///tmp/same.sock", "--events-socket", "/tmp/./same.sock", "--config", "/dev/null"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("name the same socket, /tmp/same.sock"), "\(outcome.standardError)")
    }

    /// Both units read one configuration file: its events socket is the listening daemon's,
    /// which the server leaves alone.
    @Test func leavesTheConfigurationFilesEventsSocketToTheListeningDaemon() throws {
        let folder = try TemporaryDirectory()
        let shared = folder.file("config.toml")
        try "[events]\nsocket = \"\(folder.file("no-such-folder/events.sock"))\"\n".write(toFile: shared, atomically: false, encoding: .utf8)
        let server = try Server(["--config", shared])
        #expect(!server.text.contains("events socket"), "\(server.text)")
        #expect(server.stop().status == 0)
    }

    @Test func goesOnServingAfterSIGHUP() throws {
        let server = try Server()
        kill(server.process.processIdentifier, SIGHUP)
        // SIGHUP's default action ends a process at once.
        usleep(300_000)
        #expect(server.process.isRunning)
        #expect(server.stop().status == 0)
    }

    @Test func refusesABadURIAndAnAddressInUse() throws {
        let bad = try CommandRunner.run(["serve", "--uri", "http://localhost:10400", "--config", "/dev/null"])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("tcp:// or unix://"))
        let server = try Server()
        let taken = try CommandRunner.run(["serve", "--uri", server.uri, "--config", "/dev/null"])
        #expect(taken.status == 5)
        #expect(taken.standardError.contains("cannot listen on \(server.uri): bind"))
        #expect(server.stop().status == 0)
    }
}
