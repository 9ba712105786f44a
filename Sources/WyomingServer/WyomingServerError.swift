/// Why the server cannot serve at all (one client's trouble is a ``WyomingProtocolError``).
public enum WyomingServerError: Error, Equatable, CustomStringConvertible {
    /// `--uri` is not a `tcp://HOST:PORT` or `unix://PATH` the server can use.
    case badURI(String, reason: String)
    /// The socket cannot be set up: address in use, no permission, unknown host, ...
    case cannotListen(WyomingServerAddress, call: String, reason: String)

    public var description: String {
        switch self {
        case .badURI(let uri, let reason): "--uri \(uri): \(reason)"
        case .cannotListen(let address, let call, let reason):
            "cannot listen on \(address): \(call): \(reason) (is another server using it? a path or port you may not use?)"
        }
    }
}
