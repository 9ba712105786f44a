import JSONText

/// What `serve` tells local programs on its events socket, one JSON line each: its clients
/// coming and going and what it detected for them.
enum ServerEvent {
    /// A Wyoming client connected; `client` numbers it as the log does.
    case connected(client: Int)
    /// A Wyoming client's connection ended, and why (`closed` when the client closed it).
    case disconnected(client: Int, reason: String)
    /// A keyphrase was heard in a client's audio.
    case detection(client: Int, name: String, timestamp: Int)
    /// A line from a local program that the server does not carry out.
    case error(String)

    /// The event as one JSON object, `type` first.
    var text: String {
        let members: [(key: String, value: JSONValue)]
        switch self {
        case .connected(let client):
            members = [("type", .string("client_connected")), ("client", .number(String(client)))]
        case .disconnected(let client, let reason):
            members = [("type", .string("client_disconnected")), ("client", .number(String(client))), ("reason", .string(reason))]
        case .detection(let client, let name, let timestamp):
            members = [("type", .string("detection")), ("client", .number(String(client))), ("name", .string(name)),
                       ("timestamp", .number(String(timestamp)))]
        case .error(let message):
            members = [("type", .string("error")), ("file", .null), ("message", .string(message))]
        }
        return JSONValue.object(members).text
    }
}
