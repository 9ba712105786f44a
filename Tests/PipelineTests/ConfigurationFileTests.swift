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
        ("k = { a = 1, }", "c.toml:1: key \"k\": a comma after the last value of an inline table"),
        ("k = { a = 1\n}", "c.toml:1: key \"k\": expected , or } in an inline table (all on one line)"),
        ("k = { a = 1, a = 2 }", "c.toml:1: key \"k\": \"a\" is set twice in an inline table"),
        ("k = { a = { b = 1 }, a.c = 2 }", "c.toml:1: key \"k\": \"a\" is set twice in an inline table"),
        ("[[keywords]\nx = 1", "c.toml:1: expected an array of tables header like [[keywords]]"),
        ("[chat]\na = 1\n[chat]", "c.toml:3: section [chat] appears twice"),
        ("k = \"\\u12\"", "c.toml:1: key \"k\": \\u needs 4 hexadecimal digits"),
        ("k =\nj = 1", "c.toml:1: key \"k\": missing value"),
        ("k = 1979-05-27 07:32", "c.toml:1: key \"k\": \"1979-05-27 07:32\" is no date or time (1979-05-27, 07:32:00, 1979-05-27T07:32:00, 1979-05-27T07:32:00Z)"),
        ("k = 1979-13-27", "c.toml:1: key \"k\": \"1979-13-27\": month 13 is not from 1 to 12"),
        ("k = 2023-02-29", "c.toml:1: key \"k\": \"2023-02-29\": day 29 is not from 1 to 28"),
        ("k = 1900-02-29", "c.toml:1: key \"k\": \"1900-02-29\": day 29 is not from 1 to 28"),
        ("k = 2023-04-31", "c.toml:1: key \"k\": \"2023-04-31\": day 31 is not from 1 to 30"),
        ("k = 24:00:00", "c.toml:1: key \"k\": \"24:00:00\": hour 24 is not from 0 to 23"),
        ("k = 07:60:00", "c.toml:1: key \"k\": \"07:60:00\": minute 60 is not from 0 to 59"),
        ("k = 07:32:60", "c.toml:1: key \"k\": \"07:32:60\": second 60 is not from 0 to 59"),
        ("k = 1979-05-27T07:32:00+24:00", "c.toml:1: key \"k\": \"1979-05-27T07:32:00+24:00\": offset hour 24 is not from 0 to 23"),
        ("k = 07:32:00Z", "c.toml:1: key \"k\": \"07:32:00Z\" is no date or time (1979-05-27, 07:32:00, 1979-05-27T07:32:00, 1979-05-27T07:32:00Z)"),
        ("k = 01", "c.toml:1: key \"k\": \"01\" is not a value (strings need quotes)"),
        ("k = 1__000", "c.toml:1: key \"k\": \"1__000\" is not a value (strings need quotes)"),
        ("k = 0x_1", "c.toml:1: key \"k\": \"0x_1\" is not a value (strings need quotes)"),
        ("k = -0x1", "c.toml:1: key \"k\": \"-0x1\" is not a value (strings need quotes)"),
        ("k = 0o8", "c.toml:1: key \"k\": \"0o8\" is not a value (strings need quotes)"),
        ("k = .5", "c.toml:1: key \"k\": \".5\" is not a value (strings need quotes)"),
        ("k = 3.e2", "c.toml:1: key \"k\": \"3.e2\" is not a value (strings need quotes)"),
        ("k = Infinity", "c.toml:1: key \"k\": \"Infinity\" is not a value (strings need quotes)"),
        ("k = 9223372036854775808", "c.toml:1: key \"k\": 9223372036854775808 is beyond the 64-bit integers"),
        ("k = 0x8000000000000000", "c.toml:1: key \"k\": 0x8000000000000000 is beyond the 64-bit integers"),
        ("k = \"a\u{01}b\"", "c.toml:1: key \"k\": control character U+0001 in a string (write it as an escape)"),
        ("k = '''a\rb'''", "c.toml:1: key \"k\": control character U+000D in a literal string"),
        ("# a \u{7F} comment", "c.toml:1: control character U+007F in a comment"),
        ("ä = 1", "c.toml:1: expected key = value"),
        // TOML's rules on defining a key or a table once.
        ("a.b = 1\na = 2", "c.toml:2: key \"a\": \"a\" is already a table of dotted keys (line 1)"),
        ("a = 1\na.b = 2", "c.toml:2: key \"a.b\": \"a\" is already a value (line 1)"),
        ("\"a\" = 1\n'a' = 2", "c.toml:2: key \"a\" is set twice"),
        ("hotword = { gain = 2 }\n[hotword]", "c.toml:2: section [hotword]: \"hotword\" is already a value (line 1)"),
        ("hotword = { gain = 2 }\nhotword.decision = \"max\"", "c.toml:2: key \"hotword.decision\": \"hotword\" is already a value (line 1)"),
        ("[fruit]\napple.color = 1\n[fruit.apple]", "c.toml:3: section [fruit.apple]: \"fruit.apple\" is already a table of dotted keys (line 2)"),
        ("[a.b.c]\n[a]\nb.c.d = 1", "c.toml:3: key \"a.b.c.d\": \"a.b.c\" is already a table with its own section (line 1)"),
        ("[a]\n[[a]]", "c.toml:2: array of tables [[a]]: \"a\" is already a table with its own section (line 1)"),
        ("[[a]]\n[a]", "c.toml:2: section [a]: \"a\" is already an array of tables (line 1)"),
        ("a = []\n[[a]]", "c.toml:2: array of tables [[a]]: \"a\" is already a value (line 1)"),
        ("[[a]]\n[[a.b]]\n[a.b]", "c.toml:3: section [a.b]: \"a[0].b\" is already an array of tables (line 2)"),
        ("[[a]]\n[a.b]\n[a.b]", "c.toml:3: section [a.b] appears twice"),
    ])
    func namesTheLineAndKeyOfAMistake(_ text: String, message: String) {
        #expect(throws: ConfigurationError.self) { try ConfigurationFile.parse(text, path: "c.toml") }
        do {
            _ = try ConfigurationFile.parse(text, path: "c.toml")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func readsInlineTablesAsDottedKeysAndInArraysAsTables() throws {
        let text = """
            hotword = { gain = 2.0, keywords = ["susi"] }
            [chat]
            place = { latitude = 52.5, where.country_code = "DE", where.country_name = "Germany" }
            empty = {}
            [transcription]
            models = [{ name = "general" }, { name = "domain", words = { count = 3 } }]
            """
        let entries = try ConfigurationFile.parse(text, path: "c.toml")
        #expect(entries == [
            ConfigurationEntry(key: "hotword.gain", value: .float(2), line: 1),
            ConfigurationEntry(key: "hotword.keywords", value: .array([.string("susi")]), line: 1),
            ConfigurationEntry(key: "chat.place.latitude", value: .float(52.5), line: 3),
            ConfigurationEntry(key: "chat.place.where.country_code", value: .string("DE"), line: 3),
            ConfigurationEntry(key: "chat.place.where.country_name", value: .string("Germany"), line: 3),
            ConfigurationEntry(key: "chat.empty", value: .table([:]), line: 4),
            ConfigurationEntry(key: "transcription.models", value: .array([
                .table(["name": .string("general")]),
                .table(["name": .string("domain"), "words": .table(["count": .integer(3)])]),
            ]), line: 6),
        ])
        #expect(entries.last?.value.written == #"[{ name = "general" }, { name = "domain", words = { count = 3 } }]"#)
    }

    @Test func readsArraysOfTablesAndWarnsAboutTheirKeysAsUnknownOnTheirLines() throws {
        let text = """
            [[keywords]]
            phrase = "susi"
            [keywords.tuning]
            sensitivity = 0.5
            [[keywords]]
            phrase = "hey computer"
            [[keywords.aliases]]
            "odd key" = 1
            """
        let entries = try ConfigurationFile.parse(text, path: "c.toml")
        #expect(entries.map(\.key) == ["keywords[0].phrase", "keywords[0].tuning.sensitivity", "keywords[1].phrase", #"keywords[1].aliases[0]."odd key""#])
        #expect(entries.map(\.line) == [2, 4, 6, 8])
        var configuration = Configuration()
        let warnings = try configuration.apply(entries, from: "c.toml")
        #expect(warnings.count == 4)
        #expect(warnings[2] == "c.toml:6: unknown key \"keywords[1].phrase\" ignored (sections: capture, hotword, transcription, chat, playback, log, events, serve)", "\(warnings)")
        var other = Configuration()
        let misspelt = try other.apply(ConfigurationFile.parse("[chat]\nsever = \"http://x\"", path: "c.toml"), from: "c.toml")
        #expect(misspelt.first?.hasPrefix("c.toml:2: unknown key \"chat.sever\" ignored ([chat] keys: chat.enabled, chat.server, ") == true, "\(misspelt)")
    }

    @Test func warnsThatALatitudeWithoutALongitudeIsNotSent() throws {
        for (text, warning) in [("[chat]\nlatitude = 52.5", "c.toml: chat.latitude is set without chat.longitude: neither is sent with the queries"),
                                ("[chat]\nlongitude = 13.4", "c.toml: chat.longitude is set without chat.latitude: neither is sent with the queries")] {
            var configuration = Configuration()
            #expect(try configuration.apply(ConfigurationFile.parse(text, path: "c.toml"), from: "c.toml") == [warning])
        }
        var configuration = Configuration()
        #expect(try configuration.apply(ConfigurationFile.parse("[chat]\nlatitude = 52.5\nlongitude = 13.4", path: "c.toml"), from: "c.toml").isEmpty)
    }

    @Test func readsEveryKindOfDateAndTime() throws {
        let text = """
            offset = 1979-05-27T00:32:00.999999-07:00
            utc = 1979-05-27 07:32:00z
            local = 2024-02-29T07:32:00
            day = 2000-02-29
            time = 00:32:00.5
            """
        let entries = try ConfigurationFile.parse(text, path: "c.toml")
        let day = ConfigurationDateTime.CalendarDate(year: 1979, month: 5, day: 27)
        #expect(entries[0].value == .dateTime(ConfigurationDateTime(
            date: day, time: .init(hour: 0, minute: 32, second: 0, nanosecond: 999_999_000), offsetMinutes: -420)))
        #expect(entries[1].value == .dateTime(ConfigurationDateTime(
            date: day, time: .init(hour: 7, minute: 32, second: 0, nanosecond: 0), offsetMinutes: 0)))
        #expect(entries.map(\.value.written) == [
            "1979-05-27T00:32:00.999999-07:00", "1979-05-27T07:32:00Z", "2024-02-29T07:32:00", "2000-02-29", "00:32:00.5",
        ])
    }

    @Test func readsIntegersInEveryBaseAndFloatsWithExponentsAndInfinity() throws {
        let text = """
            integers = [+99, -17, 0, 5_349_221, 0xDEAD_beef, 0o755, 0b1101_0110, 9223372036854775807]
            floats = [+1.0, -0.01, 5e+22, 1E06, -2e-2, 6.626e-34, 224_617.445_991_228, inf, -inf]
            not_a_number = nan
            """
        let entries = try ConfigurationFile.parse(text, path: "c.toml")
        #expect(entries[0].value == .array([99, -17, 0, 5_349_221, 0xDEADBEEF, 0o755, 0b1101_0110, Int.max].map(ConfigurationValue.integer)))
        #expect(entries[1].value == .array([1, -0.01, 5e22, 1e6, -0.02, 6.626e-34, 224_617.445_991_228, .infinity, -.infinity].map(ConfigurationValue.float)))
        guard case .float(let number) = entries[2].value else {
            Issue.record("nan is no float: \(entries[2].value)")
            return
        }
        #expect(number.isNaN)
    }

    @Test(arguments: [
        // A header may define a table that an earlier one implied.
        "[a.b.c]\nx = 1\n[a]\ny = 2",
        // The tables dotted keys made may get sub-tables of their own.
        "[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true",
        // Each [[a]] starts a table of its own; [a.b] defines one in the latest.
        "[[a]]\n[a.b]\nx = 1\n[[a]]\n[a.b]\nx = 2",
        "a.b = 1\na.c = 2\n[a.d]",
        "\"a.b\" = 1\na.b = 2",
    ])
    func acceptsTheTablesTOMLAllows(_ text: String) {
        #expect(throws: Never.self) { try ConfigurationFile.parse(text, path: "c.toml") }
    }

    @Test func namesADateGivenForAKeyThatWantsSomethingElse() throws {
        var configuration = Configuration()
        let entries = try ConfigurationFile.parse("[hotword]\ngain = 1979-05-27T07:32:00Z", path: "c.toml")
        #expect(throws: ConfigurationError(path: "c.toml", line: 2, message: "key \"hotword.gain\": expected a number above 0, got 1979-05-27T07:32:00Z")) {
            try configuration.apply(entries, from: "c.toml")
        }
        _ = try configuration.apply(ConfigurationFile.parse("hotword = { gain = 2.5 }", path: "c.toml"), from: "c.toml")
        #expect(configuration.gain == 2.5)
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
        let deepTables = "k = " + String(repeating: "{ a = [", count: 4) + "{}" + String(repeating: "] }", count: 4)
        #expect(throws: ConfigurationError(path: "c.toml", line: 1, message: "key \"k\": inline tables nested more than 8 deep")) {
            try ConfigurationFile.parse(deepTables, path: "c.toml")
        }
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

    @Test(arguments: ["chat = { access_token = SECRETTOKEN123 }", "chat = { server = \"http://a\", access_token = [SECRETTOKEN123] }"])
    func neverQuotesASecretInAnInlineTablesParseError(_ line: String) {
        #expect(throws: ConfigurationError(path: "c.toml", line: 1, message: "key \"chat\": not a valid value (not shown: it is secret; strings need quotes)")) {
            try ConfigurationFile.parse(line, path: "c.toml")
        }
    }

    @Test func warnsWhenASecretIsInAFileEveryUserCanRead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/config.toml"
        try "[chat]\nserver = \"http://127.0.0.1:1\"\naccess_token = \"t\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        let entries = try ConfigurationFile.read(path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(ConfigurationFile.exposureWarning(path: path, entries: entries)
                == "\(path):3: chat.access_token is set in a file every user can read (mode 644): chmod o-r \(path), "
                + "or keep the token in chat.access_token_file")
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
