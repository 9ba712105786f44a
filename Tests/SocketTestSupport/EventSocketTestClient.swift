import Foundation
import Glibc
import ServerSockets

/// A program connected to an event socket, as the tests' stand-in for an LED ring or a mute
/// button: reads its lines and sends requests. The socket closes when the client goes.
public final class EventSocketTestClient {
    private let descriptor: Int32
    private var buffered: [UInt8] = []

    /// Connects to the Unix socket at `path`.
    public init(_ path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard ListeningSocket.withUnixAddress(path, { connect(descriptor, $0, $1) }) == 0 else {
            let code = errno
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    deinit { close(descriptor) }

    /// Sends `text` as it is, without waiting; false when it did not all go (the server closed
    /// the connection, or does not read).
    @discardableResult
    public func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) } == bytes.count
    }

    /// The next line, waiting at most `seconds`; nil when none came in time or the connection
    /// has closed (``isClosed``).
    public func line(within seconds: Double = 10) -> String? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while true {
            if let end = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                defer { buffered.removeSubrange(...end) }
                return String(decoding: buffered[..<end], as: UTF8.self)
            }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard poll(&entry, 1, left) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                isClosed = true
                return nil
            }
            buffered += chunk[..<count]
        }
    }

    /// Whether the server closed the connection (seen by ``line(within:)``).
    public private(set) var isClosed = false

    /// The next line that is a JSON object, parsed; nil as for ``line(within:)``.
    public func event(within seconds: Double = 10) -> [String: Any]? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while let line = line(within: max(0, deadline.timeIntervalSinceNow)) {
            if let event = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] { return event }
        }
        return nil
    }
}
