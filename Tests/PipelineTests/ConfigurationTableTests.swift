import Foundation
import Testing
@testable import Pipeline

/// The README's configuration table against `Setting.all`: every key once, no other, and each
/// default as `Configuration()` has it.
@Suite struct ConfigurationTableTests {
    /// One row of the table: its keys, in order, and its default cell.
    struct Row {
        var keys: [String]
        var defaults: String
    }

    /// The rows of the table under "### Configuration file" in README.md.
    static func rows() throws -> [Row] {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Configuration file").dropFirst().first)
        let lines = section.components(separatedBy: "\n").drop { $0 != "| key | meaning | default |" }.dropFirst(2)
        return lines.prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let keys = cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            return Row(keys: keys, defaults: cells[3])
        }
    }

    @Test func namesEverySettingOnceAndNoOther() throws {
        let keys = try Self.rows().flatMap(\.keys)
        #expect(keys.sorted() == Setting.all.map(\.key).sorted())
    }

    /// A row's defaults are its keys', in order and separated by commas, or one for all when
    /// all are the same.
    @Test func showsTheDefaultsOfConfiguration() throws {
        for row in try Self.rows() {
            let defaults = row.keys.compactMap(Setting.named).map(\.defaultText)
            try #require(!defaults.isEmpty, "a row without a setting's key: \(row.defaults)")
            let expected = Set(defaults).count == 1 ? [defaults[0], defaults.joined(separator: ", ")] : [defaults.joined(separator: ", ")]
            #expect(expected.contains(row.defaults), "\(row.keys): \(row.defaults), expected \(expected.last ?? "")")
        }
    }
}
