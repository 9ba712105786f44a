import FoundationEssentials
import Glibc
import TextFormatting

/// Why a dictionary or language model file cannot be what it is given as. PocketSphinx takes an
/// empty dictionary (`/dev/null`) without a word and then recognises nothing, so the file's
/// start is looked at before it is handed over.
package enum ModelFileProblem: Equatable, Sendable, CustomStringConvertible {
    /// What a file is given as.
    package enum Kind: Sendable {
        /// A pronunciation dictionary: lines of `WORD PHONE...`.
        case dictionary
        /// An n-gram language model: ARPA text, or PocketSphinx's binary (`.lm.bin`, `.DMP`).
        case languageModel
    }

    case missing
    case folder
    case empty
    /// The line at `line` (1-based) is not `WORD PHONE...`, or the file is not text.
    case notADictionary(line: Int)
    case notALanguageModel

    /// How much of the start of a file is looked at.
    static let inspectedBytes = 65_536

    /// The problem with the file at `path` as a `kind`, nil when it looks usable.
    package static func of(_ path: String, as kind: Kind) -> ModelFileProblem? {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        if status.st_mode & S_IFMT == S_IFDIR { return .folder }
        guard let stream = fopen(path, "rb") else { return .missing }
        defer { fclose(stream) }
        var buffer = [UInt8](repeating: 0, count: inspectedBytes)
        let count = fread(&buffer, 1, inspectedBytes, stream)
        let start = Data(buffer[..<count])
        if start.isEmpty { return .empty }
        switch kind {
        case .dictionary: return dictionaryProblem(start)
        case .languageModel: return languageModelProblem(start)
        }
    }

    private static func dictionaryProblem(_ start: Data) -> ModelFileProblem? {
        if start.contains(0) { return .notADictionary(line: 1) }
        // The last line may be cut off by `inspectedBytes`.
        let lines = String(decoding: start, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast(start.count == inspectedBytes ? 1 : 0)
        var words = 0
        for (index, line) in lines.enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if fields.isEmpty { continue }
            if fields.count < 2 || content.contains("\u{FFFD}") { return .notADictionary(line: index + 1) }
            words += 1
        }
        return words == 0 ? .empty : nil
    }

    private static func languageModelProblem(_ start: Data) -> ModelFileProblem? {
        // PocketSphinx's binary formats begin with their name (a DMP file after a 4-byte
        // length); ARPA text has a `\data\` line after an optional preamble.
        let binaryHeaders = ["Trie Language Model", "Darpa Trigram LM"].map { Data($0.utf8) }
        if binaryHeaders.contains(where: { start.dropFirst(4).starts(with: $0) || start.starts(with: $0) }) { return nil }
        let text = String(decoding: start, as: UTF8.self)
        return text.split(separator: "\n").contains { $0.trimmingWhitespace() == "\\data\\" } ? nil : .notALanguageModel
    }

    package var description: String {
        switch self {
        case .missing: "no such file"
        case .folder: "is a folder, not a file"
        case .empty: "is empty"
        case .notADictionary(let line): "line \(line) is not a dictionary line (WORD PHONE...)"
        case .notALanguageModel: "is not a language model (ARPA text with a \\data\\ line, or PocketSphinx's binary format)"
        }
    }
}
