import AudioTestSupport
import Foundation
import Glibc
import ServerSockets
import SocketTestSupport
import Testing

/// The event socket on real Unix sockets: clients connect, read lines and send requests.
@Suite struct EventSocketTests {
    /// Answers a request with `answer` naming its type, a bad line with `error` and the
    /// reason's first 9 characters.
    static func answer(_ line: EventSocket.Line, _ client: EventSocketClient) {
        switch line {
        case .request(let type): client.send(#"{"type":"answer","to":"\#(type)"}"#)
        case .malformed(let reason): client.send(#"{"type":"error","message":"\#(reason.prefix(9))"}"#)
        }
    }

    /// Runs an event socket at a fresh path, serving with `handle` on a thread, while `body` runs.
    func withSocket(group: String? = nil, handle: @escaping @Sendable (EventSocket.Line, EventSocketClient) -> Void = answer,
                    _ body: (EventSocket, String) throws -> Void) throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("events.sock")
        let events = try EventSocket(path: path, group: group)
        let served = DispatchSemaphore(value: 0)
        Thread {
            events.serve(handle)
            served.signal()
        }.start()
        defer {
            events.stop()
            served.wait()
        }
        try body(events, path)
    }

    @Test func createsTheSocketForOwnerAndGroupAndRemovesItWhenGone() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("events.sock")
        let group = try #require(getgrgid(getegid())).pointee
        var events: EventSocket? = try EventSocket(path: path, group: String(cString: group.gr_name))
        var status = stat()
        #expect(lstat(path, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFSOCK)
        #expect(status.st_mode & 0o777 == 0o660)
        #expect(status.st_gid == group.gr_gid)
        #expect(events != nil)
        events = nil
        #expect(lstat(path, &status) != 0)
    }

    @Test func publishesEveryLineToEveryClientAndAnswersABadLineToItsSenderAlone() throws {
        try withSocket { events, path in
            let first = try EventSocketTestClient(path), second = try EventSocketTestClient(path)
            // Both are being served once each has its answer.
            first.send("{\"type\":\"mute\"}\n")
            #expect(first.line() == #"{"type":"answer","to":"mute"}"#)
            second.send("\n  \r\n{\"type\": \"listen\"}\r\n")
            #expect(second.line() == #"{"type":"answer","to":"listen"}"#)
            events.publish(#"{"type":"hotword","keyword":"susi"}"#)
            #expect(first.line() == #"{"type":"hotword","keyword":"susi"}"#)
            #expect(second.line() == #"{"type":"hotword","keyword":"susi"}"#)
            // Half a line, then the rest: one request. Then lines that are not requests.
            first.send("{\"type\":")
            first.send("\"unmute\"}\nmute\n{\"kind\":1}\n")
            #expect(first.line() == #"{"type":"answer","to":"unmute"}"#)
            #expect(first.line() == #"{"type":"error","message":"not a JSO"}"#)
            #expect(first.line() == #"{"type":"error","message":"no string"}"#)
            events.publish(#"{"type":"summary"}"#)
            // The second client got no error, only what was published.
            #expect(second.line() == #"{"type":"summary"}"#)
            #expect(first.line() == #"{"type":"summary"}"#)
        }
    }

    @Test func dropsAClientThatDoesNotReadWhilePublishingNeverWaits() throws {
        try withSocket { events, path in
            let stuck = try EventSocketTestClient(path), reading = try EventSocketTestClient(path)
            // Both are served once each has its answer.
            for client in [stuck, reading] {
                client.send("{\"type\":\"hello\"}\n")
                #expect(client.line() == #"{"type":"answer","to":"hello"}"#)
            }
            let line = #"{"type":"partial","text":"\#(String(repeating: "x", count: 200))"}"#
            var slowest = 0.0
            // Far more than the 64 KiB a client may leave unread; the reading client keeps up.
            for _ in 0..<40 {
                for _ in 0..<50 {
                    let started = Date()
                    events.publish(line)
                    slowest = max(slowest, Date().timeIntervalSince(started))
                }
                for _ in 0..<50 { #expect(reading.line() == line) }
            }
            #expect(slowest < 0.05, "a publish took \(slowest) s")
            // The stuck client was dropped: what it holds ends with the connection's end.
            var received = 0
            while stuck.line() != nil { received += 1 }
            #expect(stuck.isClosed)
            #expect(received < 2_000)
            events.publish(#"{"type":"after"}"#)
            #expect(reading.line() == #"{"type":"after"}"#)
        }
    }

    @Test func answersAnOverlongLineAndDisconnectsItsClient() throws {
        try withSocket { _, path in
            let client = try EventSocketTestClient(path)
            client.send(String(repeating: "a", count: EventSocket.maximumLineBytes + 10))
            #expect(client.line() == #"{"type":"error","message":"a line lo"}"#)
            #expect(client.line() == nil)
        }
    }

    /// A line over the limit that arrives whole, with its newline, is refused as one still coming is.
    @Test func answersAnOverlongCompleteLineAndDisconnectsItsClient() throws {
        try withSocket { _, path in
            let client = try EventSocketTestClient(path)
            #expect(client.send(#"{"type":"unmute","pad":""# + String(repeating: "a", count: EventSocket.maximumLineBytes) + "\"}\n"))
            #expect(client.line()?.hasPrefix(#"{"type":"error""#) == true)
            #expect(client.line() == nil)
            #expect(client.isClosed)
        }
    }

    @Test func refusesAPathWhereAFileThatIsNotASocketIs() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("events.sock")
        _ = FileManager.default.createFile(atPath: path, contents: Data("notes".utf8))
        #expect(throws: ServerSocketError.cannotListen(.unix(path: path), call: "bind",
                                                       reason: "a file that is not a socket is there; move it away or choose another path")) {
            try EventSocket(path: path, group: nil)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "notes")
    }

    @Test func replacesAStaleSocketFileButNotOneAnotherProcessListensOn() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("events.sock")
        // A socket bound and closed without being removed: nothing listens on it.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(ListeningSocket.withUnixAddress(path, { bind(stale, $0, $1) }) == 0)
        close(stale)
        let events = try EventSocket(path: path, group: nil)
        #expect(throws: ServerSocketError.inUse(.unix(path: path))) { try EventSocket(path: path, group: nil) }
        #expect(FileManager.default.fileExists(atPath: path))
        withExtendedLifetime(events) {}
        // A file that is no socket is left alone.
        let regular = folder.file("notes.txt")
        try "keep".write(toFile: regular, atomically: false, encoding: .utf8)
        #expect(throws: ServerSocketError.self) { try EventSocket(path: regular, group: nil) }
        #expect(try String(contentsOfFile: regular, encoding: .utf8) == "keep")
    }

    @Test func refusesAGroupThatDoesNotExist() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("events.sock")
        #expect(throws: ServerSocketError.unknownGroup("no-such-group-x", socket: .unix(path: path))) {
            try EventSocket(path: path, group: "no-such-group-x")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(ServerSocketError.unknownGroup("no-such-group-x", socket: .unix(path: path)).description
            == "cannot give unix://\(path) to group \"no-such-group-x\": no such group (create it with groupadd, or name another)")
    }
}
