import FoundationEssentials
import JSONText

/// Where a ``WyomingEventReader`` gets its bytes: a client socket, or bytes in a test.
package protocol WyomingByteSource {
    /// Up to `maximum` bytes, at least one; none at the end of the stream.
    func receive(maximum: Int) throws(WyomingProtocolError) -> [UInt8]
}

/// Cuts a byte stream into Wyoming events: a JSON header line, `data_length` bytes of JSON
/// merged over the header's `data`, then `payload_length` bytes of payload.
package struct WyomingEventReader<Source: WyomingByteSource> {
    private let source: Source
    /// Bytes received and not yet handed out start at `start`.
    private var buffer: [UInt8] = []
    private var start = 0

    /// A reader of the events `source` delivers.
    package init(source: Source) {
        self.source = source
    }

    /// The next event; nil when the stream ends between events.
    package mutating func next() throws(WyomingProtocolError) -> WyomingEvent? {
        guard let line = try headerLine() else { return nil }
        guard case .object(let header)? = JSONValue.parse(Data(line)) else {
            throw .malformedHeader("not a JSON object")
        }
        let fields = JSONValue.object(header)
        guard case .string(let type)? = fields["type"], !type.isEmpty else {
            throw .malformedHeader("no \"type\" string")
        }
        var data: [(key: String, value: JSONValue)] = []
        switch fields["data"] {
        case nil, .null?: break
        case .object(let members)?: data = members
        default: throw .malformedHeader("\"data\" is not an object")
        }
        let dataLength = try Self.length(fields, "data_length")
        let payloadLength = try Self.length(fields, "payload_length")
        if dataLength > 0 {
            guard case .object(let members)? = JSONValue.parse(Data(try bytes(dataLength))) else { throw .malformedData }
            for member in members {
                data.removeAll { $0.key == member.key }
                data.append(member)
            }
        }
        return WyomingEvent(type: type, data: data, payload: try bytes(payloadLength))
    }

    /// A header's `key` as a length: missing and null are 0.
    private static func length(_ header: JSONValue, _ key: String) throws(WyomingProtocolError) -> Int {
        switch header[key] {
        case nil, .null?: return 0
        case .number?:
            guard let length = header[key]?.intValue, length >= 0 else {
                throw .malformedHeader("\"\(key)\" is not a whole number of bytes")
            }
            guard length <= WyomingEvent.maximumPartLength else { throw .tooLong(part: key, length: length) }
            return length
        default: throw .malformedHeader("\"\(key)\" is not a number")
        }
    }

    /// The bytes up to the next newline (which is dropped); nil at the end of the stream
    /// before any byte of a new line.
    private mutating func headerLine() throws(WyomingProtocolError) -> [UInt8]? {
        // Bytes after `start` already searched for the newline.
        var searched = 0
        while true {
            if let newline = buffer[(start + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                // A line too long counts whether its newline came with it or is still to come.
                guard newline - start <= WyomingEvent.maximumPartLength else { throw .tooLong(part: "header line", length: newline - start) }
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            searched = buffer.count - start
            guard searched <= WyomingEvent.maximumPartLength else { throw .tooLong(part: "header line", length: searched) }
            if try !fill() {
                if searched == 0 { return nil }
                throw .closedMidEvent
            }
        }
    }

    /// The next `count` bytes.
    private mutating func bytes(_ count: Int) throws(WyomingProtocolError) -> [UInt8] {
        while buffer.count - start < count {
            guard try fill() else { throw .closedMidEvent }
        }
        let taken = Array(buffer[start..<start + count])
        start += count
        return taken
    }

    /// Receives more bytes; false at the end of the stream. Bytes already handed out are
    /// dropped first, so the buffer holds at most one event's worth.
    private mutating func fill() throws(WyomingProtocolError) -> Bool {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let received = try source.receive(maximum: 64 * 1024)
        buffer += received
        return !received.isEmpty
    }
}
