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
    /// The largest configuration file read: a real one is a few hundred bytes, and a bound
    /// keeps `--config /dev/zero` from filling the memory.
    public static let maximumBytes = 1 << 20
    /// How deep arrays may nest: settings use one level; a bound keeps `[[[[…` from
    /// overflowing the stack.
    public static let maximumNesting = 8
    /// Keys whose values are never quoted in a message.
    public static let secretKeys: Set<String> = ["chat.access_token"]

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
                // A secret's reason could quote it ("SECRET" is not a value).
                let reason = secretKeys.contains(fullKey) ? "not a valid value (not shown: it is secret; strings need quotes)" : error.reason
                throw fail("key \"\(fullKey)\": \(reason)")
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

    /// A value; `depth` is how many arrays enclose it.
    mutating func value(depth: Int = 0) throws(Failure) -> ConfigurationValue {
        switch peek {
        case "\"": return .string(try basicString())
        case "'": return .string(try literalString())
        case "[":
            guard depth < ConfigurationFile.maximumNesting else {
                throw Failure(reason: "arrays nested more than \(ConfigurationFile.maximumNesting) deep")
            }
            return .array(try array(depth: depth + 1))
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

    private mutating func array(depth: Int) throws(Failure) -> [ConfigurationValue] {
        advance()
        var values: [ConfigurationValue] = []
        while true {
            skipSpaces()
            if peek == "]" {
                advance()
                return values
            }
            values.append(try value(depth: depth))
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
