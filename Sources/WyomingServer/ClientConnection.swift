import Glibc
import ServerSockets

/// One client's socket: the only owner of its descriptor, which it closes in deinit. Read and
/// written by one thread at a time: the accepting thread hands it to the connection's thread.
final class ClientConnection: WyomingByteSource, @unchecked Sendable {
    private let descriptor: Int32
    private let notice: ShutdownNotice
    /// Longest wait for the client to send something, in seconds.
    private let idleTimeout: Double

    /// Longest a write to a client that does not read may block, in seconds: well inside the
    /// 3 s a shutdown may take.
    static let sendTimeout = 1

    /// Takes over `descriptor`, an accepted client socket.
    init(descriptor: Int32, idleTimeout: Double, notice: ShutdownNotice) {
        self.descriptor = descriptor
        self.idleTimeout = idleTimeout
        self.notice = notice
        var timeout = timeval(tv_sec: Self.sendTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(descriptor)
    }

    /// Waits for bytes, the idle timeout or shutdown; a reset connection reads as its end.
    func receive(maximum: Int) throws(WyomingProtocolError) -> [UInt8] {
        var entries = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: notice.descriptor, events: Int16(POLLIN), revents: 0)]
        var ready: Int32
        repeat {
            ready = poll(&entries, 2, Int32(min(idleTimeout * 1000, Double(Int32.max))))
        } while ready < 0 && errno == EINTR
        if entries[1].revents != 0 { throw .shuttingDown }
        guard ready > 0 else { throw .idle(seconds: idleTimeout) }
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
}
