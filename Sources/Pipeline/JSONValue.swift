import Foundation
import JSONText

/// A JSON value whose object keys keep the order they were given in, so every event line
/// starts with its `type`.
public enum JSONValue: Equatable, Sendable {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// JSON text made elsewhere (a chat action), written as it is.
    case raw(String)

    /// The value as compact JSON text.
    public var text: String {
        switch self {
        case .string(let value): return JSONText.quoted(value)
        case .number(let value): return value.isFinite ? Self.decimal(value) : "null"
        case .integer(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let values): return "[" + values.map(\.text).joined(separator: ",") + "]"
        case .raw(let text): return text
        case .object(let members):
            return "{" + members.map { JSONText.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text == rhs.text }

    /// Up to six significant decimals, no trailing zeros, never exponent notation for ordinary sizes.
    private static func decimal(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
