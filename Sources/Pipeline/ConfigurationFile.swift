import Foundation

/// A value in a configuration file: the part of TOML that susi-listen's settings use.
public enum ConfigurationValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case float(Double)
    case bool(Bool)
    case array([ConfigurationValue])

    /// The value as the file could have written it, for messages: `"loud"`, `500`, `1.5`,
    /// `true`, `["susi", 2]`.
    var written: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .integer(let number): String(number)
        case .float(let number): String(number)
        case .bool(let flag): String(flag)
        case .array(let items): "[" + items.map(\.written).joined(separator: ", ") + "]"
        }
    }
}

/// A key of a configuration file with its value and the line it was set on.
public struct ConfigurationEntry: Sendable, Equatable {
    /// `section.key`, or `key` before any section.
    public var key: String
    public var value: ConfigurationValue
    public var line: Int
}

/// Why a configuration file could not be read; names the file, the line and the key.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var message: String

    public var description: String {
        "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}

/// Reads the TOML subset of susi-listen's configuration files: `[section]` headers,
/// `key = value` lines with strings ("basic" with escapes, or 'literal'), integers, floats,
/// booleans and one-line arrays of these, and `#` comments.
public enum ConfigurationFile {
    /// The entries of the file at `path`, in file order.
    public static func read(_ path: String) throws(ConfigurationError) -> [ConfigurationEntry] {
        // Read through a handle: `/dev/null` (an empty configuration) is no regular file.
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() ?? Data() else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ConfigurationError(path: path, line: nil, message: exists ? "cannot be read (check its permissions)" : "no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(path: path, line: nil, message: "is not UTF-8 text")
        }
        return try parse(text, path: path)
    }

    /// The entries of `text`; `path` only names the source in errors.
    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> [ConfigurationEntry] {
        var entries: [ConfigurationEntry] = []
        var section: String?
        var seen = Set<String>()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            func fail(_ message: String) -> ConfigurationError { ConfigurationError(path: path, line: number, message: message) }
            var scanner = ValueScanner(Array(rawLine.unicodeScalars))
            scanner.skipSpaces()
            if scanner.atEndOfLine { continue }
            if scanner.peek == "[" {
                scanner.advance()
                let name = scanner.bareKey()
                scanner.skipSpaces()
                guard !name.isEmpty, scanner.peek == "]" else { throw fail("expected a section header like [hotword]") }
                scanner.advance()
                scanner.skipSpaces()
                guard scanner.atEndOfLine else { throw fail("unexpected text after the section header") }
                section = name
                continue
            }
            let key = scanner.bareKey()
            guard !key.isEmpty else { throw fail("expected key = value") }
            scanner.skipSpaces()
            guard scanner.peek == "=" else { throw fail("expected = after \"\(key)\"") }
            scanner.advance()
            scanner.skipSpaces()
            let fullKey = section.map { "\($0).\(key)" } ?? key
            let value: ConfigurationValue
            do {
                value = try scanner.value()
            } catch {
                throw fail("key \"\(fullKey)\": \(error.reason)")
            }
            scanner.skipSpaces()
            guard scanner.atEndOfLine else { throw fail("key \"\(fullKey)\": unexpected text after the value") }
            guard seen.insert(fullKey).inserted else { throw fail("key \"\(fullKey)\" is set twice") }
            entries.append(ConfigurationEntry(key: fullKey, value: value, line: number))
        }
        return entries
    }
}

/// Reads one line of a configuration file, scalar by scalar.
private struct ValueScanner {
    struct Failure: Error { let reason: String }

    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }
    /// True at the end of the line or at a comment.
    var atEndOfLine: Bool { peek == nil || peek == "#" || peek == "\r" }

    mutating func advance() { position += 1 }

    mutating func skipSpaces() {
        while peek == " " || peek == "\t" { advance() }
    }

    /// Letters, digits, `_` and `-`.
    mutating func bareKey() -> String {
        var key = ""
        while let scalar = peek, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" {
            key.unicodeScalars.append(scalar)
            advance()
        }
        return key
    }

    mutating func value() throws(Failure) -> ConfigurationValue {
        switch peek {
        case "\"": return .string(try basicString())
        case "'": return .string(try literalString())
        case "[": return .array(try array())
        case nil: throw Failure(reason: "missing value")
        default: return try bareValue()
        }
    }

    private mutating func basicString() throws(Failure) -> String {
        advance()
        var text = ""
        while let scalar = peek {
            advance()
            switch scalar {
            case "\"": return text
            case "\\":
                guard let escaped = peek else { break }
                advance()
                switch escaped {
                case "n": text += "\n"
                case "t": text += "\t"
                case "\"": text += "\""
                case "\\": text += "\\"
                default: throw Failure(reason: "unknown escape \\\(escaped) in a string")
                }
            default: text.unicodeScalars.append(scalar)
            }
        }
        throw Failure(reason: "string without its closing \"")
    }

    private mutating func literalString() throws(Failure) -> String {
        advance()
        var text = ""
        while let scalar = peek {
            advance()
            if scalar == "'" { return text }
            text.unicodeScalars.append(scalar)
        }
        throw Failure(reason: "string without its closing '")
    }

    private mutating func array() throws(Failure) -> [ConfigurationValue] {
        advance()
        var values: [ConfigurationValue] = []
        while true {
            skipSpaces()
            if peek == "]" {
                advance()
                return values
            }
            values.append(try value())
            skipSpaces()
            if peek == "," { advance() } else if peek != "]" { throw Failure(reason: "expected , or ] in an array") }
        }
    }

    private mutating func bareValue() throws(Failure) -> ConfigurationValue {
        var word = ""
        while let scalar = peek, !(scalar == " " || scalar == "\t" || scalar == "," || scalar == "]" || scalar == "#" || scalar == "\r") {
            word.unicodeScalars.append(scalar)
            advance()
        }
        let digits = word.replacingOccurrences(of: "_", with: "")
        if word == "true" { return .bool(true) }
        if word == "false" { return .bool(false) }
        if let integer = Int(digits) { return .integer(integer) }
        if let number = Double(digits), number.isFinite { return .float(number) }
        throw Failure(reason: word.isEmpty ? "missing value" : "\"\(word)\" is not a value (strings need quotes)")
    }
}
