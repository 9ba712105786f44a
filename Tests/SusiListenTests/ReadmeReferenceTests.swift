import Foundation
import Testing

/// README.md documents every option and exit code, as the program itself reports them: the
/// options from each command's `--experimental-dump-help` (ArgumentParser's description of the
/// command line), the exit codes from the overview of `--help`.
@Suite struct ReadmeReferenceTests {
    static func readme() throws -> String {
        try String(contentsOf: CommandRunner.repository.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The long option names `command` takes, from its own description of its command line.
    static func longOptions(of command: String) throws -> [String] {
        let outcome = try CommandRunner.run([command, "--experimental-dump-help"])
        try #require(outcome.status == 0, "\(outcome.standardError)")
        let description = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let arguments = try #require((description["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        return arguments.flatMap { ($0["names"] as? [[String: Any]]) ?? [] }
            .filter { $0["kind"] as? String == "long" }
            .compactMap { $0["name"] as? String }
    }

    @Test(arguments: ["detect", "serve", "bench", "soak"])
    func documentsEveryOptionOf(_ command: String) throws {
        let readme = try Self.readme()
        let options = try Self.longOptions(of: command).filter { !["help", "version"].contains($0) }
        #expect(options.count >= 3)
        let undocumented = options.filter { !readme.contains("`--\($0)") }
        #expect(undocumented.isEmpty, "\(command): \(undocumented.map { "--" + $0 }) not in README.md")
    }

    @Test func documentsEveryExitCodeTheHelpLists() throws {
        let help = try CommandRunner.run(["--help"])
        #expect(help.status == 0)
        // "Exit codes: 0 done, 1 some file …, 78 a bad configuration file." (wrapped to the terminal).
        let overview = try #require(help.standardOutput.replacingOccurrences(of: "\n", with: " ")
            .components(separatedBy: "Exit codes:").dropFirst().first?.components(separatedBy: ".").first)
        let listed = overview.split(separator: ",").compactMap { Int($0.split(separator: " ").first ?? "") }
        #expect(listed.first == 0 && listed.contains(64) && listed.count >= 8, "\(overview)")
        // The README's table: one row per code, `| 78 | … |`.
        let section = try #require(try Self.readme().components(separatedBy: "### Exit codes").dropFirst().first)
        let rows = section.components(separatedBy: "\n").filter { $0.hasPrefix("| ") }
            .compactMap { Int($0.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) ?? "") }
        #expect(rows.sorted() == listed.sorted())
    }
}
