import Glibc

/// A server's listening socket: the only owner of its descriptor, which it closes in deinit
/// (removing a Unix socket's file too). Used by the accepting thread alone once listening.
package final class ListeningSocket: @unchecked Sendable {
    package let address: ServerAddress
    /// The address actually bound: a TCP port 0 replaced by the port the system picked.
    package let boundAddress: ServerAddress
    private let descriptor: Int32
    /// Whether ``removeFile()`` has run: the path may be another server's by then.
    private var isFileRemoved = false

    /// A Unix socket file's mode, whatever the umask: its owner and group may connect.
    package static let unixSocketMode: mode_t = 0o660

    /// What ended a wait in ``next(until:watching:)``.
    package enum Wake: Equatable {
        /// A client connected: its socket, which the caller owns from now on.
        case client(Int32)
        /// These of the watched descriptors can be read (or were closed by their peer); none when
        /// the wait's time limit passed first.
        case readable([Int32])
        /// The notice was raised.
        case shutdown
    }

    /// Binds and listens on `address`. A Unix socket already at the path is replaced when
    /// nothing listens on it (left by a server that was killed); one another process listens on
    /// is refused (``ServerSocketError/inUse(_:)``), and so is any other file there. A Unix
    /// socket gets ``unixSocketMode`` and, when one is named, `group` before anyone can connect.
    package init(address: ServerAddress, group: String? = nil) throws(ServerSocketError) {
        self.address = address
        func failure(_ call: String, _ code: Int32 = errno) -> ServerSocketError {
            let hint = switch code {
            case EADDRINUSE: " (is another server using it?)"
            case EACCES, EPERM: " (a port below 1024, or a folder you may not write in?)"
            case ENOENT: " (the socket's folder does not exist)"
            default: ""
            }
            return .cannotListen(address, call: call, reason: String(cString: strerror(code)) + hint)
        }
        let descriptor: Int32
        switch address {
        case .tcp(let host, let port):
            var hints = addrinfo()
            hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var found: UnsafeMutablePointer<addrinfo>?
            let resolved = getaddrinfo(host, String(port), &hints, &found)
            guard resolved == 0, let first = found else {
                throw .cannotListen(address, call: "getaddrinfo", reason: String(cString: gai_strerror(resolved)))
            }
            defer { freeaddrinfo(found) }
            descriptor = socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw failure("socket") }
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            guard bind(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
                let error = failure("bind")
                close(descriptor)
                throw error
            }
        case .unix(let path):
            // The group is looked up first: a name that does not exist leaves no file behind.
            let groupID = try group.map { name throws(ServerSocketError) in
                guard let entry = getgrnam(name) else { throw .unknownGroup(name, socket: address) }
                return entry.pointee.gr_gid
            }
            var status = stat()
            if lstat(path, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFSOCK else {
                    throw .cannotListen(address, call: "bind", reason: "a file that is not a socket is there; move it away or choose another path")
                }
                guard !Self.isListened(path) else { throw .inUse(address) }
                unlink(path)
            }
            descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw failure("socket") }
            guard Self.withUnixAddress(path, { bind(descriptor, $0, $1) }) == 0 else {
                let error = failure("bind")
                close(descriptor)
                throw error
            }
            // No client can connect before listen(): group and mode are in place in time.
            var refused: String?
            if let groupID, chown(path, uid_t.max, groupID) != 0 { refused = "chown" }
            if refused == nil, chmod(path, Self.unixSocketMode) != 0 { refused = "chmod" }
            if let refused {
                let error = failure(refused)
                unlink(path)
                close(descriptor)
                throw error
            }
        }
        guard listen(descriptor, 64) == 0 else {
            let error = failure("listen")
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        boundAddress = Self.bound(descriptor, address)
    }

    /// Calls `body` with `path` as a socket address and its length.
    package static func withUnixAddress<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnixAddress(name: Array(path.utf8.prefix(ServerAddress.maximumUnixPathLength)) + [0], body)
    }

    /// Calls `body` with a socket address holding `name` (at most 108 bytes: a path's bytes and
    /// a zero, or a zero and an abstract name's bytes) and its length, which counts the bytes of
    /// `name` and no more: every byte counted is part of an abstract name.
    package static func withUnixAddress<Result>(name: [UInt8], _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: name) }
        // sun_path follows sun_family.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count)
        return withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// Whether a process listens on the Unix socket at `path`: a connection is accepted (or
    /// queued) rather than refused.
    private static func isListened(_ path: String) -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        return withUnixAddress(path) { connect(probe, $0, $1) } == 0 || errno == EAGAIN
    }

    deinit {
        close(descriptor)
        removeFile()
    }

    /// Removes a Unix socket's file now (once): no one can connect from then on. For a server
    /// ending while something may still hold the socket; deinit does it otherwise.
    package func removeFile() {
        guard case .unix(let path) = address, !isFileRemoved else { return }
        isFileRemoved = true
        unlink(path)
    }

    /// Waits for the next client; nil once `notice` is raised. `waiting` runs before each wait,
    /// which lasts at most `limit` when one is given (a watchdog's ping, due at intervals).
    package func accept(until notice: ShutdownNotice, waitingAtMost limit: Duration? = nil, whileWaiting waiting: () -> Void = {}) -> Int32? {
        while true {
            waiting()
            switch next(until: notice, watching: [], waitingAtMost: limit) {
            case .client(let client): return client
            case .shutdown: return nil
            case .readable: continue
            }
        }
    }

    /// Waits for a client to connect, one of `others` to become readable, or `notice`; or, with
    /// a `limit`, until it has passed (`readable([])`, also returned after a short wait when
    /// the process is out of descriptors to accept a client with).
    package func next(until notice: ShutdownNotice, watching others: [Int32], waitingAtMost limit: Duration? = nil) -> Wake {
        let timeout = limit.map { Int32(clamping: $0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) } ?? -1
        while true {
            var entries = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: notice.descriptor, events: Int16(POLLIN), revents: 0)]
                + others.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&entries, nfds_t(entries.count), timeout)
            guard ready >= 0 || errno == EINTR else { return .shutdown }
            if ready == 0 { return .readable([]) }
            if entries[1].revents != 0 { return .shutdown }
            let readable = entries.dropFirst(2).filter { $0.revents != 0 }.map(\.fd)
            if !readable.isEmpty { return .readable(readable) }
            guard entries[0].revents != 0 else { continue }
            let client = Glibc.accept(descriptor, nil, nil)
            if client >= 0 {
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                return .client(client)
            }
            // Out of descriptors: the pending client stays queued, so wait a little for
            // connections to close rather than spin, and return as a wait that ran out does, so
            // that the caller's loop goes round (a watchdog's ping is due however long this
            // lasts). A client gone before it was accepted just goes.
            if errno == EMFILE || errno == ENFILE {
                var wait = pollfd(fd: notice.descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&wait, 1, 100)
                return .readable([])
            }
        }
    }

    /// `address` with the port the system gave a TCP socket bound to port 0.
    private static func bound(_ descriptor: Int32, _ address: ServerAddress) -> ServerAddress {
        guard case .tcp(let host, 0) = address else { return address }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return address }
        // sin_port and sin6_port sit at the same offset, in network byte order.
        let port = withUnsafeBytes(of: &storage) { UInt16(bigEndian: $0.load(fromByteOffset: 2, as: UInt16.self)) }
        return .tcp(host: host, port: Int(port))
    }
}
