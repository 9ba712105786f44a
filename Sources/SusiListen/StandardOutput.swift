import Foundation

/// Event lines on standard output, one per line, for a program or a person reading them.
enum StandardOutput {
    static func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
