import FoundationEssentials
import Glibc

/// A key of a configuration file with its value and the line it was set on.
package struct ConfigurationEntry: Sendable, Equatable {
    /// The key as TOML writes it from the top of the file: `section.key`, or `key` before any
    /// section; a key in an inline table continues its table's key (`hotword.gain` for
    /// `hotword = { gain = 2 }`), one under an array of tables names its element
    /// (`keywords[0].phrase` under the first `[[keywords]]`).
    package var key: String
    package var value: ConfigurationValue
    package var line: Int
}

/// Why a configuration file could not be read; names the file, the line and the key.
package struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    package var path: String
    package var line: Int?
    package var message: String

    package var description: String {
        "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}

/// Reads TOML 1.0 files: `[table]` and `[[array of tables]]` headers and `key = value` lines
/// (keys bare, quoted or dotted) with every kind of value, holding the file to TOML's rules,
/// such as that a key or a table is defined once. The document becomes a list of entries, one
/// per key with a value that is not a table.
package enum ConfigurationFile {
    /// The largest configuration file read: a real one is a few hundred bytes, and a bound
    /// keeps `--config /dev/zero` from filling the memory.
    package static let maximumBytes = 1 << 20
    /// How deep arrays and inline tables may nest: settings use one level; a bound keeps
    /// `[[[[…` from overflowing the stack.
    package static let maximumNesting = 8
    /// Keys whose values are never quoted in a message.
    package static let secretKeys = Set(Setting.all.filter(\.isSecret).map(\.key))

    /// The entries of the file at `path`, in file order.
    package static func read(_ path: String) throws(ConfigurationError) -> [ConfigurationEntry] {
        try parse(text(at: path, what: "configuration file", maximumBytes: maximumBytes), path: path)
    }

    /// The UTF-8 text of the file at `path`, a `what` of at most `maximumBytes`.
    static func text(at path: String, what: String, maximumBytes: Int) throws(ConfigurationError) -> String {
        func fail(_ message: String) -> ConfigurationError { ConfigurationError(path: path, line: nil, message: message) }
        // Read through a descriptor: `/dev/null` (an empty configuration) is no regular file,
        // and errno tells a missing file from a symbolic link loop or a permission problem.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw fail(openFailure(errno)) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw fail("is a folder, not a \(what)")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw fail("cannot be read (\(String(cString: strerror(errno))))") }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
            guard data.count <= maximumBytes else {
                throw fail("is larger than \(maximumBytes >= 1024 ? "\(maximumBytes / 1024) KiB" : "\(maximumBytes) bytes"): not a \(what)")
            }
        }
        guard let text = String(data: data, encoding: .utf8) else { throw fail("is not UTF-8 text") }
        return text
    }

    /// Whether every user may read the regular file at `path`, and its mode if so.
    static func modeReadableByAll(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & S_IROTH != 0 else { return nil }
        return String(status.st_mode & 0o777, radix: 8)
    }

    /// A warning when `entries` set a secret key and every user may read the file at `path`.
    package static func exposureWarning(path: String, entries: [ConfigurationEntry]) -> String? {
        guard let secret = entries.first(where: { secretKeys.contains($0.key) }), let mode = modeReadableByAll(path) else { return nil }
        return "\(path):\(secret.line): \(secret.key) is set in a file every user can read (mode \(mode)): chmod o-r \(path), "
            + "or keep the token in \(Setting.accessTokenFile.key)"
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
    package static func parse(_ text: String, path: String) throws(ConfigurationError) -> [ConfigurationEntry] {
        var entries: [ConfigurationEntry] = []
        var keys = DefinedKeys()
        // Where the keys of the latest header go.
        var table: [KeyPathStep] = []
        var scanner = ConfigurationScanner(Array(text.unicodeScalars))
        while true {
            do {
                try scanner.skipBlankLinesAndComments()
            } catch {
                throw ConfigurationError(path: path, line: scanner.line, message: error.reason)
            }
            guard scanner.peek != nil else { return entries }
            let number = scanner.line
            func fail(_ message: String) -> ConfigurationError { ConfigurationError(path: path, line: number, message: message) }
            if scanner.peek == "[" {
                scanner.advance()
                let isArrayOfTables = scanner.peek == "["
                if isArrayOfTables { scanner.advance() }
                let expected = isArrayOfTables ? "expected an array of tables header like [[keywords]]" : "expected a section header like [hotword]"
                guard let name = try? scanner.dottedKey(), scanner.peek == "]" else { throw fail(expected) }
                scanner.advance()
                if isArrayOfTables {
                    guard scanner.peek == "]" else { throw fail(expected) }
                    scanner.advance()
                }
                scanner.skipSpaces()
                guard scanner.atEndOfLine else { throw fail("unexpected text after the section header") }
                do {
                    table = isArrayOfTables ? try keys.openArrayElement(name, line: number) : try keys.openTable(name, line: number)
                } catch {
                    throw fail(error.reason)
                }
                continue
            }
            let key: [String]
            do {
                key = try scanner.dottedKey()
            } catch {
                throw fail(error.reason)
            }
            scanner.skipSpaces()
            guard scanner.peek == "=" else { throw fail("expected = after \"\(ConfigurationValue.writtenKey(key))\"") }
            scanner.advance()
            scanner.skipSpaces()
            let fullKey = DefinedKeys.written(table + key.map(KeyPathStep.key))
            let value: ConfigurationValue
            do {
                value = try scanner.value()
            } catch {
                // A secret's reason could quote it ("SECRET" is not a value), as could that of
                // an inline table holding one.
                let mayHoldSecret = secretKeys.contains { $0 == fullKey || $0.hasPrefix(fullKey + ".") }
                let reason = mayHoldSecret ? "not a valid value (not shown: it is secret; strings need quotes)" : error.reason
                throw ConfigurationError(path: path, line: scanner.line, message: "key \"\(fullKey)\": \(reason)")
            }
            scanner.skipSpaces()
            guard scanner.atEndOfLine else { throw fail("key \"\(fullKey)\": unexpected text after the value") }
            do {
                entries += flattened(value, at: try keys.setKey(key, in: table, line: number), line: number)
            } catch {
                throw fail(error.reason)
            }
        }
    }

    /// The entries `value` set at `path` makes: one, or one per key inside an inline table
    /// (by key, as tables keep no order), as though the file had used dotted keys.
    private static func flattened(_ value: ConfigurationValue, at path: [KeyPathStep], line: Int) -> [ConfigurationEntry] {
        guard case .table(let table) = value, !table.isEmpty else {
            return [ConfigurationEntry(key: DefinedKeys.written(path), value: value, line: line)]
        }
        return table.keys.sorted().flatMap { flattened(table[$0]!, at: path + [.key($0)], line: line) }
    }
}

/// A step on the way from the top of a document to a key.
private enum KeyPathStep: Hashable {
    /// Into the key of this name.
    case key(String)
    /// Into this element (from 0) of an array of tables.
    case element(Int)
}

/// The keys and tables a document has defined so far, which holds it to TOML's rules: a key
/// is set once; a table is defined once, by its `[header]` or by the dotted keys that reach
/// into it from one section; a header may later define a table that another header only
/// implied (`[a]` after `[a.b]`); `[[name]]` appends a table to an array of tables.
private struct DefinedKeys {
    /// How a key was defined.
    private enum Definition {
        /// Set to a value (inline tables and arrays included, which are closed to later keys).
        case value(line: Int)
        case table(TableOrigin, line: Int)
        /// Given `count` tables by `[[…]]` headers.
        case arrayOfTables(count: Int, line: Int)

        /// What the key is, for a message: "a value (line 3)".
        var described: String {
            switch self {
            case .value(let line): "a value (line \(line))"
            case .table(.header, let line): "a table with its own section (line \(line))"
            case .table(.implied, let line): "a table (line \(line))"
            case .table(.dottedKeys, let line): "a table of dotted keys (line \(line))"
            case .arrayOfTables(_, let line): "an array of tables (line \(line))"
            }
        }
    }

    private enum TableOrigin: Equatable {
        /// Named on the way to a header's table (`a` of `[a.b]`): a header may still define it.
        case implied
        /// Defined by its own header.
        case header
        /// Defined by dotted keys in the section numbered so, which alone may add keys to it.
        case dottedKeys(section: Int)
    }

    private var definitions: [[KeyPathStep]: Definition] = [:]
    /// How many headers came so far.
    private var section = 0

    /// The path of `path`'s key as TOML writes it, with the element of an array of tables in
    /// brackets: `keywords[0].phrase`.
    static func written(_ path: [KeyPathStep]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .key(let name): text += (text.isEmpty ? "" : ".") + ConfigurationValue.writtenKey([name])
            case .element(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// Defines the table of the header `[name]` on `line`.
    /// - Returns: the path its keys go under.
    mutating func openTable(_ name: [String], line: Int) throws(ConfigurationSyntaxError) -> [KeyPathStep] {
        let subject = "section [\(ConfigurationValue.writtenKey(name))]"
        let path = try headerPath(name, line: line, subject: subject)
        switch definitions[path] {
        case nil, .table(.implied, _): definitions[path] = .table(.header, line: line)
        case .table(.header, _): throw ConfigurationSyntaxError(reason: "\(subject) appears twice")
        case let other?: throw conflict(subject, at: path, with: other)
        }
        return path
    }

    /// Appends a table to the array of tables of the header `[[name]]` on `line`.
    /// - Returns: the path its keys go under.
    mutating func openArrayElement(_ name: [String], line: Int) throws(ConfigurationSyntaxError) -> [KeyPathStep] {
        let subject = "array of tables [[\(ConfigurationValue.writtenKey(name))]]"
        let path = try headerPath(name, line: line, subject: subject)
        switch definitions[path] {
        case nil:
            definitions[path] = .arrayOfTables(count: 1, line: line)
            return path + [.element(0)]
        case .arrayOfTables(let count, let firstLine):
            definitions[path] = .arrayOfTables(count: count + 1, line: firstLine)
            return path + [.element(count)]
        case let other?: throw conflict(subject, at: path, with: other)
        }
    }

    /// Sets the dotted `key` in the table at `table`, on `line`.
    /// - Returns: the key's path.
    mutating func setKey(_ key: [String], in table: [KeyPathStep], line: Int) throws(ConfigurationSyntaxError) -> [KeyPathStep] {
        var path = table
        let subject = "key \"\(Self.written(table + key.map(KeyPathStep.key)))\""
        for part in key.dropLast() {
            path.append(.key(part))
            switch definitions[path] {
            case nil, .table(.implied, _): definitions[path] = .table(.dottedKeys(section: section), line: line)
            case .table(.dottedKeys(let origin), _) where origin == section: break
            case let other?: throw conflict(subject, at: path, with: other)
            }
        }
        path.append(.key(key.last!))
        switch definitions[path] {
        case nil: definitions[path] = .value(line: line)
        case .value: throw ConfigurationSyntaxError(reason: "\(subject) is set twice")
        case let other?: throw conflict(subject, at: path, with: other)
        }
        return path
    }

    /// Begins the section of the header naming `name` (`subject`): the path of its key from
    /// the top, defining the tables it implies; through an array of tables, its latest table.
    private mutating func headerPath(_ name: [String], line: Int, subject: String) throws(ConfigurationSyntaxError) -> [KeyPathStep] {
        section += 1
        var path: [KeyPathStep] = []
        for name in name.dropLast() {
            path.append(.key(name))
            switch definitions[path] {
            case nil: definitions[path] = .table(.implied, line: line)
            case .table: break
            case .arrayOfTables(let count, _): path.append(.element(count - 1))
            case let other?: throw conflict(subject, at: path, with: other)
            }
        }
        return path + [.key(name.last!)]
    }

    /// Why `subject` may not define `path` already defined as `definition`.
    private func conflict(_ subject: String, at path: [KeyPathStep], with definition: Definition) -> ConfigurationSyntaxError {
        ConfigurationSyntaxError(reason: "\(subject): \"\(Self.written(path))\" is already \(definition.described)")
    }
}
