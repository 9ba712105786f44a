import FoundationEssentials
import Glibc
import JSONText
import Logging
import Threading

/// A Unix stream socket for local programs: each connected client gets every event published,
/// one JSON line each, and may send requests, one JSON object a line (`{"type":"mute"}`).
///
/// Publishing never waits for a client: a line goes into the client's socket buffer at once or
/// the client is dropped, so a program that stops reading cannot stall the caller (the capture
/// thread). One thread runs ``serve(_:)``, which accepts clients and reads their requests; the
/// socket file is created mode 0660 (``ListeningSocket/unixSocketMode``) and removed when the socket goes.
package final class EventSocket: @unchecked Sendable {
    /// Where the socket listens.
    package let address: ServerAddress
    private let socket: ListeningSocket
    private let notice: ShutdownNotice
    /// Held while the client table changes and while anything is sent, so lines never interleave.
    private let lock = Lock()
    private var clients: [Int32: EventSocketClient] = [:]
    private var connected = 0
    private let logger = Logger(label: "susi-listen.events")

    /// The socket buffer asked for each client, which holds the events it has not read yet; a
    /// client whose buffer is full is dropped. Linux counts each write's bookkeeping in it, so
    /// it holds about 150 short events.
    package static let unreadBytes: Int32 = 65_536
    /// Longest request line; a longer one is answered with an error and its client disconnected.
    package static let maximumLineBytes = 4096

    /// What a client sent on one line.
    package enum Line: Equatable, Sendable {
        /// A JSON object with a string `type`: the request, for the caller to carry out or refuse.
        case request(type: String)
        /// Not a request; `reason` says why, for the error sent back.
        case malformed(reason: String)
    }

    /// Listens at `path`, mode 0660, in `group` when one is named.
    /// - Throws: ``ServerSocketError`` when the socket cannot be set up: another process listens
    ///   there, a file that is not a socket is there, the group does not exist, no permission.
    package init(path: String, group: String?) throws(ServerSocketError) {
        address = .unix(path: path)
        notice = try ShutdownNotice(for: address)
        socket = try ListeningSocket(address: address, group: group)
        logger.info("events on \(path)")
    }

    /// Sends `line` to every client; one that cannot take it at once is dropped.
    package func publish(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        lock.withLock {
            for client in clients.values { client.send(bytes) }
        }
    }

    /// Serves clients until ``stop()``: accepts them and hands each line a client sends to
    /// `handle`, with the client, which `handle` may answer. Blocks: run it on a thread of its
    /// own. On the way out the socket file is removed and the clients disconnected.
    package func serve(_ handle: (Line, EventSocketClient) -> Void) {
        while true {
            switch socket.next(until: notice, watching: lock.withLock { Array(clients.keys) }) {
            case .shutdown:
                socket.removeFile()
                lock.withLock {
                    clients.values.forEach { $0.disconnect() }
                    clients.removeAll()
                }
                return
            case .client(let descriptor):
                let client = lock.withLock {
                    connected += 1
                    let client = EventSocketClient(descriptor: descriptor, number: connected, lock: lock, logger: logger)
                    clients[descriptor] = client
                    return client
                }
                logger.info("events client \(client.number) connected")
            case .readable(let descriptors):
                for descriptor in descriptors {
                    guard let client = lock.withLock({ clients[descriptor] }) else { continue }
                    let lines = client.receiveLines()
                    for line in lines.complete { handle(Self.read(line), client) }
                    if lines.tooLong {
                        handle(.malformed(reason: "a line longer than \(Self.maximumLineBytes) bytes"), client)
                    }
                    guard lines.isOpen && !lines.tooLong else {
                        lock.withLock {
                            client.disconnect()
                            clients[descriptor] = nil
                        }
                        logger.info("events client \(client.number) disconnected")
                        continue
                    }
                }
            }
        }
    }

    /// Ends ``serve(_:)``; its clients are disconnected.
    package func stop() {
        notice.raise()
    }

    /// What one line holds.
    static func read(_ line: [UInt8]) -> Line {
        guard let node = JSONValue.parse(Data(line)), case .object = node else {
            return .malformed(reason: "not a JSON object: \(String(decoding: line.prefix(80), as: UTF8.self))")
        }
        guard case .string(let type) = node["type"] else { return .malformed(reason: "no string \"type\" in \(node.text.prefix(80))") }
        return .request(type: type)
    }
}

/// One program connected to an ``EventSocket``. Sends never block: a client whose socket buffer
/// is full is dropped. Owns its descriptor, closed when the last reference goes.
package final class EventSocketClient: @unchecked Sendable {
    /// The client's number since the socket was opened (1 for the first), as the log names it.
    package let number: Int
    private let descriptor: Int32
    /// The socket's lock, held for every send and for `dropped`.
    private let lock: Lock
    private let logger: Logger
    /// Set once the client is dropped or disconnected: nothing more is sent.
    private var dropped = false
    /// Bytes received after the last complete line; read by the serving thread alone.
    private var partial: [UInt8] = []

    init(descriptor: Int32, number: Int, lock: Lock, logger: Logger) {
        self.descriptor = descriptor
        self.number = number
        self.lock = lock
        self.logger = logger
        var size = EventSocket.unreadBytes
        setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit {
        close(descriptor)
    }

    /// Sends `line` (one JSON text) to this client alone.
    package func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        lock.withLock { send(bytes) }
    }

    /// Sends `bytes` without waiting, the lock held; drops the client when they do not fit.
    func send(_ bytes: [UInt8]) {
        guard !dropped else { return }
        var count: Int
        repeat {
            count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
        } while count < 0 && errno == EINTR
        guard count != bytes.count else { return }
        // The serving thread sees the shut-down socket as closed and forgets the client.
        logger.warning(count < 0 && errno != EAGAIN
            ? "events client \(number) dropped: \(String(cString: strerror(errno)))"
            : "events client \(number) dropped: it left a full socket buffer of events unread")
        disconnect()
    }

    /// Shuts the connection down, the lock held; the descriptor stays open until deinit.
    func disconnect() {
        dropped = true
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// The complete lines received since the last call, whether the connection is still open,
    /// and whether a line grew beyond ``EventSocket/maximumLineBytes``.
    func receiveLines() -> (complete: [[UInt8]], isOpen: Bool, tooLong: Bool) {
        var buffer = [UInt8](repeating: 0, count: EventSocket.maximumLineBytes)
        var count: Int
        repeat {
            count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        } while count < 0 && errno == EINTR
        if count < 0 && errno == EAGAIN { return ([], true, false) }
        guard count > 0 else { return ([], false, false) }
        partial += buffer[..<count]
        var lines = partial.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        partial = lines.removeLast()
        let complete = lines.map { $0.last == UInt8(ascii: "\r") ? Array($0.dropLast()) : $0 }
            .filter { !$0.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }
        // A line too long counts whether it arrived whole (in one read) or is still coming.
        if let long = complete.firstIndex(where: { $0.count > EventSocket.maximumLineBytes }) {
            return (Array(complete[..<long]), true, true)
        }
        return (complete, true, partial.count > EventSocket.maximumLineBytes)
    }
}
