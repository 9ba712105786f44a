import AudioTestSupport
import Foundation
import Testing

/// Input no one means to give (an endless or deeply nested configuration, an absurd number)
/// is refused with a message and an exit code, never a crash.
@Suite struct AbsurdInputTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    @Test func refusesAnEndlessConfigurationFile() throws {
        let outcome = try CommandRunner.run(["--config", "/dev/zero", "--file", "TestAudio/labels.tsv"])
        #expect(outcome.status == 78)
        #expect(outcome.standardError.contains("/dev/zero: is larger than 1024 KiB"), "\(outcome.standardError)")
    }

    @Test func refusesAConfigurationNested100000Deep() throws {
        let path = folder.file("deep.toml")
        try ("[hotword]\nkeywords = " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n")
            .write(toFile: path, atomically: false, encoding: .utf8)
        let outcome = try CommandRunner.run(["--config", path, "--file", "TestAudio/labels.tsv"])
        #expect(outcome.status == 78)
        #expect(outcome.standardError.contains("\(path):2: key \"hotword.keywords\": arrays nested more than 8 deep"), "\(outcome.standardError)")
    }

    @Test func saysAFolderGivenAsTheConfigurationIsAFolder() throws {
        let outcome = try CommandRunner.run(["--config", folder.path, "--file", "TestAudio/labels.tsv"])
        #expect(outcome.status == 78)
        #expect(outcome.standardError.contains("\(folder.path): is a folder, not a configuration file"), "\(outcome.standardError)")
    }

    @Test func neverEchoesAMalformedAccessToken() throws {
        let path = folder.file("token.toml")
        try "[chat]\naccess_token = SECRETTOKEN123\n".write(toFile: path, atomically: false, encoding: .utf8)
        let outcome = try CommandRunner.run(["--config", path, "--file", "TestAudio/labels.tsv"])
        #expect(outcome.status == 78)
        #expect(outcome.standardError.contains("\(path):2: key \"chat.access_token\""), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("SECRETTOKEN123"), "\(outcome.standardError)")
    }

    @Test func warnsOnceWhenTheTokenIsInAFileEveryUserCanRead() throws {
        let path = folder.file("token.toml")
        try "[chat]\naccess_token = \"SECRETTOKEN123\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let outcome = try CommandRunner.run(["--config", path, "--file", "TestAudio/commands/hotword_02_slt.flac", "--no-transcription"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let warning = "warning: \(path):2: chat.access_token is set in a file every user can read (mode 644): chmod o-r \(path)"
        #expect(outcome.standardError.components(separatedBy: warning).count == 2, "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("SECRETTOKEN123"))
    }

    @Test(arguments: ["1e15", "59", "nan", "inf"])
    func refusesASoakLengthOutOfRangeBeforeConvertingIt(_ seconds: String) throws {
        let outcome = try CommandRunner.run(["soak", "--seconds", seconds])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("--seconds must be from 60 to 2592000 (30 days)"), "\(outcome.standardError)")
    }

    /// Keywords that cannot be set up give `soak` the exit codes they give every other command.
    @Test(arguments: [(["--keyword", "zorblat"], Int32(2)), (["--keyword", "a b c d e f g h i"], Int32(64))])
    func aSoakWhoseKeywordCannotBeSetUpExitsAsTheOtherCommandsDo(_ keyword: [String], status: Int32) throws {
        let outcome = try CommandRunner.run(["soak", "--seconds", "60", "--audio", "TestAudio/commands/hotword_02_slt.flac"] + keyword)
        #expect(outcome.status == status, "\(outcome.standardError)")
    }

    @Test func removesTheSoakFIFOWhenStoppedBySIGTERM() throws {
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["soak", "--seconds", "3600", "--audio", "TestAudio/commands/hotword_02_slt.flac", "--decision", "spotting"]
        process.currentDirectoryURL = CommandRunner.repository
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder.path]) { $1 }
        let output = folder.file("stdout")
        try #require(FileManager.default.createFile(atPath: output, contents: nil))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        func feeds() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("susi-listen-feed-") }
        }
        let deadline = Date(timeIntervalSinceNow: 20)
        while feeds().isEmpty, process.isRunning, Date() < deadline { usleep(20_000) }
        try #require(!feeds().isEmpty, "the soak made no feed folder in \(folder.path)")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(feeds().isEmpty)
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("soak: "))
    }
}
