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
