import JSONText

/// One Wyoming event: a type, JSON data and an optional binary payload (audio).
///
/// On the wire (see ``WyomingEventReader``) an event is a UTF-8 JSON header line, then
/// `data_length` bytes of JSON data, then `payload_length` bytes of payload.
package struct WyomingEvent: Sendable {
    /// `describe`, `info`, `detect`, `audio-start`, `audio-chunk`, `detection`, ...
    package var type: String
    /// The data object's members, in the order they are written.
    package var data: [(key: String, value: JSONValue)]
    /// Raw bytes after the data: little-endian PCM for `audio-chunk`.
    package var payload: [UInt8]

    /// The protocol version written in every header: the `wyoming` library's this server was
    /// checked against.
    package static let protocolVersion = "1.10.2"

    /// Longest header line, data and payload a reader accepts (1 MiB each): far above any real
    /// event (a second of 48 kHz stereo audio is 192 kB), and a bound on what one client can
    /// make the server hold.
    package static let maximumPartLength = 1 << 20

    /// An event of `type` with `data` and `payload`.
    package init(type: String, data: [(key: String, value: JSONValue)] = [], payload: [UInt8] = []) {
        self.type = type
        self.data = data
        self.payload = payload
    }

    /// The value of the data member `key`; nil when missing.
    package subscript(key: String) -> JSONValue? {
        data.first { $0.key == key }?.value
    }

    /// The event as the bytes written to the socket: the data goes after the header line
    /// (with `data_length`), as the `wyoming` library writes it.
    package var encoded: [UInt8] {
        let dataText = data.isEmpty ? [] : Array(JSONValue.object(data).text.utf8)
        var header: [(key: String, value: JSONValue)] = [("type", .string(type)), ("version", .string(Self.protocolVersion))]
        if !dataText.isEmpty { header.append(("data_length", .number(String(dataText.count)))) }
        if !payload.isEmpty { header.append(("payload_length", .number(String(payload.count)))) }
        return Array(JSONValue.object(header).text.utf8) + [UInt8(ascii: "\n")] + dataText + payload
    }

    /// An `error` event with `text` for a person and a machine-readable `code`.
    package static func error(_ text: String, code: String) -> WyomingEvent {
        WyomingEvent(type: "error", data: [("text", .string(text)), ("code", .string(code))])
    }
}
