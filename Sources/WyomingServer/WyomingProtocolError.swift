/// What a client did wrong, or what went wrong with its connection. Each ends the connection
/// after an `error` event with ``code`` and ``description`` (when the client can still read it).
package enum WyomingProtocolError: Error, Equatable, CustomStringConvertible {
    /// A header line that is not a JSON object with a string `type` and sane lengths.
    case malformedHeader(String)
    /// A header line, `data_length` or `payload_length` beyond ``WyomingEvent/maximumPartLength``.
    case tooLong(part: String, length: Int)
    /// The data after a header is not a JSON object.
    case malformedData
    /// The client closed the connection part-way through an event.
    case closedMidEvent
    /// Nothing came from the client for the idle timeout.
    case idle(seconds: Double)
    /// An audio format this server cannot take (the detail says which field and why).
    case unsupportedAudio(String)
    /// A `detect` naming models this server does not have.
    case unknownModels(requested: [String], known: [String])
    /// The detector failed on this connection's audio.
    case detectorFailed(String)
    /// The server is shutting down (SIGTERM).
    case shuttingDown
    /// The server already serves ``WyomingServerConfiguration/maximumClients`` connections.
    case tooManyClients(maximum: Int)

    /// The `error` event's `code`.
    package var code: String {
        switch self {
        case .malformedHeader, .malformedData: "malformed-event"
        case .tooLong: "event-too-long"
        case .closedMidEvent: "closed-mid-event"
        case .idle: "idle-timeout"
        case .unsupportedAudio: "unsupported-audio"
        case .unknownModels: "unknown-model"
        case .detectorFailed: "detector-failed"
        case .shuttingDown: "shutting-down"
        case .tooManyClients: "too-many-clients"
        }
    }

    /// The `error` event that tells the client.
    package var event: WyomingEvent { .error(description, code: code) }

    package var description: String {
        switch self {
        case .malformedHeader(let why): "malformed event header: \(why)"
        case .tooLong(let part, let length):
            "\(part) of \(length) bytes is beyond the limit of \(WyomingEvent.maximumPartLength) bytes"
        case .malformedData: "the data after the header is not a JSON object"
        case .closedMidEvent: "the connection closed part-way through an event"
        case .idle(let seconds): "nothing received for \(seconds) s: connection closed"
        case .unsupportedAudio(let detail): "unsupported audio: \(detail)"
        case .unknownModels(let requested, let known):
            "no model named \(requested.joined(separator: ", ")); this server has \(known.joined(separator: ", "))"
        case .detectorFailed(let reason): "detection failed: \(reason)"
        case .shuttingDown: "the server is shutting down"
        case .tooManyClients(let maximum): "too many clients: this server serves \(maximum) at once (--max-clients); try again later"
        }
    }
}
