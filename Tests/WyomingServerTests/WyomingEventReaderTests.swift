import JSONText
import Testing
@testable import WyomingServer

/// Bytes handed out a few at a time, as a socket may deliver them.
private final class ByteFeed: WyomingByteSource {
    private var bytes: [UInt8]
    private let piece: Int

    init(_ bytes: [UInt8], piece: Int = 7) {
        self.bytes = bytes
        self.piece = piece
    }

    func receive(maximum: Int) -> [UInt8] {
        let taken = Array(bytes.prefix(min(piece, maximum)))
        bytes.removeFirst(taken.count)
        return taken
    }
}

private func events(in text: String, payload: [UInt8] = []) throws(WyomingProtocolError) -> [WyomingEvent] {
    var reader = WyomingEventReader(source: ByteFeed(Array(text.utf8) + payload))
    var events: [WyomingEvent] = []
    while let event = try reader.next() { events.append(event) }
    return events
}

@Suite struct WyomingEventReaderTests {
    @Test func readsDataInlineAndAfterTheHeaderMergedAndThePayload() throws {
        let data = #"{"rate":16000,"channels":1}"#
        let text = #"{"type":"audio-chunk","data":{"width":2,"rate":8000},"data_length":\#(data.utf8.count),"payload_length":4}"# + "\n" + data
        let read = try events(in: text, payload: [1, 2, 3, 4])
        #expect(read.count == 1)
        #expect(read[0].type == "audio-chunk")
        #expect(read[0]["rate"]?.intValue == 16_000)
        #expect(read[0]["width"]?.intValue == 2)
        #expect(read[0]["channels"]?.intValue == 1)
        #expect(read[0].payload == [1, 2, 3, 4])
    }

    @Test func readsWhatItWrites() throws {
        let event = WyomingEvent(type: "detection", data: [("name", .string("hey computer")), ("timestamp", .number("1530"))], payload: [9, 8])
        var reader = WyomingEventReader(source: ByteFeed(event.encoded + WyomingEvent(type: "ping").encoded))
        let first = try #require(try reader.next())
        #expect(first.type == "detection" && first["name"]?.scalarText == "hey computer" && first["timestamp"]?.intValue == 1530)
        #expect(first.payload == [9, 8])
        #expect(try reader.next()?.type == "ping")
        #expect(try reader.next() == nil)
    }

    static let malformed: [(text: String, error: WyomingProtocolError)] = [
        ("not json\n", .malformedHeader("not a JSON object")),
        ("[1,2]\n", .malformedHeader("not a JSON object")),
        ("{\"data\":{}}\n", .malformedHeader("no \"type\" string")),
        ("{\"type\":\"x\",\"data\":3}\n", .malformedHeader("\"data\" is not an object")),
        ("{\"type\":\"x\",\"payload_length\":-1}\n", .malformedHeader("\"payload_length\" is not a whole number of bytes")),
        ("{\"type\":\"x\",\"data_length\":\"4\"}\n", .malformedHeader("\"data_length\" is not a number")),
        ("{\"type\":\"x\",\"payload_length\":1048577}\n", .tooLong(part: "payload_length", length: 1_048_577)),
        ("{\"type\":\"x\",\"data_length\":2}\n[]", .malformedData),
        ("{\"type\":\"x\",\"payload_length\":10}\nabc", .closedMidEvent),
        ("{\"type\":\"x\"", .closedMidEvent),
    ]

    @Test(arguments: malformed)
    func refusesMalformedEvents(case: (text: String, error: WyomingProtocolError)) {
        #expect(throws: `case`.error) { try events(in: `case`.text) }
    }

    @Test func refusesAHeaderLineLongerThanTheLimit() {
        let text = String(repeating: " ", count: WyomingEvent.maximumPartLength + 10)
        var reader = WyomingEventReader(source: ByteFeed(Array(text.utf8), piece: 65_536))
        #expect(throws: WyomingProtocolError.self) { try reader.next() }
    }

    /// Over the limit by a few bytes, a line whose newline comes in the same read is refused
    /// too, with its own length.
    @Test func refusesALongHeaderLineThatArrivesWhole() {
        let line = #"{"type":"ping","pad":""# + String(repeating: "a", count: WyomingEvent.maximumPartLength) + "\"}"
        var reader = WyomingEventReader(source: ByteFeed(Array((line + "\n").utf8), piece: 2 * WyomingEvent.maximumPartLength))
        #expect(throws: WyomingProtocolError.tooLong(part: "header line", length: line.utf8.count)) { try reader.next() }
    }
}
