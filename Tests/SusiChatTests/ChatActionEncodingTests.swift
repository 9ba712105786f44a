import Foundation
import JSONText
import Testing
@testable import SusiChat

/// The JSON form of actions that event printers write, and the reader of server bodies.
@Suite struct ChatActionEncodingTests {
    static let everyKind: [ChatAction] = [
        .answer(expression: "Hi"),
        .table(columns: [TableColumn(key: "city", header: "City")], rows: [["Berlin"], ["Hamburg"]]),
        .rss(items: [RSSItem(title: "t", description: "d", link: "https://l")]),
        .websearch(query: "q"),
        .map(latitude: 52.52, longitude: 13.405, zoom: nil),
        .anchor(link: "https://susi.ai", text: "SUSI"),
        .audioPlay(identifier: "id", identifierType: "youtube"),
        .videoPlay(identifier: "id", identifierType: nil),
        .timerSet(hour: 7, minute: 30, second: 0),
        .mediaControl(.next),
        .unknown(type: "audio_volume", fields: ["volume": .number("40"), "muted": .bool(false)]),
    ]

    /// Every action but a table or a feed (which SUSI fills from the answer's data) reads back
    /// from its JSON form as it was.
    @Test(arguments: everyKind.filter { !["table", "rss"].contains($0.type) })
    func readsBackFromItsJSON(action: ChatAction) throws {
        let node = try #require(JSONValue.parse(Data(action.json.text.utf8)))
        #expect(node["type"]?.scalarText == action.type)
        #expect(ChatAction(susiAction: node, data: []) == action)
    }

    @Test func jsonPutsTheTypeFirstAndUsesSUSINames() {
        #expect(ChatAction.audioPlay(identifier: "x", identifierType: "youtube").json.text
                == #"{"type":"audio_play","identifier":"x","identifier_type":"youtube"}"#)
        #expect(ChatAction.mediaControl(.stop).json.text == #"{"type":"stop"}"#)
        #expect(ChatAction.timerSet(hour: 7, minute: 30, second: 0).json.text == #"{"type":"timer_set","hour":7,"minute":30,"second":0}"#)
        #expect(ChatAction.map(latitude: 52.52, longitude: -0.5, zoom: 13).json.text
                == #"{"type":"map","latitude":52.52,"longitude":-0.5,"zoom":13}"#)
        #expect(ChatAction.table(columns: [TableColumn(key: "c", header: "City \"X\"")], rows: [["B"]]).json.text
                == #"{"type":"table","columns":[{"key":"c","header":"City \"X\""}],"rows":[["B"]]}"#)
    }

    /// An action this client does not know keeps every field with its own JSON type.
    @Test func anUnknownActionKeepsItsFieldsAsTheServerSentThem() throws {
        let node = try #require(JSONValue.parse(Data(#"{"type":"weird","i":1,"b":true,"n":null,"a":[1,"x"],"o":{"p":1.0},"s":"t"}"#.utf8)))
        let action = ChatAction(susiAction: node, data: [])
        #expect(action.json.text == #"{"type":"weird","a":[1,"x"],"b":true,"i":1,"n":null,"o":{"p":1.0},"s":"t"}"#)
    }

    @Test func knownTypeMissingItsFieldsIsKeptAsUnknown() {
        let node = JSONValue.parse(Data(#"{"type":"map","zoom":"12"}"#.utf8))!
        #expect(ChatAction(susiAction: node, data: []) == .unknown(type: "map", fields: ["zoom": .string("12")]))
    }

    @Test func readerKeepsMemberOrderEscapesAndNumberLiterals() throws {
        let node = try #require(JSONValue.parse(Data("\u{FEFF}{\"z\":1.50e3,\"a\":\"\\u00e4\\ud83d\\ude00\\n\",\"m\":[true,null]}".utf8)))

        guard case .object(let members) = node else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m"])
        #expect(node["z"]?.scalarText == "1.50e3")
        #expect(node["z"]?.intValue == 1500)
        #expect(node["a"]?.scalarText == "ä😀\n")
        #expect(node["m"]?.displayText == "[true,null]")
    }

    @Test(arguments: ["", "{", "{\"a\":1,}", "[1 2]", "01x", "{\"a\":1} trailing", "\"\\x\"", "nul",
                      String(repeating: "[", count: 500) + String(repeating: "]", count: 500)])
    func readerRefusesWhatIsNotJSON(text: String) {
        #expect(JSONValue.parse(Data(text.utf8)) == nil)
    }
}
