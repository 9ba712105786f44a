/// Why a server socket cannot be set up (one client's trouble is its server's business).
package enum ServerSocketError: Error, Equatable, CustomStringConvertible {
    /// A URI that is not a `tcp://HOST:PORT` or `unix://PATH` a server can use.
    case badURI(String, reason: String)
    /// The socket cannot be set up: address in use, no permission, unknown host, ...
    case cannotListen(ServerAddress, call: String, reason: String)
    /// Another process listens on the Unix socket at the path: it is left alone.
    case inUse(ServerAddress)
    /// The group the socket should belong to does not exist.
    case unknownGroup(String, socket: ServerAddress)

    package var description: String {
        switch self {
        case .badURI(let uri, let reason): "\(uri): \(reason)"
        case .cannotListen(let address, let call, let reason):
            "cannot listen on \(address): \(call): \(reason)"
        case .inUse(let address):
            "cannot listen on \(address): another process listens there (is susi-listen already running?)"
        case .unknownGroup(let group, let address):
            "cannot give \(address) to group \"\(group)\": no such group (create it with groupadd, or name another)"
        }
    }
}
