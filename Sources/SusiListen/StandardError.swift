import Foundation

/// Lines for a person on standard error, kept apart from the events on standard output.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
