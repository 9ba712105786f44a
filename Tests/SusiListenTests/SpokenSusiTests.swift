import Foundation
import Testing

/// "Susi" as people say it: "hey susi <command>" and "okay susi <command>" with no pause around
/// the keyword, from `TestAudio/spoken` (espeak-ng voices, both pronunciations, over the quiet
/// noise floor and over pink noise at 12 dB SNR). The whole pipeline runs on each file with
/// the default sensitivity and decision.
@Suite(.serialized) struct SpokenSusiTests {
    /// One row of `TestAudio/spoken/manifest.tsv`.
    struct Fixture: Sendable, CustomTestStringConvertible {
        let file: String
        let keywordStart: Double
        let keywordEnd: Double
        let command: String

        var path: String { "TestAudio/spoken/" + file }
        var testDescription: String { file }

        /// Every fixture of the manifest, in its order.
        static func all() throws -> [Fixture] {
            let manifest = CommandRunner.repository.appendingPathComponent("TestAudio/spoken/manifest.tsv")
            let rows = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n")
                .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            let header = try #require(rows.first)
            func column(_ name: String) throws -> Int { try #require(header.firstIndex(of: name), "no \(name) in \(manifest.path)") }
            let file = try column("file"), start = try column("keyword_start_s"), end = try column("keyword_end_s"), command = try column("command")
            return try rows.dropFirst().map { row in
                Fixture(file: row[file], keywordStart: try #require(Double(row[start])), keywordEnd: try #require(Double(row[end])),
                        command: row[command])
            }
        }
    }

    /// Fixtures whose voice's keyword the detector does not hear even said alone (same voice,
    /// speed, pitch and condition, with background around it): heard in fewer than 2 of 3 noise
    /// realisations by `Tools/fixtures/make-spoken-susi-audio.py --check` at commit f7f60ef. Hearing
    /// them in a sentence is not a fair requirement; they stay in `TestAudio/spoken` as data.
    static let keywordNotHeardAlone: Set<String> = [
        "06_okay-susi-z_en-us-f3_noise.flac",        // alone 1/3: "sunni", too weak
        "07_okay-susi-z_en-us-m3_quiet.flac",        // alone 0/3: "suki", too weak
        "09_hey-susi-z_en-f4_quiet.flac",            // alone 0/3: not even a candidate
        "10_okay-susi-s_en-f4_noise.flac",           // alone 0/3: not even a candidate
        "12_hey-susi-z_en-gb-scotland_noise.flac",   // alone 0/3: at most a candidate heard as "today"
    ]

    /// Fixtures the pipeline does not yet get right, though their voice's keyword is heard said
    /// alone: the detection issue's target, not met (measured 2026-11-29 at sensitivity 0.5).
    /// Each runs as a known issue, so the test fails once a fixture starts passing and should
    /// leave this list.
    static let notYetRight: [String: String] = [
        "04_hey-susi-z_en-gb_noise.flac": "never proposed (until 2026-11-28 scored -8.5 and heard as \"to\", three edits off)",
        "14_okay-susi-z_en-us-klatt_noise.flac": "never proposed: the spotting score stays below the candidate threshold",
    ]

    /// The fixtures the pipeline is required to get right.
    static func required() throws -> [Fixture] { try Fixture.all().filter { !keywordNotHeardAlone.contains($0.file) } }

    /// A hotword counts for the keyword if it is reported from the keyword's start to 1.5 s
    /// after its end, the window `bench` uses.
    static let reportWindowAfterKeyword = 1.5

    @Test func theManifestDescribesEveryFileOfTheGroup() throws {
        let folder = CommandRunner.repository.appendingPathComponent("TestAudio/spoken")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".flac") }
        #expect(Set(try Fixture.all().map(\.file)) == Set(files))
        #expect(Self.keywordNotHeardAlone.isSubset(of: files))
        #expect(Set(Self.notYetRight.keys).isSubset(of: files))
        #expect(try Self.required().count >= 9)
    }

    @Test(arguments: try required())
    func hearsTheKeywordOnceWithoutAPauseAndTranscribesTheCommandAfterIt(_ fixture: Fixture) throws {
        if let why = Self.notYetRight[fixture.file] {
            withKnownIssue(Comment(rawValue: why)) { try Self.expectHeardOnceAndTranscribed(fixture) }
        } else {
            try Self.expectHeardOnceAndTranscribed(fixture)
        }
    }

    /// Runs the pipeline over `fixture` and expects one hotword on its keyword and its command
    /// in the final transcript.
    static func expectHeardOnceAndTranscribed(_ fixture: Fixture) throws {
        let outcome = try CommandRunner.run(["--file", fixture.path, "--no-chat", "--json", "--config", "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.standardError)")

        let times = outcome.events(ofType: "hotword").map { $0["time"] as? Double ?? .nan }
        let time = try #require(times.first, "no hotword; the keyword is at \(fixture.keywordStart)–\(fixture.keywordEnd) s")
        #expect(times.count == 1, "hotwords at \(times) s; the keyword is at \(fixture.keywordStart)–\(fixture.keywordEnd) s")
        #expect((fixture.keywordStart...fixture.keywordEnd + reportWindowAfterKeyword).contains(time),
                "hotword at \(time) s; the keyword is at \(fixture.keywordStart)–\(fixture.keywordEnd) s")

        let finals = outcome.events(ofType: "final").compactMap { $0["text"] as? String }
        #expect(finals.count == 1, "finals \(finals)")
        let transcript = try #require(finals.first, "no final transcript")
        #expect(words(of: transcript).containsContiguously(words(of: fixture.command)),
                "heard \"\(transcript)\" for \"\(fixture.command)\"")
    }

    /// Lower-case words separated by spaces: both the commands and the transcriber's words are
    /// plain vocabulary words.
    static func words(of text: String) -> [Substring] { text.lowercased().split(separator: " ") }
}

private extension Array where Element: Equatable {
    /// True if `part` appears in this array as one run of consecutive elements.
    func containsContiguously(_ part: [Element]) -> Bool {
        guard !part.isEmpty, part.count <= count else { return part.isEmpty }
        return (0...(count - part.count)).contains { Array(self[$0..<($0 + part.count)]) == part }
    }
}
