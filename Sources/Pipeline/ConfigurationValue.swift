import JSONText

/// A value in a configuration file: any TOML value.
package enum ConfigurationValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    /// A float, `inf` and `nan` included.
    case float(Double)
    case bool(Bool)
    /// An offset date-time, a local date-time, a local date or a local time.
    case dateTime(ConfigurationDateTime)
    case array([ConfigurationValue])
    /// An inline table inside an array (`[{ name = "susi" }]`); one set to a key becomes an
    /// entry per key inside it instead.
    case table([String: ConfigurationValue])

    /// The value as the file could have written it, for messages: `"loud"`, `500`, `1.5`,
    /// `true`, `1979-05-27`, `["susi", 2]`, `{ gain = 2 }`.
    var written: String {
        switch self {
        case .string(let text): Self.quoted(text)
        case .integer(let number): String(number)
        case .float(let number): String(number)
        case .bool(let flag): String(flag)
        case .dateTime(let dateTime): dateTime.description
        case .array(let items): "[" + items.map(\.written).joined(separator: ", ") + "]"
        case .table(let table) where table.isEmpty: "{}"
        case .table(let table): "{ " + table.keys.sorted().map { Self.writtenKey([$0]) + " = " + table[$0]!.written }.joined(separator: ", ") + " }"
        }
    }

    /// A dotted key as TOML writes it: parts joined by dots, each bare when it may be
    /// (`hotword.gain`), quoted when not (`site."example.com"`).
    static func writtenKey(_ parts: some Sequence<String>) -> String {
        parts.map { part in
            let isBare = !part.isEmpty && part.unicodeScalars.allSatisfy(isBareKeyScalar)
            return isBare ? part : quoted(part)
        }.joined(separator: ".")
    }

    /// Whether `scalar` may appear in a bare key: ASCII letters, digits, `_` and `-`.
    static func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
    }

    /// `text` as a basic string: a JSON string is one, with what must be escaped escaped.
    private static func quoted(_ text: String) -> String { JSONValue.string(text).text }
}

/// A TOML date-time (RFC 3339): a date, a time of day or both; with both, an offset from UTC
/// or none (a local date-time, in no particular zone).
package struct ConfigurationDateTime: Sendable, Equatable, CustomStringConvertible {
    /// A day of the Gregorian calendar.
    package struct CalendarDate: Sendable, Equatable {
        package var year: Int
        /// 1 to 12.
        package var month: Int
        /// 1 to the month's last day.
        package var day: Int
    }

    /// A time of day.
    package struct TimeOfDay: Sendable, Equatable {
        /// 0 to 23.
        package var hour: Int
        /// 0 to 59.
        package var minute: Int
        /// 0 to 59: leap seconds are refused, as most TOML readers do.
        package var second: Int
        /// The fraction of the second; digits beyond the ninth are dropped.
        package var nanosecond: Int
    }

    /// The date; nil for a local time.
    package var date: CalendarDate?
    /// The time of day; nil for a local date.
    package var time: TimeOfDay?
    /// Minutes east of UTC for an offset date-time; nil for the local kinds.
    package var offsetMinutes: Int?

    /// As RFC 3339 writes it: `1979-05-27T07:32:00.5-07:00`, `1979-05-27`, `07:32:00`.
    package var description: String {
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var parts: [String] = []
        if let date { parts.append("\(padded(date.year, 4))-\(padded(date.month, 2))-\(padded(date.day, 2))") }
        if let time {
            var text = "\(padded(time.hour, 2)):\(padded(time.minute, 2)):\(padded(time.second, 2))"
            if time.nanosecond > 0 {
                var fraction = padded(time.nanosecond, 9)
                while fraction.hasSuffix("0") { fraction.removeLast() }
                text += "." + fraction
            }
            if let offsetMinutes {
                text += offsetMinutes == 0 ? "Z" : (offsetMinutes < 0 ? "-" : "+") + "\(padded(abs(offsetMinutes) / 60, 2)):\(padded(abs(offsetMinutes) % 60, 2))"
            }
            parts.append(text)
        }
        return parts.joined(separator: "T")
    }
}

extension ConfigurationDateTime {
    /// Reads `text`, written as TOML writes date-times: `1979-05-27T07:32:00Z` (`t` or a space
    /// for the `T`, `z` for the `Z`, `+hh:mm` or `-hh:mm` for an offset), `1979-05-27T07:32:00`,
    /// `1979-05-27`, `07:32:00.999`.
    /// - Throws: the reason when a field is out of its range or the text has no such form.
    init(parsing text: String) throws(ConfigurationSyntaxError) {
        var rest = Substring(text)
        let wrongForm = ConfigurationSyntaxError(reason: "\"\(text)\" is no date or time (1979-05-27, 07:32:00, 1979-05-27T07:32:00, 1979-05-27T07:32:00Z)")
        /// `count` digits from the front of `rest`, or nil.
        func number(_ count: Int) -> Int? {
            let digits = rest.prefix(count)
            guard digits.count == count, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            rest = rest.dropFirst(count)
            return Int(digits)
        }
        func skip(_ separators: Set<Character>) -> Bool {
            guard let first = rest.first, separators.contains(first) else { return false }
            rest = rest.dropFirst()
            return true
        }
        func check(_ field: Int, _ name: String, _ range: ClosedRange<Int>) throws(ConfigurationSyntaxError) {
            guard range.contains(field) else {
                throw ConfigurationSyntaxError(reason: "\"\(text)\": \(name) \(field) is not from \(range.lowerBound) to \(range.upperBound)")
            }
        }
        if rest.dropFirst(4).first == "-" {
            guard let year = number(4), skip(["-"]), let month = number(2), skip(["-"]), let day = number(2) else { throw wrongForm }
            try check(month, "month", 1...12)
            let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let lastDay = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
            try check(day, "day", 1...lastDay)
            date = CalendarDate(year: year, month: month, day: day)
            guard !rest.isEmpty else { return }
            guard skip(["T", "t", " "]) else { throw wrongForm }
        }
        guard let hour = number(2), skip([":"]), let minute = number(2), skip([":"]), let second = number(2) else { throw wrongForm }
        try check(hour, "hour", 0...23)
        try check(minute, "minute", 0...59)
        try check(second, "second", 0...59)
        var nanosecond = 0
        if skip(["."]) {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { throw wrongForm }
            rest = rest.dropFirst(digits.count)
            nanosecond = Int(digits.prefix(9) + String(repeating: "0", count: max(0, 9 - digits.count)))!
        }
        time = TimeOfDay(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
        guard date != nil, !rest.isEmpty else {
            guard rest.isEmpty else { throw wrongForm }
            return
        }
        if skip(["Z", "z"]) {
            offsetMinutes = 0
        } else {
            let sign = rest.first == "-" ? -1 : 1
            guard skip(["+", "-"]), let hours = number(2), skip([":"]), let minutes = number(2) else { throw wrongForm }
            try check(hours, "offset hour", 0...23)
            try check(minutes, "offset minute", 0...59)
            offsetMinutes = sign * (hours * 60 + minutes)
        }
        guard rest.isEmpty else { throw wrongForm }
    }
}
