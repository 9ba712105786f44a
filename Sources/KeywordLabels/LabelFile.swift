import FoundationEssentials
import TextFormatting

/// Reads tab-separated keyword labels with a header naming the columns `keyword`, `start_s`,
/// `end_s` and, unless every row belongs to one given audio file, `file` (absolute, or
/// relative to the labels file's folder).
package enum LabelFile {
    /// The labels of every spec, each a labels file or `AUDIO=LABELS` (a spec that is an existing
    /// file is a labels file, "=" in its path or not; with "=" in either path, the spec is split
    /// at the first "=" after which both files exist, else at the first). Overlaps are checked
    /// across all of them: two specs may name the same audio.
    package static func read(specs: [String]) throws(LabelFileError) -> [KeywordLabel] {
        var labels: [KeywordLabel] = []
        for spec in specs {
            let splits = spec.indices.filter { spec[$0] == "=" }.map { (audio: String(spec[..<$0]), labels: String(spec[spec.index(after: $0)...])) }
            let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
            if exists(spec) || splits.isEmpty {
                labels += try rows(of: spec)
            } else {
                let split = splits.first { exists($0.audio) && exists($0.labels) } ?? splits[0]
                labels += try rows(of: split.labels, audio: split.audio)
            }
        }
        try checkOverlaps(labels)
        return labels
    }

    /// The labels of `path`; with `audio`, every row belongs to that file and `file` is not read.
    package static func read(_ path: String, audio: String? = nil) throws(LabelFileError) -> [KeywordLabel] {
        let labels = try rows(of: path, audio: audio)
        try checkOverlaps(labels)
        return labels
    }

    /// The labels of `path`, overlaps not checked. `audio` is resolved as the `file` column is
    /// (relative to the current folder), so that labels of one file given twice meet.
    private static func rows(of path: String, audio: String? = nil) throws(LabelFileError) -> [KeywordLabel] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LabelFileError(origin: path, problem: "cannot read the labels file")
        }
        // Spreadsheets export UTF-8 with a byte-order mark, which would stick to the first column's name.
        let text = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        // Text has no NUL bytes; audio, the usual mistake (AUDIO without =LABELS.tsv), does.
        guard !text.contains(0) else {
            throw LabelFileError(origin: path, problem: "not a text labels file (to label an audio file, give AUDIO=LABELS.tsv)")
        }
        // Lines split on bytes: as Characters, Windows' "\r\n" is one, not a "\n".
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0, as: UTF8.self) }
        guard let header = lines.first, !header.isEmpty else {
            throw LabelFileError(origin: "\(path):1", problem: "empty labels file: expected a header with keyword, start_s, end_s and file")
        }
        let columns = header.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        func column(_ name: String) throws(LabelFileError) -> Int {
            guard let index = columns.firstIndex(of: name) else {
                throw LabelFileError(origin: "\(path):1", problem: "missing column \"\(name)\" (header has: \(columns.joined(separator: ", ")))")
            }
            return index
        }
        let keywordColumn = try column("keyword")
        let startColumn = try column("start_s")
        let endColumn = try column("end_s")
        let fileColumn = audio == nil ? try column("file") : nil
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()

        var labels: [KeywordLabel] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.trimmingWhitespace().isEmpty {
            let origin = "\(path):\(index + 1)"
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let needed = [keywordColumn, startColumn, endColumn, fileColumn ?? 0].max() ?? 0
            guard fields.count > needed else {
                throw LabelFileError(origin: origin, problem: "\(fields.count) columns, the header names \(columns.count)")
            }
            guard let start = Double(fields[startColumn]), let end = Double(fields[endColumn]), start.isFinite, end.isFinite else {
                throw LabelFileError(origin: origin, problem: "start_s and end_s must be numbers (got \"\(fields[startColumn])\", \"\(fields[endColumn])\")")
            }
            guard start >= 0, end > start else {
                throw LabelFileError(origin: origin, problem: "need 0 ≤ start_s < end_s (got \(start), \(end))")
            }
            let keyword = fields[keywordColumn].trimmingWhitespace()
            guard !keyword.isEmpty else { throw LabelFileError(origin: origin, problem: "empty keyword") }
            if let fileColumn, fields[fileColumn].trimmingWhitespace().isEmpty {
                throw LabelFileError(origin: origin, problem: "empty file: name the audio file the label belongs to")
            }
            let file = audio.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
                ?? URL(fileURLWithPath: fields[fileColumn ?? 0], relativeTo: folder).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: file) else {
                throw LabelFileError(origin: origin, problem: "unknown file \(file)")
            }
            labels.append(KeywordLabel(file: file, keyword: keyword.lowercased(), start: start, end: end, origin: origin))
        }
        return labels
    }

    private static func checkOverlaps(_ labels: [KeywordLabel]) throws(LabelFileError) {
        for (_, group) in Dictionary(grouping: labels, by: \.file) {
            let sorted = group.sorted { $0.start < $1.start }
            for (earlier, later) in zip(sorted, sorted.dropFirst()) where later.start < earlier.end {
                throw LabelFileError(origin: later.origin, problem: "overlaps the label at \(earlier.origin)")
            }
        }
    }
}

/// A labels file or one of its lines that is wrong.
package struct LabelFileError: Error, Equatable, CustomStringConvertible {
    /// Where: `file:line`, or the file alone when it cannot be read.
    package let origin: String
    /// What is wrong there.
    package let problem: String

    /// The error of `problem` at `origin`.
    package init(origin: String, problem: String) {
        self.origin = origin
        self.problem = problem
    }

    package var description: String { "\(origin): \(problem)" }
}
