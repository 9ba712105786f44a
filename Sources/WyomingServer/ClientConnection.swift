import Glibc
import ServerSockets

/// One client's socket: the only owner of its descriptor, which it closes in deinit. Read and
/// written by one thread at a time: the accepting thread hands it to the connection's thread.
final class ClientConnection: WyomingByteSource, @unchecked Sendable {
    private let descriptor: Int32
    private let notice: ShutdownNotice
    /// Longest wait for the client to send something, in seconds; nil: no limit.
    var idleTimeout: Double?
    /// Where the client connects from, for the log: `HOST:PORT` (`[HOST]:PORT` for IPv6), or
    /// `unix` on a Unix socket.
    let peer: String

    /// Longest a write to a client that does not read may block, in seconds: well inside the
    /// 3 s a shutdown may take.
    static let sendTimeout = 1
    /// Longest the client's bytes are read and dropped after the last event sent to it, in
    /// milliseconds (``sendLast(_:)``).
    static let lingerMilliseconds = 1000
    /// TCP keepalive, in seconds: a client whose host is gone without closing (power cut,
    /// network pulled) is found out after idle + count × interval, about two minutes, and its
    /// connection ends even when no idle timeout applies to it.
    private static let keepalive = (idle: Int32(60), interval: Int32(10), count: Int32(6))

    /// Takes over `descriptor`, an accepted client socket.
    init(descriptor: Int32, idleTimeout: Double?, notice: ShutdownNotice) {
        self.descriptor = descriptor
        self.idleTimeout = idleTimeout
        self.notice = notice
        peer = Self.peerName(of: descriptor)
        var timeout = timeval(tv_sec: Self.sendTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // On a Unix socket these fail, and need not apply: the peer is on this machine.
        for (level, option, value) in [(SOL_SOCKET, SO_KEEPALIVE, Int32(1)), (Int32(IPPROTO_TCP), TCP_KEEPIDLE, Self.keepalive.idle),
                                       (Int32(IPPROTO_TCP), TCP_KEEPINTVL, Self.keepalive.interval), (Int32(IPPROTO_TCP), TCP_KEEPCNT, Self.keepalive.count)] {
            var setting = value
            setsockopt(descriptor, level, option, &setting, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    deinit {
        close(descriptor)
    }

    /// Waits for bytes, the idle timeout or shutdown; a reset connection reads as its end.
    func receive(maximum: Int) throws(WyomingProtocolError) -> [UInt8] {
        var entries = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: notice.descriptor, events: Int16(POLLIN), revents: 0)]
        let timeout = idleTimeout.map { Int32(min($0 * 1000, Double(Int32.max))) } ?? -1
        var ready: Int32
        repeat {
            ready = poll(&entries, 2, timeout)
        } while ready < 0 && errno == EINTR
        if entries[1].revents != 0 { throw .shuttingDown }
        // Without a time-out poll returns 0 never, and fails only on a bad argument.
        guard ready > 0 else { throw .idle(seconds: idleTimeout ?? 0) }
        var bytes = [UInt8](repeating: 0, count: maximum)
        var count: Int
        repeat {
            count = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, maximum, 0) }
        } while count < 0 && errno == EINTR
        bytes.removeLast(maximum - max(count, 0))
        return bytes
    }

    /// Writes all of `bytes`; false when the client cannot take them (gone, or not reading).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + written, bytes.count - written, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// Writes `bytes`, the last thing the connection says (an error), so that the client gets
    /// to read them: a socket closed with the client's bytes unread sends a reset, which fails
    /// the client's writes and may discard what it had not read yet. So the sending side is
    /// shut, and the client's bytes are read and dropped until it closes or
    /// ``lingerMilliseconds`` have passed.
    func sendLast(_ bytes: [UInt8]) {
        guard send(bytes) else { return }
        shutdown(descriptor, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + .milliseconds(Self.lingerMilliseconds)
        var dropped = [UInt8](repeating: 0, count: 64 * 1024)
        while case let left = ContinuousClock.now.duration(to: deadline), left > .zero {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return }
            let count = dropped.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
        }
    }

    /// The peer's address as ``peer`` gives it; `unknown` if the system cannot say.
    private static func peerName(of descriptor: Int32) -> String {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let name = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> String? in
                guard getpeername(descriptor, address, &length) == 0 else { return nil }
                guard address.pointee.sa_family == AF_INET || address.pointee.sa_family == AF_INET6 else { return "unix" }
                var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
                var port = [CChar](repeating: 0, count: Int(NI_MAXSERV))
                guard getnameinfo(address, length, &host, socklen_t(host.count), &port, socklen_t(port.count), NI_NUMERICHOST | NI_NUMERICSERV) == 0 else {
                    return nil
                }
                func text(_ characters: [CChar]) -> String {
                    String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                }
                return text(host).contains(":") ? "[\(text(host))]:\(text(port))" : "\(text(host)):\(text(port))"
            }
        }
        return name ?? "unknown"
    }
}
