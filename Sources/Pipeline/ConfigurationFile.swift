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

/// Reads TOML as susi-listen's configuration files use it: `[section]` headers and
/// `key = value` lines (keys bare, quoted or dotted), with strings (basic with escapes, literal,
/// and both multi-line), integers, floats, booleans and arrays of these (over several lines,
/// with comments), and `#` comments. What settings never use is refused by name: inline tables,
/// arrays of tables; dates and times are not values.
public enum ConfigurationFile {
    /// The largest configuration file read: a real one is a few hundred bytes, and a bound
    /// keeps `--config /dev/zero` from filling the memory.
    public static let maximumBytes = 1 << 20
    /// How deep arrays may nest: settings use one level; a bound keeps `[[[[…` from
    /// overflowing the stack.
    public static let maximumNesting = 8
    /// Keys whose values are never quoted in a message.
    public static let secretKeys = Set(Setting.all.filter(\.isSecret).map(\.key))

    /// The entries of the file at `path`, in file order.
    public static func read(_ path: String) throws(ConfigurationError) -> [ConfigurationEntry] {
        func fail(_ message: String) -> ConfigurationError { ConfigurationError(path: path, line: nil, message: message) }
        // Read through a descriptor: `/dev/null` (an empty configuration) is no regular file,
        // and errno tells a missing file from a symbolic link loop or a permission problem.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw fail(openFailure(errno)) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw fail("is a folder, not a configuration file")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw fail("cannot be read (\(String(cString: strerror(errno))))") }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
            guard data.count <= maximumBytes else { throw fail("is larger than \(maximumBytes / 1024) KiB: not a configuration file") }
        }
        guard let text = String(data: data, encoding: .utf8) else { throw fail("is not UTF-8 text") }
        return try parse(text, path: path)
    }

    /// A warning when `entries` set a secret key and every user may read the file at `path`.
    public static func exposureWarning(path: String, entries: [ConfigurationEntry]) -> String? {
        guard let secret = entries.first(where: { secretKeys.contains($0.key) }) else { return nil }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & S_IROTH != 0 else { return nil }
        return "\(path):\(secret.line): \(secret.key) is set in a file every user can read (mode \(String(status.st_mode & 0o777, radix: 8))): chmod o-r \(path)"
    }

    /// What a failed `open` of a configuration file means for a person.
    private static func openFailure(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES: "cannot be read (permission denied: check its permissions and its folders')"
        case ELOOP: "is a loop of symbolic links"
        default: "cannot be opened (\(String(cString: strerror(code))))"
        }
    }

    /// The entries of `text`; `path` only names the source in errors.
    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> [ConfigurationEntry] {
        var entries: [ConfigurationEntry] = []
        var section: [String] = []
        var sections = Set<[String]>()
        var seen = Set<String>()
        var scanner = ValueScanner(Array(text.unicodeScalars))
        while true {
            scanner.skipBlankLinesAndComments()
            guard scanner.peek != nil else { return entries }
            let number = scanner.line
            func fail(_ message: String) -> ConfigurationError { ConfigurationError(path: path, line: number, message: message) }
            if scanner.peek == "[" {
                scanner.advance()
                if scanner.peek == "[" { throw fail("arrays of tables ([[…]]) are not used by susi-listen's settings") }
                scanner.skipSpaces()
                guard let name = try? scanner.dottedKey(), scanner.peek == "]" else {
                    throw fail("expected a section header like [hotword]")
                }
                scanner.advance()
                scanner.skipSpaces()
                guard scanner.atEndOfLine else { throw fail("unexpected text after the section header") }
                guard sections.insert(name).inserted else { throw fail("section [\(name.joined(separator: "."))] appears twice") }
                section = name
                continue
            }
            let key: [String]
            do {
                key = try scanner.dottedKey()
            } catch {
                throw fail(error.reason)
            }
            scanner.skipSpaces()
            guard scanner.peek == "=" else { throw fail("expected = after \"\(key.joined(separator: "."))\"") }
            scanner.advance()
            scanner.skipSpaces()
            let fullKey = (section + key).joined(separator: ".")
            let value: ConfigurationValue
            do {
                value = try scanner.value()
            } catch {
                // A secret's reason could quote it ("SECRET" is not a value).
                let reason = secretKeys.contains(fullKey) ? "not a valid value (not shown: it is secret; strings need quotes)" : error.reason
                throw ConfigurationError(path: path, line: scanner.line, message: "key \"\(fullKey)\": \(reason)")
            }
            scanner.skipSpaces()
            guard scanner.atEndOfLine else { throw fail("key \"\(fullKey)\": unexpected text after the value") }
            guard seen.insert(fullKey).inserted else { throw fail("key \"\(fullKey)\" is set twice") }
            entries.append(ConfigurationEntry(key: fullKey, value: value, line: number))
        }
    }
}

