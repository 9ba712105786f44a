import Glibc

extension String {
    /// Numbers laid out by a C `printf` format ("%.1f", "%5.2f", "%02d"). The standard library
    /// has no such formatting, and Foundation's `String(format:)` would bring Foundation's
    /// internationalisation and its data into the executable for it.
    package init(printf format: String, _ arguments: any CVarArg...) {
        self = Self.laidOut(format, arguments)
    }

    private static func laidOut(_ format: String, _ arguments: [any CVarArg]) -> String {
        let length = Int(withVaList(arguments) { vsnprintf(nil, 0, format, $0) })
        var buffer = [CChar](repeating: 0, count: Swift.max(length, 0) + 1)
        let capacity = buffer.count
        _ = withVaList(arguments) { vsnprintf(&buffer, capacity, format, $0) }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

extension StringProtocol {
    /// The text without the white space (spaces, tabs, line breaks) at either end.
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}

extension StringProtocol {
    /// The text as it may go into a log line or a terminal: every control character but the tab
    /// and the line feed (C0, DEL and C1: terminal escapes, a carriage return that would
    /// overwrite the line), and the bidirectional overrides that would reorder what follows,
    /// written as an escape such as `\u{1B}`, and each line feed followed by
    /// two spaces, so that a line inside text from elsewhere (a server's answer, a file name)
    /// cannot pass for a line of its own.
    package var escapingControlCharacters: String {
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x0A: escaped += "\n  "
            case 0x09: escaped.unicodeScalars.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
                escaped += String(printf: "\\u{%02X}", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

extension Duration {
    /// The duration in seconds, for APIs that take `TimeInterval` and for messages.
    package var timeInterval: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
