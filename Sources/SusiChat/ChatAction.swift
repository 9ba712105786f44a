import JSONText
import TextFormatting

/// One thing SUSI asks the client to do. An answer's actions are all meant to be carried out,
/// in order (the SUSI chat API calls them conjunctive).
///
/// Encodes (`json`) as one JSON object whose `type` is SUSI's action type,
/// followed by the action's fields, e.g. `{"type":"map","latitude":52.52,"longitude":13.405,"zoom":13}`;
/// an unknown action encodes as its type and the fields it arrived with.
package enum ChatAction: Sendable, Equatable {
    /// A sentence to show or speak.
    case answer(expression: String)
    /// A table whose rows were taken from the answer's data, one cell per column.
    case table(columns: [TableColumn], rows: [[String]])
    /// Feed entries taken from the answer's data.
    case rss(items: [RSSItem])
    /// The client should search the web for `query` itself.
    case websearch(query: String)
    /// Show a map at a place.
    case map(latitude: Double, longitude: Double, zoom: Int?)
    /// A link with its text (empty when the server gave none).
    case anchor(link: String, text: String)
    /// Play audio, e.g. a YouTube video's sound (`identifierType` "youtube").
    case audioPlay(identifier: String, identifierType: String?)
    /// Play a video.
    case videoPlay(identifier: String, identifierType: String?)
    /// Set a timer or alarm.
    case timerSet(hour: Int, minute: Int, second: Int)
    /// Control what is playing.
    case mediaControl(MediaCommand)
    /// An action this client does not know, or a known one missing a field it needs; kept with
    /// its fields as the server sent them (numbers, booleans, arrays and objects too), so
    /// nothing the server said is lost.
    case unknown(type: String, fields: [String: JSONValue])

    /// SUSI's name for the action type, e.g. "audio_play".
    package var type: String {
        switch self {
        case .answer: return "answer"
        case .table: return "table"
        case .rss: return "rss"
        case .websearch: return "websearch"
        case .map: return "map"
        case .anchor: return "anchor"
        case .audioPlay: return "audio_play"
        case .videoPlay: return "video_play"
        case .timerSet: return "timer_set"
        case .mediaControl(let command): return command.rawValue
        case .unknown(let type, _): return type
        }
    }

    /// The action as text for a person: the expression, one line per table row or feed entry,
    /// or a short phrase such as "search the web for “weather”".
    package var readableText: String {
        switch self {
        case .answer(let expression):
            return expression
        case .table(let columns, let rows):
            return rows.map { row in
                zip(columns, row).map { "\($0.header): \($1)" }.joined(separator: ", ")
            }.joined(separator: "\n")
        case .rss(let items):
            return items.map(\.title).filter { !$0.isEmpty }.joined(separator: "\n")
        case .websearch(let query):
            return "search the web for “\(query)”"
        case .map(let latitude, let longitude, _):
            return "map at \(latitude), \(longitude)"
        case .anchor(let link, let text):
            return text.isEmpty || text == link ? link : "\(text): \(link)"
        case .audioPlay(let identifier, let identifierType):
            return "play audio \(identifier)" + (identifierType.map { " (\($0))" } ?? "")
        case .videoPlay(let identifier, let identifierType):
            return "play video \(identifier)" + (identifierType.map { " (\($0))" } ?? "")
        case .timerSet(let hour, let minute, let second):
            return "timer set for " + String(printf: "%02ld:%02ld:%02ld", hour, minute, second)
        case .mediaControl(let command):
            return command.rawValue
        case .unknown(let type, _):
            return "unsupported action “\(type)”"
        }
    }

    /// The action as one JSON object, `type` first and then its fields in SUSI's order, e.g.
    /// `{"type":"timer_set","hour":7,"minute":30,"second":0}`; ready for an event line. An
    /// unknown action's fields follow in the order of their names.
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("type", .string(type))]
        func add(_ key: String, _ value: JSONValue?) {
            if let value { members.append((key, value)) }
        }
        switch self {
        case .answer(let expression):
            add("expression", .string(expression))
        case .table(let columns, let rows):
            add("columns", .array(columns.map { .object([("key", .string($0.key)), ("header", .string($0.header))]) }))
            add("rows", .array(rows.map { .array($0.map(JSONValue.string)) }))
        case .rss(let items):
            add("items", .array(items.map {
                .object([("title", .string($0.title)), ("description", .string($0.description)), ("link", .string($0.link))])
            }))
        case .websearch(let query):
            add("query", .string(query))
        case .map(let latitude, let longitude, let zoom):
            add("latitude", .number(String(latitude)))
            add("longitude", .number(String(longitude)))
            add("zoom", zoom.map { .number(String($0)) })
        case .anchor(let link, let text):
            add("link", .string(link))
            add("text", text.isEmpty ? nil : .string(text))
        case .audioPlay(let identifier, let identifierType), .videoPlay(let identifier, let identifierType):
            add("identifier", .string(identifier))
            add("identifier_type", identifierType.map(JSONValue.string))
        case .timerSet(let hour, let minute, let second):
            add("hour", .number(String(hour)))
            add("minute", .number(String(minute)))
            add("second", .number(String(second)))
        case .mediaControl:
            break
        case .unknown(_, let fields):
            for (name, value) in fields.sorted(by: { $0.key < $1.key }) where name != "type" {
                add(name, value)
            }
        }
        return .object(members)
    }
}

/// One table column: the key of the data items it shows and its header.
package struct TableColumn: Sendable, Equatable {
    package var key: String
    package var header: String

    package init(key: String, header: String) {
        self.key = key
        self.header = header
    }
}

/// One feed entry of an `rss` action.
package struct RSSItem: Sendable, Equatable {
    package var title: String
    package var description: String
    package var link: String

    package init(title: String, description: String, link: String) {
        self.title = title
        self.description = description
        self.link = link
    }
}

/// The media actions, named as SUSI names their action types.
package enum MediaCommand: String, Sendable, Equatable, CaseIterable {
    case stop, pause, resume, restart, previous, next
}
