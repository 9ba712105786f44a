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
        .unknown(type: "audio_volume", fields: ["volume": "40"]),
    ]

    @Test(arguments: everyKind)
    func encodesAsTypeAndFieldsAndDecodesBack(action: ChatAction) throws {
        let data = try JSONEncoder().encode(action)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])

        #expect(object["type"] as? String == action.type)
        #expect(try JSONDecoder().decode(ChatAction.self, from: data) == action)
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

    @Test(arguments: everyKind)
    func jsonIsWhatTheEncoderWrites(action: ChatAction) throws {
        let viaEncoder = try JSONSerialization.jsonObject(with: JSONEncoder().encode(action)) as? NSDictionary
        let viaText = try JSONSerialization.jsonObject(with: Data(action.json.text.utf8)) as? NSDictionary
        #expect(viaEncoder != nil && viaEncoder == viaText)
    }

    @Test func knownTypeMissingItsFieldsIsKeptAsUnknown() {
        let node = JSONValue.parse(Data(#"{"type":"map","zoom":"12"}"#.utf8))!
        #expect(ChatAction(susiAction: node, data: []) == .unknown(type: "map", fields: ["zoom": "12"]))
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
