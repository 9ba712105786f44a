import AudioInput
import AudioTestSupport
import Foundation
import SocketTestSupport
import Testing

/// The daemons under systemd's eye: `NOTIFY_SOCKET` names a real datagram socket the test
/// binds, as systemd binds its own, and `WATCHDOG_USEC` asks for a ping at least every second.
extension DaemonTests {
    /// A watchdog of one second: pinged every half second or so.
    static let watchdog = ["WATCHDOG_USEC": "1000000"]

    /// The `WATCHDOG=1` messages among `messages`, and the longest gap between two (0 for fewer than two).
    static func pings(in messages: [SystemdNotifySocket.Message]) -> (count: Int, longestGap: Double) {
        let times = messages.filter { $0["WATCHDOG"] == "1" }.map(\.time)
        return (times.count, zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) }.max() ?? 0)
    }

    @Test func tellsSystemdWhenItListensWhatItDoesWhenItReloadsAndWhenItStops() throws {
        let systemd = try SystemdNotifySocket(path: folder.appendingPathComponent("notify").path)
        let events = folder.appendingPathComponent("events.sock").path
        let daemon = try startListening(configuration: "[events]\nsocket = \"\(events)\"\n",
                                        environment: Self.watchdog.merging(["NOTIFY_SOCKET": systemd.address]) { $1 })
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        let ready = try #require(systemd.message { $0["READY"] == "1" }, "\(systemd.messages)")
        #expect(ready["STATUS"] == "listening on fixture for \"susi\"")
        // Loading the models comes first; the device opened is listening, said once more with READY.
        #expect(systemd.messages.prefix { $0["READY"] == nil }.compactMap { $0["STATUS"] } == ["loading the models", "listening on fixture for \"susi\""],
                "\(systemd.messages)")

        // The writer goes quiet: the device stalls, and the loop that waits for it goes on pinging.
        let stalled = systemd.message { $0["STATUS"]?.hasPrefix("fixture: no audio for ") == true }
        #expect(stalled?["STATUS"]?.hasSuffix("s: the device stalls; waiting for it") == true, "\(systemd.messages)")
        let pings = Self.pings(in: systemd.messages(during: 3))
        #expect((4...7).contains(pings.count) && pings.longestGap < 0.9, "\(pings)")

        // While the device stalls, the status goes on saying so whatever else happens: a
        // program on the events socket mutes and unmutes it, and reloads come and go.
        let stallLine = try #require(stalled?["STATUS"])
        let client = try EventSocketTestClient(events)
        let beforeMute = systemd.messages.count
        #expect(client.send("{\"type\":\"mute\"}\n"))
        #expect(client.send("{\"type\":\"unmute\"}\n"))
        #expect(systemd.message(after: beforeMute + 1) { $0["STATUS"] != nil } != nil, "\(systemd.messages)")
        #expect(systemd.messages.dropFirst(beforeMute).compactMap { $0["STATUS"] }.allSatisfy { $0 == stallLine }, "\(systemd.messages)")

        let beforeReload = systemd.messages.count
        kill(daemon.process.processIdentifier, SIGHUP)
        let reloading = try #require(systemd.message(after: beforeReload) { $0["RELOADING"] == "1" }, "\(systemd.messages)")
        #expect(reloading["STATUS"] == "reloading the configuration")
        #expect(Int64(reloading["MONOTONIC_USEC"] ?? "") != nil, "\(reloading)")
        let reloaded = try #require(systemd.message(after: beforeReload) { $0["READY"] == "1" }, "\(systemd.messages)")
        #expect(reloaded.time >= reloading.time)
        #expect(reloaded["STATUS"] == stallLine)
        // A wrong one leaves the old settings, and ready again: the status says why.
        let configuration = try String(contentsOfFile: daemon.configuration, encoding: .utf8)
        try "[chat]\naccess_token = SECRETTOKEN123\n".write(toFile: daemon.configuration, atomically: false, encoding: .utf8)
        let beforeFailure = systemd.messages.count
        kill(daemon.process.processIdentifier, SIGHUP)
        let failed = try #require(systemd.message(after: beforeFailure) { $0["READY"] == "1" }, "\(systemd.messages)")
        #expect(failed["STATUS"]?.hasPrefix(stallLine + "; configuration not reloaded: ") == true, "\(failed)")
        #expect(systemd.messages.dropFirst(beforeFailure).contains { $0["RELOADING"] == "1" && $0.time <= failed.time })
        #expect(!systemd.messages.contains { $0.description.contains("SECRETTOKEN123") })
        try configuration.write(toFile: daemon.configuration, atomically: false, encoding: .utf8)

        // Audio again: listening, muted, listening.
        let beforeAudio = systemd.messages.count
        try play([Float](repeating: 0.001, count: 16_000), into: daemon.writer)
        #expect(systemd.message(after: beforeAudio) { $0["STATUS"] == "listening on fixture for \"susi\"" } != nil, "\(systemd.messages)")
        let beforeSecondMute = systemd.messages.count
        #expect(client.send("{\"type\":\"mute\"}\n"))
        #expect(systemd.message(after: beforeSecondMute) { $0["STATUS"] == "muted: not listening for \"susi\" on fixture until unmuted" } != nil,
                "\(systemd.messages)")

        let beforeStop = systemd.messages.count
        #expect(terminate(daemon.process).status == 0, "\(daemon.log)")
        // (The device may have stalled again just before: its status comes first.)
        let stopping = systemd.messages.dropFirst(beforeStop).filter { $0["WATCHDOG"] == nil && $0.lines.count > 1 }
        #expect(stopping.map(\.lines) == [["STOPPING=1", "STATUS=stopping"]], "\(stopping)")
        try daemon.writer.close()
    }

    /// A reload while the device is still being opened at start is not readiness: that comes
    /// once the device is open.
    @Test func isNotReadyAfterAReloadWhileTheDeviceIsStillBeingOpenedAtStart() throws {
        let systemd = try SystemdNotifySocket(path: folder.appendingPathComponent("notify").path)
        let configuration = folder.appendingPathComponent("config.toml").path
        try "".write(toFile: configuration, atomically: false, encoding: .utf8)
        // Nobody opens the FIFO for writing yet: ALSA's `file` PCM blocks in open(2).
        let (process, output, errors) = try startDaemon(arguments: ["--config", configuration, "--no-transcription"],
                                                        environment: ["NOTIFY_SOCKET": systemd.address])
        defer { if process.isRunning { process.terminate() } }
        let log = { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
        #expect(waitForLine(containing: "echo cancellation on", in: errors, within: 30), "\(log())")
        kill(process.processIdentifier, SIGHUP)
        #expect(waitForLine(containing: "\"type\":\"reloaded\"", in: output, within: 30), "\(log())")
        let writer = try openFIFOForWriting(within: 10)
        #expect(waitForLine(containing: "\"type\":\"start\"", in: output, within: 10), "\(log())")
        // Whatever follows the start comes within moments.
        _ = systemd.messages(during: 0.5)
        let messages = systemd.messages
        let before = messages.prefix { $0["READY"] == nil }
        #expect(before.contains { $0["STATUS"] == "reloading the configuration" }, "\(messages)")
        // Reloaded while the device still opens: it says so, not that it listens.
        #expect(before.contains { $0["STATUS"] == "opening fixture" }, "\(messages)")
        #expect(!before.contains { $0["RELOADING"] != nil }, "\(messages)")
        let ready = messages.filter { $0["READY"] != nil }
        #expect(ready.map { $0["STATUS"] } == ["listening on fixture for \"susi\""], "\(messages)")
        #expect(terminate(process).status == 0, "\(log())")
        try writer.close()
    }

    /// A capture loop that hangs (here in the write of an event to standard output, a pipe that
    /// nobody reads) stops the pings, though every other thread goes on: systemd would restart
    /// the daemon. They come again once the loop goes on.
    @Test func stopsPingingWhileTheCaptureLoopIsStuckAndPingsAgainOnceItGoesOn() throws {
        let systemd = try SystemdNotifySocket(path: folder.appendingPathComponent("notify").path)
        let events = Pipe()
        let readingEnd = events.fileHandleForReading.fileDescriptor
        // One page: a few events fill it. (F_SETPIPE_SZ, which Glibc's module leaves out.)
        let setPipeSize: Int32 = 1031
        let capacity = fcntl(readingEnd, setPipeSize, 4096)
        try #require(capacity > 0)
        let (process, _, errors) = try startDaemon(arguments: ["--config", "/dev/null", "--no-transcription"], standardOutput: events.fileHandleForWriting,
                                                   environment: Self.watchdog.merging(["NOTIFY_SOCKET": systemd.address]) { $1 })
        defer { if process.isRunning { process.terminate() } }
        let log = { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
        let writer = try openFIFOForWriting(within: 30)
        try #require(systemd.message { $0["READY"] == "1" } != nil, "\(log())")
        #expect(Self.pings(in: systemd.messages(during: 1.5)).count >= 2)

        // The pipe filled to the brim while the daemon writes nothing (its next event is the
        // stall, 2 s after the device went quiet).
        var unread: Int32 = 0
        try #require(ioctl(readingEnd, UInt(FIONREAD), &unread) == 0)
        try events.fileHandleForWriting.write(contentsOf: Data(repeating: UInt8(ascii: "\n"), count: Int(capacity - unread)))
        #expect(waitForLine(containing: "fixture: no audio for ", in: errors, within: 10), "\(log())")
        let stuck = systemd.messages(during: 3, from: Date(timeIntervalSinceNow: 0.5))
        #expect(Self.pings(in: stuck).count == 0, "\(stuck)")
        #expect(process.isRunning)

        // Read: the loop goes on, and so do the pings.
        let drained = Thread { _ = try? events.fileHandleForReading.readToEnd() }
        drained.start()
        #expect(Self.pings(in: systemd.messages(during: 2)).count >= 2, "\(log())")
        #expect(terminate(process).status == 0, "\(log())")
        try writer.close()
    }

    /// A device that goes away is opened again with back-off: meanwhile the daemon says so, and
    /// pings on (it mends itself; a restart would not find the device either).
    @Test func saysSoAndPingsOnWhileALostDeviceIsOpenedAgain() throws {
        let systemd = try SystemdNotifySocket(path: folder.appendingPathComponent("notify").path)
        let daemon = try startListening(configuration: "", environment: Self.watchdog.merging(["NOTIFY_SOCKET": systemd.address]) { $1 })
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        // The device stalls; after 15 s it is closed and, its FIFO gone, cannot be opened again.
        #expect(unlink(fifo) == 0)
        let lost = try #require(systemd.message(within: 40) { $0["STATUS"]?.hasPrefix("lost fixture: no audio for 15 s") == true },
                                "\(systemd.messages)")
        let retrying = try #require(systemd.message { $0["STATUS"]?.hasSuffix("; opening it again in 1 s") == true }, "\(systemd.messages)")
        #expect(retrying.time > lost.time)
        #expect(retrying["STATUS"]?.hasPrefix("lost fixture: ") == true, "\(retrying)")
        let meanwhile = Self.pings(in: systemd.messages(during: 2.5))
        #expect((3...6).contains(meanwhile.count) && meanwhile.longestGap < 0.9, "\(meanwhile)")

        // Back: listening again.
        let before = systemd.messages.count
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = try openFIFOForWriting(within: 20)
        #expect(systemd.message(after: before) { $0["STATUS"] == "listening on fixture for \"susi\"" } != nil, "\(systemd.messages)")
        #expect(terminate(daemon.process).status == 0, "\(daemon.log)")
        try writer.close()
        try daemon.writer.close()
    }

    /// systemd gone (or never there) is no reason to stop listening: said once in the log. And
    /// without `NOTIFY_SOCKET`, the daemon does as it always did, and says nothing of systemd.
    @Test(arguments: [true, false])
    func listensAsUsualWhenNotifySocketNamesNothingOrIsUnset(_ namesNothing: Bool) throws {
        let environment = namesNothing ? Self.watchdog.merging(["NOTIFY_SOCKET": folder.appendingPathComponent("nothing").path]) { $1 } : Self.watchdog
        try #require(ProcessInfo.processInfo.environment["NOTIFY_SOCKET"] == nil, "the tests run under systemd: the daemon would tell it")
        let daemon = try startListening(configuration: "", environment: environment)
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        try play(try AudioFileReader(path: CommandRunner.repository.appendingPathComponent("TestAudio/commands/hotword_02_slt.flac").path)
            .remainingSamples() + Signal.quietRoom(samples: 16_000), into: daemon.writer)
        #expect(waitForLine(containing: "\"type\":\"hotword\"", in: daemon.output, within: 30), "\(daemon.log)")
        // Pings that cannot go are tried again, and still not logged again.
        usleep(1_500_000)
        #expect(terminate(daemon.process).status == 0, "\(daemon.log)")
        let mentions = daemon.log.split(separator: "\n").filter { $0.contains("systemd") }
        #expect(mentions.count == (namesNothing ? 1 : 0), "\(daemon.log)")
        if namesNothing { #expect(daemon.log.contains("cannot tell systemd at \(folder.path)/nothing what the daemon does"), "\(daemon.log)") }
        try daemon.writer.close()
    }
}

extension ServeCommandTests {
    /// `serve`, with systemd's socket at an abstract name: ready once it listens, the accepting
    /// thread pinging the watchdog, stopping on SIGTERM.
    @Test func tellsSystemdWhenItServesAndWhenItStops() throws {
        let systemd = try SystemdNotifySocket(abstractName: "susi-listen-test-\(UUID().uuidString)")
        let server = try Server(environment: ["NOTIFY_SOCKET": systemd.address, "WATCHDOG_USEC": "1000000"])
        let ready = try #require(systemd.message { $0["READY"] == "1" }, "\(systemd.messages)")
        let listening = try #require(ready["STATUS"])
        #expect(listening.hasPrefix("listening on \(server.uri) for susi at sensitivity ") && listening.hasSuffix("; no client connected"), "\(ready)")
        #expect(systemd.messages.first?.lines == ["STATUS=loading the models"])
        let pings = DaemonTests.pings(in: systemd.messages(during: 3))
        #expect((4...7).contains(pings.count) && pings.longestGap < 0.9, "\(pings)")
        // The clients served are counted as they come and go.
        let served = listening.replacingOccurrences(of: "; no client connected", with: "")
        let beforeClients = systemd.messages.count
        let first = try server.connect(), second = try server.connect()
        #expect(systemd.message(after: beforeClients) { $0["STATUS"] == served + "; 2 clients connected" } != nil, "\(systemd.messages)")
        close(first)
        close(second)
        #expect(systemd.message(after: beforeClients + 2) { $0["STATUS"] == served + "; no client connected" } != nil, "\(systemd.messages)")
        let beforeStop = systemd.messages.count
        #expect(server.stop().status == 0, "\(server.text)")
        let stopping = systemd.messages.dropFirst(beforeStop).filter { $0["WATCHDOG"] == nil }
        #expect(stopping.map(\.lines) == [["STOPPING=1", "STATUS=stopping: closing the connections"]], "\(stopping)")
    }
}
