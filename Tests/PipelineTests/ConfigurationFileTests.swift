import Foundation
import Testing
@testable import Pipeline

@Suite struct ConfigurationFileTests {
    @Test func readsSectionsValuesAndComments() throws {
        let text = """
            # susi-listen
            device = "plughw:1,0"   # the USB microphone

            [hotword]
            keywords = ["susi", 'hey computer']
            sensitivity = 0.45
            gain = 2
            verbose = true
            big = 1_000
            """
        let entries = try ConfigurationFile.parse(text, path: "config.toml")
        #expect(entries.map(\.key) == ["device", "hotword.keywords", "hotword.sensitivity", "hotword.gain", "hotword.verbose", "hotword.big"])
        #expect(entries[0].value == .string("plughw:1,0"))
        #expect(entries[1].value == .array([.string("susi"), .string("hey computer")]))
        #expect(entries[2].value == .float(0.45))
        #expect(entries[3].value == .integer(2))
        #expect(entries[4].value == .bool(true))
        #expect(entries[5].value == .integer(1000))
        #expect(entries[2].line == 6)
    }

    @Test func unescapesBasicStrings() throws {
        let entries = try ConfigurationFile.parse(#"text = "a \"quoted\" word\tand\\more""#, path: "c.toml")
        #expect(entries[0].value == .string("a \"quoted\" word\tand\\more"))
    }

    @Test func readsArraysOverSeveralLinesDottedAndQuotedKeysAndEveryKindOfString() throws {
        let text = """
            playback.device = "default"\r
            [hotword]
            keywords = [
                "susi",          # the default
                'hey computer',  # a second keyphrase
            ]
            "sensitivity" = 0.6
            [chat]
            language = \"\"\"
            de\"\"\"
            server = \'\'\'http://localhost:4000\'\'\'
            greeting = \"\"\"gr\\u00fc\\U0001F600 \\
                       zi\"\"\"
            """
        let entries = try ConfigurationFile.parse(text, path: "config.toml")
        #expect(entries.map(\.key) == ["playback.device", "hotword.keywords", "hotword.sensitivity", "chat.language", "chat.server", "chat.greeting"])
        #expect(entries[0].value == .string("default"))
        #expect(entries[1].value == .array([.string("susi"), .string("hey computer")]))
        #expect(entries[1].line == 3)
        #expect(entries[2].value == .float(0.6))
        #expect(entries[2].line == 7)
        #expect(entries[3].value == .string("de"))
        #expect(entries[4].value == .string("http://localhost:4000"))
        #expect(entries[5].value == .string("gr\u{FC}\u{1F600} zi"))
    }

    @Test(arguments: [
        ("[hotword\nx = 1", "c.toml:1: expected a section header like [hotword]"),
        ("sensitivity = high", "c.toml:1: key \"sensitivity\": \"high\" is not a value (strings need quotes)"),
        ("\n\ndevice = \"hw:1", "c.toml:3: key \"device\": string without its closing \""),
        ("a = 1\na = 2", "c.toml:2: key \"a\" is set twice"),
        ("just words", "c.toml:1: expected = after \"just\""),
        ("k = [1, 2", "c.toml:1: key \"k\": expected , or ] in an array"),
        ("k = 1 2", "c.toml:1: key \"k\": unexpected text after the value"),
        ("k = [\n  1,\n  2 3\n]", "c.toml:3: key \"k\": expected , or ] in an array"),
        ("k = { a = 1 }", "c.toml:1: key \"k\": inline tables ({ … }) are not used by susi-listen's settings"),
        ("[[keywords]]", "c.toml:1: arrays of tables ([[…]]) are not used by susi-listen's settings"),
        ("[chat]\na = 1\n[chat]", "c.toml:3: section [chat] appears twice"),
        ("k = \"\\u12\"", "c.toml:1: key \"k\": \\u needs 4 hexadecimal digits"),
        ("k =\nj = 1", "c.toml:1: key \"k\": missing value"),
        ("k = 1979-05-27", "c.toml:1: key \"k\": \"1979-05-27\" is not a value (strings need quotes)"),
    ])
    func namesTheLineAndKeyOfAMistake(_ text: String, message: String) {
        #expect(throws: ConfigurationError.self) { try ConfigurationFile.parse(text, path: "c.toml") }
        do {
            _ = try ConfigurationFile.parse(text, path: "c.toml")
        } catch {
            #expect(error.description == message)
        }
    }

    private func expectError(_ message: String, reading path: String) {
        #expect(throws: ConfigurationError(path: path, line: nil, message: message)) { try ConfigurationFile.read(path) }
    }

    /// A fresh folder for one test's files.
    private func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("configuration-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func refusesArraysNestedDeeperThanTheBoundWithoutOverflowingTheStack() {
        let deep = "keywords = " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: ConfigurationError(path: "c.toml", line: 1, message: "key \"keywords\": arrays nested more than 8 deep")) {
            try ConfigurationFile.parse(deep, path: "c.toml")
        }
        let allowed = "k = " + String(repeating: "[", count: 8) + String(repeating: "]", count: 8)
        #expect(throws: Never.self) { try ConfigurationFile.parse(allowed, path: "c.toml") }
    }

    @Test func stopsReadingAnEndlessFileAtTheSizeBound() {
        expectError("is larger than 1024 KiB: not a configuration file", reading: "/dev/zero")
    }

    @Test func saysAFolderIsAFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        expectError("is a folder, not a configuration file", reading: folder)
    }

    @Test func saysASymbolicLinkLoopIsOne() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/a.toml", withDestinationPath: folder + "/b.toml")
        try FileManager.default.createSymbolicLink(atPath: folder + "/b.toml", withDestinationPath: folder + "/a.toml")
        expectError("is a loop of symbolic links", reading: folder + "/a.toml")
    }

    @Test(arguments: ["access_token = SECRETTOKEN123", "access_token = \"SECRETTOKEN123", "access_token = ['SECRETTOKEN123'"])
    func neverQuotesASecretInAParseError(_ line: String) {
        do {
            _ = try ConfigurationFile.parse("[chat]\n" + line, path: "c.toml")
            Issue.record("\(line) was accepted")
        } catch {
            #expect(error.description.hasPrefix("c.toml:2: key \"chat.access_token\""))
            #expect(!error.description.contains("SECRET"), "\(error)")
        }
    }

    @Test func warnsWhenASecretIsInAFileEveryUserCanRead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/config.toml"
        try "[chat]\nserver = \"http://127.0.0.1:1\"\naccess_token = \"t\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let entries = try ConfigurationFile.read(path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(ConfigurationFile.exposureWarning(path: path, entries: entries)
                == "\(path):3: chat.access_token is set in a file every user can read (mode 644): chmod o-r \(path)")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        #expect(ConfigurationFile.exposureWarning(path: path, entries: entries) == nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(ConfigurationFile.exposureWarning(path: path, entries: Array(entries.prefix(1))) == nil)
    }

    @Test func saysWhenTheFileIsMissing() {
        #expect(throws: ConfigurationError(path: "/nonexistent/config.toml", line: nil, message: "no such file")) {
            try ConfigurationFile.read("/nonexistent/config.toml")
        }
    }
}
