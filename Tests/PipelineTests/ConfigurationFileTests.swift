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

    @Test(arguments: [
        ("[hotword\nx = 1", "c.toml:1: expected a section header like [hotword]"),
        ("sensitivity = high", "c.toml:1: key \"sensitivity\": \"high\" is not a value (strings need quotes)"),
        ("\n\ndevice = \"hw:1", "c.toml:3: key \"device\": string without its closing \""),
        ("a = 1\na = 2", "c.toml:2: key \"a\" is set twice"),
        ("just words", "c.toml:1: expected = after \"just\""),
        ("k = [1, 2", "c.toml:1: key \"k\": expected , or ] in an array"),
        ("k = 1 2", "c.toml:1: key \"k\": unexpected text after the value"),
    ])
    func namesTheLineAndKeyOfAMistake(_ text: String, message: String) {
        #expect(throws: ConfigurationError.self) { try ConfigurationFile.parse(text, path: "c.toml") }
        do {
            _ = try ConfigurationFile.parse(text, path: "c.toml")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func saysWhenTheFileIsMissing() {
        #expect(throws: ConfigurationError(path: "/nonexistent/config.toml", line: nil, message: "no such file")) {
            try ConfigurationFile.read("/nonexistent/config.toml")
        }
    }
}
