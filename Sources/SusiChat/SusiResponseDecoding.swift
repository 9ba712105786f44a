import FoundationEssentials
import JSONText

// Reading chat.json bodies. Servers of different versions differ in small ways, so reading is
// lenient: numbers may arrive as strings and strings as numbers, missing optional fields take
// SUSI's defaults, and an action that cannot be read becomes `.unknown` instead of failing the
// whole answer. Only a body that is not a SUSI answer at all is an error.

extension ChatAnswer {
    /// The answer in a chat.json body: the actions of `answers[0]`, with tables and feeds
    /// filled from `answers[0].data`.
    init(responseBody body: Data, contentType: String?) throws(ChatError) {
        guard let root = JSONValue.parse(body) else {
            throw .notJSON(contentType: contentType, excerpt: ChatError.excerpt(of: body))
        }
        guard case .object = root else {
            throw .unexpectedShape(reason: "the body is a JSON \(root.kindName), not an object")
        }
        guard let answers = root["answers"]?.arrayValue else {
            throw .unexpectedShape(reason: "no \"answers\" list")
        }
        let query = root["query"]?.scalarText ?? ""
        guard let first = answers.first else {
            self.init(query: query, actions: [])
            return
        }
        guard let actions = first["actions"]?.arrayValue else {
            throw .unexpectedShape(reason: "answers[0] has no \"actions\" list")
        }
        let data = first["data"]?.arrayValue ?? []
        self.init(query: query, actions: actions.map { ChatAction(susiAction: $0, data: data) })
    }
}

extension ChatAction {
    /// One element of `answers[0].actions`; `data` is `answers[0].data`.
    init(susiAction node: JSONValue, data: [JSONValue]) {
        let type = node["type"]?.scalarText ?? ""
        func text(_ name: String) -> String? { node[name]?.scalarText }

        switch type {
        case "answer":
            if let expression = text("expression") {
                self = .answer(expression: expression)
                return
            }
        case "table":
            let columns: [TableColumn]
            if case .object(let members)? = node["columns"] {
                columns = members.map { TableColumn(key: $0.key, header: $0.value.scalarText ?? $0.key) }
            } else if case .object(let members)? = data.first {
                columns = members.map { TableColumn(key: $0.key, header: $0.key) }
            } else {
                columns = []
            }
            let rows = Self.items(of: data, count: node["count"]).map { item in
                columns.map { item[$0.key]?.displayText ?? "" }
            }
            self = .table(columns: columns, rows: rows)
            return
        case "rss":
            let titleKey = text("title") ?? "title"
            let descriptionKey = text("description") ?? "description"
            let linkKey = text("link") ?? "link"
            self = .rss(items: Self.items(of: data, count: node["count"]).map { item in
                RSSItem(title: item[titleKey]?.displayText ?? "",
                        description: item[descriptionKey]?.displayText ?? "",
                        link: item[linkKey]?.displayText ?? "")
            })
            return
        case "websearch":
            if let query = text("query") {
                self = .websearch(query: query)
                return
            }
        case "map":
            if let latitude = node["latitude"]?.doubleValue, let longitude = node["longitude"]?.doubleValue {
                self = .map(latitude: latitude, longitude: longitude, zoom: node["zoom"]?.intValue)
                return
            }
        case "anchor":
            if let link = text("link") {
                self = .anchor(link: link, text: text("text") ?? "")
                return
            }
        case "audio_play", "video_play":
            if let identifier = text("identifier") {
                let identifierType = text("identifier_type")
                self = type == "audio_play" ? .audioPlay(identifier: identifier, identifierType: identifierType)
                                            : .videoPlay(identifier: identifier, identifierType: identifierType)
                return
            }
        case "timer_set":
            let hour = node["hour"]?.intValue, minute = node["minute"]?.intValue, second = node["second"]?.intValue
            if hour != nil || minute != nil || second != nil {
                self = .timerSet(hour: hour ?? 0, minute: minute ?? 0, second: second ?? 0)
                return
            }
        default:
            if let command = MediaCommand(rawValue: type) {
                self = .mediaControl(command)
                return
            }
        }
        var fields: [String: JSONValue] = [:]
        if case .object(let members) = node {
            for member in members where member.key != "type" && fields[member.key] == nil {
                fields[member.key] = member.value
            }
        }
        self = .unknown(type: type, fields: fields)
    }

    /// The data items an action shows: all of them, or the first `count` when it is positive
    /// (SUSI sends -1 for "all").
    private static func items(of data: [JSONValue], count: JSONValue?) -> [JSONValue] {
        guard let count = count?.intValue, count > 0 else { return data }
        return Array(data.prefix(count))
    }
}

private extension JSONValue {
    var kindName: String {
        switch self {
        case .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        case .null: return "null"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
