import Foundation
import Glibc

/// systemd's end of its notification protocol, for tests: a datagram socket, bound at a path or
/// an abstract name, whose thread takes every message as it comes (as systemd does: the
/// kernel queues few datagrams for a socket that is not read) and notes when it came.
public final class SystemdNotifySocket: @unchecked Sendable {
    /// One datagram: its `KEY=VALUE` lines, in order, and when it came.
    public struct Message: Sendable, CustomStringConvertible {
        public let lines: [String]
        public let time: Date

        /// The value of `key`'s line, if the message has one.
        public subscript(key: String) -> String? {
            lines.first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
        }

        public var description: String { lines.joined(separator: " | ") }
    }

    /// What `NOTIFY_SOCKET` names the socket by: its path, or `@` and its abstract name.
    public let address: String
    private let inbox = Inbox()

    /// A socket bound at `path`, removed when it goes.
    public convenience init(path: String) throws {
        try self.init(address: path, name: Array(path.utf8) + [0])
    }

    /// A socket bound at the abstract name `name`, which no file shows.
    public convenience init(abstractName name: String) throws {
        try self.init(address: "@" + name, name: [0] + Array(name.utf8))
    }

    private init(address: String, name: [UInt8]) throws {
        self.address = address
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0, Self.bind(descriptor, to: name) == 0 else {
            let code = errno
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        // The thread owns the descriptor from here, and closes it when the socket goes.
        Thread { [inbox] in inbox.receive(from: descriptor, removing: address.hasPrefix("/") ? address : nil) }.start()
    }

    deinit { inbox.stop() }

    /// Binds `descriptor` to `name` (a path's bytes and a zero, or a zero and an abstract
    /// name's bytes), its length worked out here rather than by the code under test, so that
    /// the notifier's address must match the one systemd would bind byte for byte.
    private static func bind(_ descriptor: Int32, to name: [UInt8]) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: name) }
        let length = socklen_t(MemoryLayout.offset(of: \sockaddr_un.sun_path)! + name.count)
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, length) } }
    }

    /// Every message so far, oldest first.
    public var messages: [Message] { inbox.messages }

    /// The first message after the first `skipping` that `matches`, waiting up to `seconds` for it.
    public func message(after skipping: Int = 0, within seconds: Double = 30, where matches: (Message) -> Bool) -> Message? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        repeat {
            if let found = messages.dropFirst(skipping).first(where: matches) { return found }
            usleep(10_000)
        } while Date() < deadline
        return nil
    }

    /// The messages that came since `start`, waiting until `seconds` after it (a pace to measure).
    public func messages(during seconds: Double, from start: Date = Date()) -> [Message] {
        let end = start.addingTimeInterval(seconds)
        while Date() < end { usleep(10_000) }
        return messages.filter { $0.time >= start && $0.time < end }
    }

    private final class Inbox: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [Message] = []
        private var stopped = false

        var messages: [Message] { lock.withLock { received } }

        func stop() { lock.withLock { stopped = true } }

        /// Takes datagrams until stopped, then closes the socket (and removes its file).
        func receive(from descriptor: Int32, removing path: String?) {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !lock.withLock({ stopped }) {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 50) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count >= 0 else { continue }
                let lines = String(decoding: buffer[..<count], as: UTF8.self).split(separator: "\n").map(String.init)
                lock.withLock { received.append(Message(lines: lines, time: Date())) }
            }
            close(descriptor)
            if let path { unlink(path) }
        }
    }
}
