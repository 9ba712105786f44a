/// Why text is not TOML, for a message that the caller places at a line and a key.
struct ConfigurationSyntaxError: Error {
    let reason: String
}

/// Reads the keys and values of a TOML document scalar by scalar, counting lines.
struct ConfigurationScanner {
    private typealias Failure = ConfigurationSyntaxError

    private let scalars: [Unicode.Scalar]
    private var position = 0
    /// The line of `peek`, from 1.
    private(set) var line = 1

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }
    /// True at the end of a line, at a comment or at the end of the text.
    var atEndOfLine: Bool { peek == nil || peek == "#" || atLineBreak }
    private var next: Unicode.Scalar? { position + 1 < scalars.count ? scalars[position + 1] : nil }
    /// True at `\n` or `\r\n`.
    private var atLineBreak: Bool { peek == "\n" || (peek == "\r" && next == "\n") }

    mutating func advance() {
        if peek == "\n" { line += 1 }
        position += 1
    }

    mutating func skipSpaces() {
        while peek == " " || peek == "\t" { advance() }
    }

    /// Skips spaces, line ends and comments: what may lie between statements, or between the
    /// values of an array.
    /// - Throws: at a control character in a comment, which TOML refuses.
    mutating func skipBlankLinesAndComments() throws(ConfigurationSyntaxError) {
        while true {
            skipSpaces()
            if peek == "#" {
                while let scalar = peek, !atLineBreak {
                    try refuseControlCharacter(scalar, in: "a comment")
                    advance()
                }
            } else if atLineBreak {
                advance()
            } else {
                return
            }
        }
    }

    /// Throws when `scalar` is a control character other than a tab, which TOML allows in no
    /// comment or string.
    private func refuseControlCharacter(_ scalar: Unicode.Scalar, in place: String) throws(Failure) {
        guard (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F else { return }
        let code = String(scalar.value, radix: 16, uppercase: true)
        throw Failure(reason: "control character U+\(String(repeating: "0", count: 4 - code.count) + code) in \(place)")
    }

    /// A key of one or more parts joined by dots (`hotword.sensitivity`), each bare (ASCII
    /// letters, digits, `_` and `-`) or quoted.
    mutating func dottedKey() throws(ConfigurationSyntaxError) -> [String] {
        var parts: [String] = []
        while true {
            skipSpaces()
            switch peek {
            case "\"", "'": parts.append(try oneLineString())
            default:
                var part = ""
                while let scalar = peek, ConfigurationValue.isBareKeyScalar(scalar) {
                    part.unicodeScalars.append(scalar)
                    advance()
                }
                guard !part.isEmpty else { throw Failure(reason: "expected key = value") }
                parts.append(part)
            }
            skipSpaces()
            guard peek == "." else { return parts }
            advance()
        }
    }

    /// A value; `depth` is how many arrays and inline tables enclose it.
    mutating func value(depth: Int = 0) throws(ConfigurationSyntaxError) -> ConfigurationValue {
        switch peek {
        case "\"": return .string(try startsMultiLine("\"") ? multiLineBasicString() : oneLineString())
        case "'": return .string(try startsMultiLine("'") ? multiLineLiteralString() : oneLineString())
        case "{":
            try refuseNesting(deeperThan: depth, of: "inline tables")
            return .table(try inlineTable(depth: depth + 1))
        case "[":
            try refuseNesting(deeperThan: depth, of: "arrays")
            return .array(try array(depth: depth + 1))
        case nil, "\n", "#": throw Failure(reason: "missing value")
        default: return try bareValue()
        }
    }

    private func refuseNesting(deeperThan depth: Int, of containers: String) throws(Failure) {
        guard depth < ConfigurationFile.maximumNesting else {
            throw Failure(reason: "\(containers) nested more than \(ConfigurationFile.maximumNesting) deep")
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

    /// A string on one line: "basic", with escapes, or 'literal', without.
    private mutating func oneLineString() throws(Failure) -> String {
        let quote = peek
        let isBasic = quote == "\""
        advance()
        var text = ""
        while let scalar = peek, !atLineBreak {
            try refuseControlCharacter(scalar, in: isBasic ? "a string (write it as an escape)" : "a literal string")
            advance()
            if scalar == quote { return text }
            text.unicodeScalars.append(isBasic && scalar == "\\" ? try escape() : scalar)
        }
        throw Failure(reason: "string without its closing \(isBasic ? "\"" : "'")")
    }

    /// A `"""multi-line basic"""` string: escapes, and a backslash at the end of a line
    /// joins it to the next without the line end and the spaces that follow.
    private mutating func multiLineBasicString() throws(Failure) -> String {
        var text = ""
        while peek != nil {
            if try endsMultiLine("\"", text: &text) { return text }
            guard peek == "\\" else {
                try appendMultiLineScalar(to: &text, in: "a string (write it as an escape)")
                continue
            }
            advance()
            var lookahead = position
            while lookahead < scalars.count, scalars[lookahead] == " " || scalars[lookahead] == "\t" { lookahead += 1 }
            if lookahead < scalars.count, scalars[lookahead] == "\n" || (scalars[lookahead] == "\r" && lookahead + 1 < scalars.count && scalars[lookahead + 1] == "\n") {
                while peek == " " || peek == "\t" || atLineBreak { advance() }
            } else {
                text.unicodeScalars.append(try escape())
            }
        }
        throw Failure(reason: "string without its closing \"\"\"")
    }

    /// A `'''multi-line literal'''` string.
    private mutating func multiLineLiteralString() throws(Failure) -> String {
        var text = ""
        while peek != nil {
            if try endsMultiLine("'", text: &text) { return text }
            try appendMultiLineScalar(to: &text, in: "a literal string")
        }
        throw Failure(reason: "string without its closing '''")
    }

    /// Appends the scalar at `peek` to a multi-line string's `text`: a line break (`\r\n`
    /// read as `\n`), or anything but another control character than a tab; `place` names
    /// the kind of string for that error.
    private mutating func appendMultiLineScalar(to text: inout String, in place: String) throws(Failure) {
        if peek == "\r", next == "\n" { advance() }
        guard let scalar = peek else { return }
        if scalar != "\n" { try refuseControlCharacter(scalar, in: place) }
        text.unicodeScalars.append(scalar)
        advance()
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
        guard let escaped = peek, !atLineBreak else { throw Failure(reason: "string without its closing \"") }
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
            try skipBlankLinesAndComments()
            if peek == "]" {
                advance()
                return values
            }
            values.append(try value(depth: depth))
            try skipBlankLinesAndComments()
            if peek == "," { advance() } else if peek != "]" { throw Failure(reason: "expected , or ] in an array") }
        }
    }

    /// An inline table: `key = value` pairs separated by commas on one line (a value may
    /// span lines), no comma after the last; dotted keys make tables inside it.
    private mutating func inlineTable(depth: Int) throws(Failure) -> [String: ConfigurationValue] {
        advance()
        var table: [String: ConfigurationValue] = [:]
        // Tables its dotted keys made, which later dotted keys may add to.
        var dottedTables = Set<[String]>()
        skipSpaces()
        if peek == "}" {
            advance()
            return table
        }
        while true {
            skipSpaces()
            if peek == "}" { throw Failure(reason: "a comma after the last value of an inline table") }
            let key = try dottedKey()
            guard peek == "=" else { throw Failure(reason: "expected = after \"\(ConfigurationValue.writtenKey(key))\" in an inline table") }
            advance()
            skipSpaces()
            let value = try value(depth: depth)
            try Self.insert(value, at: key[...], under: [], into: &table, dottedTables: &dottedTables)
            skipSpaces()
            if peek == "}" {
                advance()
                return table
            }
            guard peek == "," else { throw Failure(reason: "expected , or } in an inline table (all on one line)") }
            advance()
        }
    }

    /// Sets the dotted `key` to `value` in an inline table's `table`, where `prefix` leads to
    /// `table` and `dottedTables` are the tables dotted keys made.
    private static func insert(_ value: ConfigurationValue, at key: ArraySlice<String>, under prefix: [String],
                               into table: inout [String: ConfigurationValue], dottedTables: inout Set<[String]>) throws(Failure) {
        let name = key.first!
        let path = prefix + [name]
        let setTwice = Failure(reason: "\"\(ConfigurationValue.writtenKey(path))\" is set twice in an inline table")
        guard key.count > 1 else {
            guard table[name] == nil else { throw setTwice }
            table[name] = value
            return
        }
        var inner: [String: ConfigurationValue] = [:]
        switch table[name] {
        case nil: dottedTables.insert(path)
        case .table(let existing) where dottedTables.contains(path): inner = existing
        default: throw setTwice
        }
        try insert(value, at: key.dropFirst(), under: path, into: &inner, dottedTables: &dottedTables)
        table[name] = .table(inner)
    }

    /// A value written without quotes or brackets: a boolean, a number or a date-time.
    private mutating func bareValue() throws(Failure) -> ConfigurationValue {
        var word = readWord()
        // A space may stand for the T between a date and a time.
        if word.count == 10, peek == " ", let following = next, ("0"..."9").contains(following),
           (try? ConfigurationDateTime(parsing: word)) != nil {
            advance()
            word += " " + readWord()
        }
        if word == "true" { return .bool(true) }
        if word == "false" { return .bool(false) }
        let scalars = Array(word.unicodeScalars)
        let isDigit = { (index: Int) in index < scalars.count && ("0"..."9").contains(scalars[index]) }
        if isDigit(0), isDigit(1), (isDigit(2) && isDigit(3) && scalars.count > 4 && scalars[4] == "-") || (scalars.count > 2 && scalars[2] == ":") {
            return .dateTime(try ConfigurationDateTime(parsing: word))
        }
        if let number = try Self.number(word) { return number }
        throw Failure(reason: word.isEmpty ? "missing value" : "\"\(word)\" is not a value (strings need quotes)")
    }

    /// The scalars up to a space, a comma, a closing bracket or brace, a comment or a line end.
    private mutating func readWord() -> String {
        var word = ""
        while let scalar = peek, !" \t,]}#\r\n".unicodeScalars.contains(scalar) {
            word.unicodeScalars.append(scalar)
            advance()
        }
        return word
    }

    /// The integer or float `word` writes by TOML's rules, or nil: `+1_000`, `0xDEAD_BEEF`,
    /// `0o755`, `0b1010`, `-3.5e-2`, `inf`, `nan`.
    /// - Throws: when it writes an integer out of the 64-bit range.
    private static func number(_ word: String) throws(Failure) -> ConfigurationValue? {
        var rest = Substring(word)
        var sign = ""
        if let first = rest.first, first == "+" || first == "-" {
            sign = String(first)
            rest = rest.dropFirst()
        }
        if rest == "inf" { return .float(sign == "-" ? -.infinity : .infinity) }
        if rest == "nan" { return .float(.nan) }
        let outOfRange = Failure(reason: "\(word) is beyond the 64-bit integers")
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where sign.isEmpty && rest.hasPrefix(prefix) {
            guard let digits = digits(rest.dropFirst(2), radix: radix) else { return nil }
            guard let integer = Int(digits, radix: radix) else { throw outOfRange }
            return .integer(integer)
        }
        let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
        let wholePart = mantissa.prefix { $0 != "." }
        // No leading zeros: 0 alone, 01 never.
        guard let whole = digits(wholePart, radix: 10), whole == "0" || !whole.hasPrefix("0") else { return nil }
        var fraction = ""
        if wholePart.count < mantissa.count {
            guard let digits = digits(mantissa.dropFirst(wholePart.count + 1), radix: 10) else { return nil }
            fraction = "." + digits
        }
        var exponent = ""
        if mantissa.count < rest.count {
            var written = rest.dropFirst(mantissa.count + 1)
            if let first = written.first, first == "+" || first == "-" {
                exponent = String(first)
                written = written.dropFirst()
            }
            guard let digits = digits(written, radix: 10) else { return nil }
            exponent = "e" + exponent + digits
        }
        if fraction.isEmpty, exponent.isEmpty {
            guard let integer = Int(sign + whole) else { throw outOfRange }
            return .integer(integer)
        }
        return Double(sign + whole + fraction + exponent).map(ConfigurationValue.float)
    }

    /// The digits of `text` in `radix` without the underscores TOML allows between two of
    /// them; nil when `text` is empty or holds anything else.
    private static func digits(_ text: Substring, radix: Int) -> String? {
        var digits = ""
        var previousIsDigit = false
        for character in text {
            if character == "_" {
                guard previousIsDigit else { return nil }
                previousIsDigit = false
                continue
            }
            guard character.isASCII, let digit = character.hexDigitValue, digit < radix else { return nil }
            digits.append(character)
            previousIsDigit = true
        }
        return previousIsDigit ? digits : nil
    }
}
