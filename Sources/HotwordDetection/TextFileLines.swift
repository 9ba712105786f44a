/// Line-by-line reading of the text files detection loads at start-up (dictionaries, the rare
/// words): lines are matched as bytes, and only those that matter become strings. Splitting a
/// whole file into an array of lines first would add megabytes to the start-up peak (12 MB for
/// the general dictionary's 134,723 lines).
enum TextFileLines {
    /// Calls `body` with every line of `bytes` (without its newline) and its number, from 1.
    static func forEach(in bytes: [UInt8], _ body: (ArraySlice<UInt8>, Int) throws(HotwordDetectionError) -> Void) throws(HotwordDetectionError) {
        var lineStart = 0, lineNumber = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            lineNumber += 1
            try body(bytes[lineStart..<lineEnd], lineNumber)
            lineStart = lineEnd + 1
        }
    }

    /// Whether `byte` separates the fields of a dictionary line.
    static func isFieldSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
