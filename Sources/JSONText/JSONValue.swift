import FoundationEssentials
import TextFormatting

/// A JSON value, parsed or to be written: the event lines, the chat actions, the benchmark's
/// report and Wyoming's events. Object members keep their order (every event line starts with
/// its `type`; a table's columns are shown in the order the server sent them), and numbers are
/// kept as their literal text, so a parsed number is never rounded.
package enum JSONValue: Equatable, Sendable {
    /// A string, unescaped.
    case string(String)
    /// A number as its JSON literal; `number(_: Double)` and ``integer(_:)`` write one.
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    /// Members in their order; a parsed object keeps a repeated key as often as it came.
    case object([(key: String, value: JSONValue)])

    /// `value` with up to six decimals, no trailing zeros, never in exponent notation for
    /// ordinary sizes; null when it is not finite.
    package static func number(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        var text = String(printf: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return .number(text == "-0" ? "0" : text)
    }

    /// A whole number.
    package static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// Values are equal when their JSON text is.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text == rhs.text }

    /// The value of the first member named `key`, if this is an object that has one.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The elements, if this is an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// A string, number or boolean as text; nil for null, arrays and objects.
    package var scalarText: String? {
        switch self {
        case .string(let value): return value
        case .number(let literal): return literal
        case .bool(let value): return value ? "true" : "false"
        case .null, .array, .object: return nil
        }
    }

    /// The value as a person would read it in a table cell: scalars as text, null as nothing,
    /// arrays and objects as compact JSON.
    package var displayText: String {
        switch self {
        case .null: return ""
        case .array, .object: return text
        default: return scalarText ?? ""
        }
    }

    /// A number, or a string holding one (SUSI sends coordinates as strings).
    package var doubleValue: Double? {
        switch self {
        case .number(let text), .string(let text):
            return Double(text.trimmingWhitespace()).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    /// A whole number, or a string holding one; "5.0" counts, "5.5" does not.
    package var intValue: Int? {
        guard let value = doubleValue, value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// The value as compact JSON text.
    package var text: String {
        switch self {
        case .string(let value): return Self.quoted(value)
        case .number(let literal): return literal
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let elements): return "[" + elements.map(\.text).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { Self.quoted($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        }
    }

    /// Parses one JSON document (RFC 8259, with a leading byte-order mark allowed); nil if the
    /// bytes are not JSON or nest deeper than `JSONReader.maximumDepth`.
    package static func parse(_ data: Data) -> JSONValue? {
        var reader = JSONReader(bytes: Array(data))
        return reader.document()
    }

    /// `value` as a JSON string literal: quotes, backslashes and control characters escaped.
    private static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20: result += String(printf: "\\u%04x", control.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// A recursive-descent reader over UTF-8 bytes.
private struct JSONReader {
    /// Deeper nesting is refused rather than risking the stack on a hostile body.
    static let maximumDepth = 200

    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func document() -> JSONValue? {
        guard let node = value() else { return nil }
        skipWhitespace()
        return index == bytes.count ? node : nil
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard current == byte else { return false }
        index += 1
        return true
    }

    private mutating func value() -> JSONValue? {
        skipWhitespace()
        switch current {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        case .some: return number()
        case nil: return nil
        }
    }

    private mutating func object() -> JSONValue? {
        guard depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        if consume(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipWhitespace()
            guard current == UInt8(ascii: "\""), let key = string(),
                  consume(UInt8(ascii: ":")), let member = value() else { return nil }
            members.append((key, member))
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}")) ? .object(members) : nil
    }

    private mutating func array() -> JSONValue? {
        guard depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            guard let element = value() else { return nil }
            elements.append(element)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? .array(elements) : nil
    }

    private mutating func literal(_ word: String, _ node: JSONValue) -> JSONValue? {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else { return nil }
        index += expected.count
        return node
    }

    private mutating func number() -> JSONValue? {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { return nil }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func digits() -> Int {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }

    /// Reads a string starting at its opening quote. Invalid UTF-8 and lone surrogates become
    /// U+FFFD instead of failing the whole answer.
    private mutating func string() -> String? {
        index += 1
        var utf8: [UInt8] = []
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = current else { return nil }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: return nil
                }
            default:
                utf8.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\uXXXX` escape whose `\u` was just read, joining a surrogate pair.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hexQuad() else { return nil }
        if (0xD800...0xDBFF).contains(high),
           bytes[index...].starts(with: Array("\\u".utf8)) {
            let resume = index
            index += 2
            if let low = hexQuad(), (0xDC00...0xDFFF).contains(low) {
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            index = resume
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }

    private mutating func hexQuad() -> UInt32? {
        guard index + 4 <= bytes.count,
              bytes[index..<index + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
        index += 4
        return value
    }
}
