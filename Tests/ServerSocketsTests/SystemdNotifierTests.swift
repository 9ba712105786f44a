import AudioTestSupport
import Foundation
import Glibc
import ServerSockets
import SocketTestSupport
import Testing

/// The sd_notify protocol on real datagram sockets, bound where `NOTIFY_SOCKET` says, as
/// systemd binds its own.
@Suite struct SystemdNotifierTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    @Test func sendsReadyStatusReloadingAndStoppingEachAsOneMessage() throws {
        let systemd = try SystemdNotifySocket(path: folder.file("notify"))
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.address])
        #expect(notifier.destination == systemd.address)
        notifier.status("loading the models")
        notifier.ready(status: "listening on hw:1 for \"susi\"")
        notifier.reloading(status: "reloading the configuration")
        notifier.stopping(status: "stopping")
        #expect(systemd.message(after: 3) { _ in true } != nil)
        let messages = systemd.messages
        #expect(messages.map(\.lines) == [
            ["STATUS=loading the models"],
            ["READY=1", "STATUS=listening on hw:1 for \"susi\""],
            ["RELOADING=1", "MONOTONIC_USEC=\(messages[2]["MONOTONIC_USEC"] ?? "")", "STATUS=reloading the configuration"],
            ["STOPPING=1", "STATUS=stopping"],
        ], "\(messages)")
        // The monotonic clock's microseconds (since boot), as systemd reads them: now, give or take.
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let reloadedAt = try #require(Int64(messages[2]["MONOTONIC_USEC"] ?? ""))
        #expect(abs(Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000 - reloadedAt) < 5_000_000)
    }

    @Test func reachesAnAbstractSocketNamedWithAnAt() throws {
        let systemd = try SystemdNotifySocket(abstractName: "susi-listen-test-\(UUID().uuidString)")
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.address])
        notifier.ready(status: "listening")
        #expect(systemd.message { $0["READY"] == "1" }?["STATUS"] == "listening", "\(systemd.messages)")
    }

    @Test func keepsAStatusOnOneLineAndCutsOneTooLongForSystemd() throws {
        let systemd = try SystemdNotifySocket(path: folder.file("notify"))
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.address])
        notifier.status("configuration not reloaded: line 3\nREADY=1")
        notifier.status(String(repeating: "susi ", count: 2000))
        #expect(systemd.message(after: 1) { _ in true } != nil)
        #expect(systemd.messages.first?.lines == ["STATUS=configuration not reloaded: line 3 READY=1"])
        let long = try #require(systemd.messages.last?["STATUS"])
        #expect(long.count == SystemdNotifier.maximumStatusCharacters && long.hasSuffix("…"))
    }

    /// A loop calling `keepAlive()` every 20 ms, as the capture loop does between frames,
    /// pings every half interval; once it stops, the pings stop.
    @Test func pingsTheWatchdogEveryHalfIntervalWhileTheLoopRunsAndNoMoreOnceItStops() throws {
        let systemd = try SystemdNotifySocket(path: folder.file("notify"))
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.address, "WATCHDOG_USEC": "400000", "WATCHDOG_PID": "\(getpid())"])
        #expect(notifier.watchdogInterval == .milliseconds(400))
        #expect(notifier.keepAlivePeriod == .milliseconds(100))
        let loopEnd = Date(timeIntervalSinceNow: 1.5)
        while Date() < loopEnd {
            notifier.keepAlive()
            usleep(20_000)
        }
        let stopped = Date()
        let afterwards = systemd.messages(during: 1, from: stopped)
        let pings = systemd.messages.filter { $0["WATCHDOG"] == "1" }
        #expect((7...8).contains(pings.count), "\(pings.map(\.time))")
        for (earlier, later) in zip(pings, pings.dropFirst()) {
            let gap = later.time.timeIntervalSince(earlier.time)
            #expect(gap > 0.18 && gap < 0.3, "\(gap) s between two pings")
        }
        #expect(pings.allSatisfy { $0.lines == ["WATCHDOG=1"] })
        #expect(afterwards.isEmpty, "\(afterwards)")
    }

    @Test(arguments: [
        ["WATCHDOG_USEC": "400000", "WATCHDOG_PID": "\(getpid() + 1)"],
        ["WATCHDOG_USEC": "400000", "WATCHDOG_PID": "a process"],
        ["WATCHDOG_USEC": "0.4 s"],
        ["WATCHDOG_USEC": "0"],
        [:],
    ])
    func pingsNoWatchdogThatIsAnotherProcessesOrHasNoIntervalItCanRead(_ watchdog: [String: String]) throws {
        let systemd = try SystemdNotifySocket(path: folder.file("notify"))
        let notifier = SystemdNotifier(environment: watchdog.merging(["NOTIFY_SOCKET": systemd.address]) { $1 })
        #expect(notifier.watchdogInterval == nil)
        notifier.keepAlive()
        notifier.status("the loop ran")
        // Messages arrive in order: the status, with no ping before it.
        #expect(systemd.message { _ in true }?.lines == ["STATUS=the loop ran"], "\(systemd.messages)")
    }

    @Test(arguments: [nil, "", "run/systemd/notify", "vsock:2:1234", "/" + String(repeating: "a", count: 110)])
    func sendsNothingWithoutASocketItCanUse(_ socket: String?) throws {
        let notifier = SystemdNotifier(environment: ["WATCHDOG_USEC": "400000"].merging(socket.map { ["NOTIFY_SOCKET": $0] } ?? [:]) { $1 })
        #expect(notifier.destination == nil)
        #expect(notifier.watchdogInterval == nil)
        notifier.ready(status: "listening")
        notifier.keepAlive()
    }

    /// Neither a socket that is not there nor one whose queue is full (systemd hung) holds up
    /// the caller, which is the capture loop.
    @Test func neitherBlocksNorFailsWhenTheSocketIsMissingOrFull() throws {
        let missing = SystemdNotifier(environment: ["NOTIFY_SOCKET": folder.file("nothing-here")])
        #expect(missing.destination == folder.file("nothing-here"))
        missing.ready(status: "listening")

        // Bound, and never read.
        let path = folder.file("notify")
        let unread = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(unread) }
        try #require(ListeningSocket.withUnixAddress(path) { bind(unread, $0, $1) } == 0)
        let full = SystemdNotifier(environment: ["NOTIFY_SOCKET": path])
        // On a thread of its own: a send that blocks fails the test rather than hanging it.
        let sent = DispatchSemaphore(value: 0)
        Thread {
            for count in 0..<1000 { full.status("status \(count)") }
            sent.signal()
        }.start()
        #expect(sent.wait(timeout: .now() + 5) == .success, "a message to a full socket waited")
        var queued: Int32 = 0
        #expect(ioctl(unread, UInt(FIONREAD), &queued) == 0 && queued > 0)
    }
}
