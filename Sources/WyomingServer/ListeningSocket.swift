import Glibc

/// The server's listening socket: the only owner of its descriptor, which it closes in deinit
/// (removing a Unix socket's file too). Used by the accepting thread alone once listening.
final class ListeningSocket: @unchecked Sendable {
    let address: WyomingServerAddress
    /// The address actually bound: a TCP port 0 replaced by the port the system picked.
    let boundAddress: WyomingServerAddress
    private let descriptor: Int32

    /// Binds and listens on `address`. A Unix socket already at the path (left by a server
    /// that was killed) is replaced; any other file there is left alone and refused.
    init(address: WyomingServerAddress) throws(WyomingServerError) {
        self.address = address
        func failure(_ call: String, _ code: Int32 = errno) -> WyomingServerError {
            .cannotListen(address, call: call, reason: String(cString: strerror(code)))
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
            var status = stat()
            if lstat(path, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFSOCK else { throw failure("bind", EEXIST) }
                unlink(path)
            }
            descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw failure("socket") }
            var socketAddress = sockaddr_un()
            socketAddress.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &socketAddress.sun_path) { bytes in
                bytes.copyBytes(from: path.utf8.prefix(WyomingServerAddress.maximumUnixPathLength))
            }
            let bound = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard bound == 0 else {
                let error = failure("bind")
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

    deinit {
        close(descriptor)
        if case .unix(let path) = address { unlink(path) }
    }

    /// Waits for the next client; nil once `notice` is raised.
    func accept(until notice: ShutdownNotice) -> Int32? {
        while true {
            var entries = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: notice.descriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&entries, 2, -1) >= 0 || errno == EINTR else { return nil }
            if entries[1].revents != 0 { return nil }
            guard entries[0].revents != 0 else { continue }
            let client = Glibc.accept(descriptor, nil, nil)
            if client >= 0 {
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                return client
            }
            // Out of descriptors: the pending client stays queued, so wait a little for
            // connections to close rather than spin (a client gone before it was accepted just goes).
            if errno == EMFILE || errno == ENFILE {
                var wait = pollfd(fd: notice.descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&wait, 1, 100)
            }
        }
    }

    /// `address` with the port the system gave a TCP socket bound to port 0.
    private static func bound(_ descriptor: Int32, _ address: WyomingServerAddress) -> WyomingServerAddress {
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