/// Reads a configuration file scalar by scalar, counting lines.
private struct ValueScanner {
    struct Failure: Error { let reason: String }

    private let scalars: [Unicode.Scalar]
    private var position = 0
    /// The line of `peek`, from 1.
    private(set) var line = 1

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }
    /// True at the end of a line, at a comment or at the end of the text.
    var atEndOfLine: Bool { peek == nil || peek == "#" || peek == "\n" || (peek == "\r" && next == "\n") }
    private var next: Unicode.Scalar? { position + 1 < scalars.count ? scalars[position + 1] : nil }

    mutating func advance() {
        if peek == "\n" { line += 1 }
        position += 1
    }

    mutating func skipSpaces() {
        while peek == " " || peek == "\t" { advance() }
    }

    /// Skips spaces, line ends and comments: what may lie between statements, or between the
    /// values of an array.
    mutating func skipBlankLinesAndComments() {
        while true {
            skipSpaces()
            if peek == "#" {
                while let scalar = peek, scalar != "\n" { advance() }
            } else if peek == "\n" || (peek == "\r" && next == "\n") {
                advance()
            } else {
                return
            }
        }
    }

    /// A key of one or more parts joined by dots (`hotword.sensitivity`), each bare (letters,
    /// digits, `_` and `-`) or quoted.
    mutating func dottedKey() throws(Failure) -> [String] {
        var parts: [String] = []
        while true {
            skipSpaces()
            switch peek {
            case "\"": parts.append(try basicString())
            case "'": parts.append(try literalString())
            default:
                let part = bareKey()
                guard !part.isEmpty else { throw Failure(reason: "expected key = value") }
                parts.append(part)
            }
            skipSpaces()
            guard peek == "." else { return parts }
            advance()
        }
    }

    /// Letters, digits, `_` and `-`.
    private mutating func bareKey() -> String {
        var key = ""
        while let scalar = peek, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" {
            key.unicodeScalars.append(scalar)
            advance()
        }
        return key
    }

    /// A value; `depth` is how many arrays enclose it.
    mutating func value(depth: Int = 0) throws(Failure) -> ConfigurationValue {
        switch peek {
        case "\"": return .string(try startsMultiLine("\"") ? multiLineBasicString() : basicString())
        case "'": return .string(try startsMultiLine("'") ? multiLineLiteralString() : literalString())
        case "{": throw Failure(reason: "inline tables ({ … }) are not used by susi-listen's settings")
        case "[":
            guard depth < ConfigurationFile.maximumNesting else {
                throw Failure(reason: "arrays nested more than \(ConfigurationFile.maximumNesting) deep")
            }
            return .array(try array(depth: depth + 1))
        case nil, "\n", "#": throw Failure(reason: "missing value")
        default: return try bareValue()
        }
    }

    /// Whether three `quote`s open a multi-line string here; if so, they are consumed.
    private mutating func startsMultiLine(_ quote: Unicode.Scalar) -> Bool {
        guard position + 2 < scalars.count, scalars[position + 1] == quote, scalars[position + 2] == quote else { return false }
        for _ in 0..<3 { advance() }
        // A line end right after the opening quotes is not part of the string.
        if peek == "\r", next == "\n" { advance() }
        if peek == "\n" { advance() }
        return true
    }

    /// A "basic" string on one line, with escapes.
    private mutating func basicString() throws(Failure) -> String {
        advance()
        var text = ""
        while let scalar = peek, scalar != "\n" {
            advance()
            switch scalar {
            case "\"": return text
            case "\\": text.unicodeScalars.append(try escape())
            default: text.unicodeScalars.append(scalar)
            }
        }
        throw Failure(reason: "string without its closing \"")
    }

    /// A `"""multi-line basic"""` string: escapes, and a backslash at the end of a line
    /// joins it to the next without the line end and the spaces that follow.
    private mutating func multiLineBasicString() throws(Failure) -> String {
        var text = ""
        while let scalar = peek {
            if try endsMultiLine("\"", text: &text) { return text }
            advance()
            guard scalar == "\\" else {
                text.unicodeScalars.append(scalar)
                continue
            }
            var lookahead = position
            while lookahead < scalars.count, scalars[lookahead] == " " || scalars[lookahead] == "\t" || scalars[lookahead] == "\r" { lookahead += 1 }
            if lookahead < scalars.count, scalars[lookahead] == "\n" {
                while peek == " " || peek == "\t" || peek == "\r" || peek == "\n" { advance() }
            } else {
                text.unicodeScalars.append(try escape())
            }
        }
        throw Failure(reason: "string without its closing \"\"\"")
    }

    /// A one-line 'literal' string: no escapes.
    private mutating func literalString() throws(Failure) -> String {
        advance()
        var text = ""
        while let scalar = peek, scalar != "\n" {
            advance()
            if scalar == "'" { return text }
            text.unicodeScalars.append(scalar)
        }
        throw Failure(reason: "string without its closing '")
    }

    /// A `'''multi-line literal'''` string.
    private mutating func multiLineLiteralString() throws(Failure) -> String {
        var text = ""
        while let scalar = peek {
            if try endsMultiLine("'", text: &text) { return text }
            advance()
            text.unicodeScalars.append(scalar)
        }
        throw Failure(reason: "string without its closing '''")
    }

    /// Whether three `quote`s close a multi-line string here, consuming them. Up to two more
    /// quotes right before the closing three belong to the text, as TOML has it.
    private mutating func endsMultiLine(_ quote: Unicode.Scalar, text: inout String) throws(Failure) -> Bool {
        var count = 0
        while position + count < scalars.count, scalars[position + count] == quote { count += 1 }
        guard count >= 3 else { return false }
        guard count <= 5 else { throw Failure(reason: "more than five quotes in a row at the end of a string") }
        for _ in 0..<(count - 3) { text.unicodeScalars.append(quote) }
        for _ in 0..<count { advance() }
        return true
    }

    /// The scalar an escape after a backslash stands for: `\n`, `\t`, `\uXXXX`, ...
    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let escaped = peek, escaped != "\n" else { throw Failure(reason: "string without its closing \"") }
        advance()
        switch escaped {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "\"": return "\""
        case "\\": return "\\"
        case "u", "U":
            var digits = ""
            for _ in 0..<(escaped == "u" ? 4 : 8) {
                guard let digit = peek, digit.properties.isASCIIHexDigit else {
                    throw Failure(reason: "\\\(escaped) needs \(escaped == "u" ? 4 : 8) hexadecimal digits")
                }
                digits.unicodeScalars.append(digit)
                advance()
            }
            guard let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else {
                throw Failure(reason: "\\\(escaped)\(digits) is not a Unicode scalar")
            }
            return scalar
        default: throw Failure(reason: "unknown escape \\\(escaped) in a string")
        }
    }

    /// An array: values separated by commas, over as many lines as it likes, with comments
    /// between them and a comma after the last allowed.
    private mutating func array(depth: Int) throws(Failure) -> [ConfigurationValue] {
        advance()
        var values: [ConfigurationValue] = []
        while true {
            skipBlankLinesAndComments()
            if peek == "]" {
                advance()
                return values
            }
            values.append(try value(depth: depth))
            skipBlankLinesAndComments()
            if peek == "," { advance() } else if peek != "]" { throw Failure(reason: "expected , or ] in an array") }
        }
    }

    private mutating func bareValue() throws(Failure) -> ConfigurationValue {
        var word = ""
        while let scalar = peek, !(scalar == " " || scalar == "\t" || scalar == "," || scalar == "]" || scalar == "#" || scalar == "\r" || scalar == "\n") {
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
