import ServerSockets
import Threading

/// What a local program may ask the listening daemon on the event socket.
package enum ListeningRequest: String, Sendable, CaseIterable {
    /// Pause hotword detection (capture goes on, so the device never overruns).
    case mute
    /// Listen for the hotword again.
    case unmute
    /// Start a command session now, as if the hotword had been heard.
    case listen
}

/// Why a `listen` request cannot be carried out.
package enum ListenRequestError: Error, CustomStringConvertible {
    /// Commands are not transcribed (`--no-transcription`, `transcription.enabled = false`).
    case noTranscription
    /// A command is being heard already.
    case alreadyListening
    /// The capture device is not open (at start, or while it is opened again after a loss).
    case deviceNotOpen

    package var description: String {
        switch self {
        case .noTranscription: "listen: commands are not transcribed (--no-transcription or transcription.enabled = false)"
        case .alreadyListening: "listen: a command is being heard already"
        case .deviceNotOpen: "listen: the capture device is not open (yet, or again after it was lost)"
        }
    }
}

/// Requests from the event socket's clients, waiting for the capture loop, oldest first; each
/// with the way back to the client that sent it. Taking them costs the capture thread a lock
/// held for a few instructions.
final class ListeningRequests: @unchecked Sendable {
    private let lock = Lock()
    private var pending: [(ListeningRequest, EventSocketClient)] = []

    /// Queues a request line from `client`; a line that is no request is answered at once
    /// with an `error` event to that client alone.
    func add(_ line: EventSocket.Line, from client: EventSocketClient) {
        let problem: String
        switch line {
        case .request(let type):
            if let request = ListeningRequest(rawValue: type) {
                lock.withLock { pending.append((request, client)) }
                return
            }
            problem = "unknown request \"\(type)\": one of " + ListeningRequest.allCases.map(\.rawValue).joined(separator: ", ")
        case .malformed(let reason):
            problem = "not a request: \(reason) (send a line such as {\"type\":\"mute\"})"
        }
        client.send(ListenEvent.error(ErrorEvent(file: nil, message: problem)).json.text)
    }

    /// The requests queued since the last call, oldest first.
    func take() -> [(ListeningRequest, EventSocketClient)] {
        lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
    }
}
