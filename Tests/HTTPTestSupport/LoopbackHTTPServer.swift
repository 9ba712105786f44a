import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A scripted HTTP/1.1 server on 127.0.0.1 for one test: it answers the n-th request with the
/// n-th scripted response (one connection per request, `Connection: close`), records every
/// request, and stops listening once the script is used up, so later connections are refused.
///
/// One thread owns the listening socket and closes it when it stops; `stop()` (also called on
/// deinit) wakes that thread and waits for it.
public final class LoopbackHTTPServer: Sendable {
    /// One scripted reply.
    public struct Response: Sendable {
        public var status: Int = 200
        public var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
        public var body: Data = Data()
        /// Wait after reading the request, before answering.
        public var delay: Duration = .zero
        /// Without `Content-Length` the body ends when the connection closes.
        public var declaresContentLength = true

        public static func json(_ text: String, status: Int = 200, delay: Duration = .zero) -> Response {
            Response(status: status, body: Data(text.utf8), delay: delay)
        }

        public static func text(_ text: String, contentType: String, status: Int = 200) -> Response {
            Response(status: status, headers: [("Content-Type", contentType)], body: Data(text.utf8))
        }
    }

    /// One request as received.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        /// The raw query string, still percent-encoded.
        public var rawQuery: String
        /// Decoded parameters; "+" is kept as "+", as SUSI's server reads it.
        public var parameters: [String: String]
    }

    public let port: UInt16
    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    private let listener: ScriptedListener

    /// Starts listening on `port` (0: a free port the kernel picks) and serving `script`.
    public init(port: UInt16 = 0, script: [Response]) throws {
        let socket = try Self.listeningSocket(port: port)
        self.port = try Self.boundPort(of: socket)
        listener = ScriptedListener(socket: socket)
        let listener = listener
        let thread = Thread { listener.serve(script) }
        thread.name = "LoopbackHTTPServer:\(self.port)"
        thread.start()
    }

    deinit { listener.stop() }

    /// Every request received so far, in order.
    public var recordedRequests: [Request] { listener.recordedRequests }

    /// Stops serving (cutting short a scripted delay) and waits until the socket is closed.
    public func stop() { listener.stop() }

    /// A port on 127.0.0.1 that nothing listens on: bound by the kernel, then closed.
    public static func closedPort() throws -> UInt16 {
        let socket = try listeningSocket(port: 0)
        defer { close(socket) }
        return try boundPort(of: socket)
    }

    /// The listening socket and what the serving thread shares with the test's thread; the
    /// thread holds this, not the server, so dropping the server stops it.
    private final class ScriptedListener: @unchecked Sendable {
        private let socket: Int32
        // Guarded by `condition`.
        private let condition = NSCondition()
        private var requests: [Request] = []
        private var stopping = false
        private var finished = false

        init(socket: Int32) { self.socket = socket }

        public var recordedRequests: [Request] { condition.withLock { requests } }

        func stop() {
            condition.withLock {
                stopping = true
                condition.broadcast()
                // Wakes a blocked accept(); under the lock, so never after the thread closed
                // the socket and its number may belong to someone else.
                if !finished { shutdown(socket, Int32(SHUT_RDWR)) }
                while !finished { condition.wait() }
            }
        }

        /// Runs on the server's thread: one connection per scripted response, then closes.
        func serve(_ script: [Response]) {
            defer {
                condition.withLock {
                    close(socket)
                    finished = true
                    condition.broadcast()
                }
            }
            for response in script {
                let connection = accept(socket, nil, nil)
                guard connection >= 0, !condition.withLock({ stopping }) else {
                    if connection >= 0 { close(connection) }
                    return
                }
                defer { close(connection) }
                guard let request = LoopbackHTTPServer.readRequest(from: connection) else { continue }
                condition.withLock { requests.append(request) }
                if response.delay > .zero {
                    let deadline = Date().addingTimeInterval(Double(response.delay.components.seconds)
                                                             + Double(response.delay.components.attoseconds) / 1e18)
                    let interrupted = condition.withLock {
                        while !stopping && condition.wait(until: deadline) {}
                        return stopping
                    }
                    if interrupted { return }
                }
                LoopbackHTTPServer.write(response, to: connection)
            }
        }
    }

    private static func readRequest(from connection: Int32) -> Request? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 65_536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received += buffer[0..<count]
            if received.count >= 4, received.suffix(4) == [13, 10, 13, 10] { break }
        }
        let head = String(decoding: received, as: UTF8.self)
        let requestLine = head.prefix { $0 != "\r" }.split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        let target = String(requestLine[1])
        let path = String(target.prefix { $0 != "?" })
        let rawQuery = target.contains("?") ? String(target.drop { $0 != "?" }.dropFirst()) : ""
        var parameters: [String: String] = [:]
        for pair in rawQuery.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            parameters[name] = value
        }
        return Request(method: String(requestLine[0]), path: path, rawQuery: rawQuery, parameters: parameters)
    }

    private static func write(_ response: Response, to connection: Int32) {
        var head = "HTTP/1.1 \(response.status) Scripted\r\n"
        for header in response.headers { head += "\(header.name): \(header.value)\r\n" }
        if response.declaresContentLength { head += "Content-Length: \(response.body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        let bytes = Array(head.utf8) + Array(response.body)
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a client that gave up must not kill the test process with SIGPIPE.
            let count = bytes.withUnsafeBytes { send(connection, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    private static func listeningSocket(port: UInt16) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 16) == 0 else {
            let code = errno
            close(socket)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        return socket
    }

    private static func boundPort(of socket: Int32) throws -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return UInt16(bigEndian: address.sin_port)
    }
}
