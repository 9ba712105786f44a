/// Where a server listens: `tcp://HOST:PORT` or `unix://PATH`.
package enum ServerAddress: Sendable, Equatable, CustomStringConvertible {
    /// A TCP address: a host name or address (`0.0.0.0` for every IPv4 interface, `[::]` for
    /// every IPv6 one) and a port (0: one the system picks).
    case tcp(host: String, port: Int)
    /// A Unix domain socket at `path`.
    case unix(path: String)

    /// Longest Unix socket path the kernel takes (`sun_path` less its terminating zero).
    package static let maximumUnixPathLength = 107

    /// The address a URI names.
    /// - Throws: ``ServerSocketError/badURI(_:reason:)`` saying what is wrong.
    package init(uri: String) throws(ServerSocketError) {
        if uri.hasPrefix("unix://") {
            let path = String(uri.dropFirst("unix://".count))
            guard !path.isEmpty else { throw .badURI(uri, reason: "no socket path after unix://") }
            guard path.utf8.count <= Self.maximumUnixPathLength else {
                throw .badURI(uri, reason: "a Unix socket path may be at most \(Self.maximumUnixPathLength) bytes")
            }
            self = .unix(path: path)
            return
        }
        guard uri.hasPrefix("tcp://") else { throw .badURI(uri, reason: "it must start with tcp:// or unix://") }
        let rest = uri.dropFirst("tcp://".count)
        guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]),
              (0...65_535).contains(port) else {
            throw .badURI(uri, reason: "it must end with :PORT, a port from 0 to 65535")
        }
        var host = String(rest[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw .badURI(uri, reason: "no host before the port (0.0.0.0 listens everywhere)") }
        self = .tcp(host: host, port: port)
    }

    package var description: String {
        switch self {
        case .tcp(let host, let port): host.contains(":") ? "tcp://[\(host)]:\(port)" : "tcp://\(host):\(port)"
        case .unix(let path): "unix://\(path)"
        }
    }
}
