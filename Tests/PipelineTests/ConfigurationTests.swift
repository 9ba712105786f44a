import Foundation
import HotwordDetection
import Testing
@testable import Pipeline

@Suite struct ConfigurationTests {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func readsTheExampleConfigurationWithoutWarnings() throws {
        let path = repository.appendingPathComponent("systemd/config.example.toml").path
        var configuration = Configuration()
        let warnings = try configuration.apply(ConfigurationFile.read(path), from: path)
        #expect(warnings.isEmpty)
        // The example spells out the defaults, and sets the spool under the unit's StateDirectory.
        var expected = Configuration()
        expected.chat.spoolDirectory = URL(fileURLWithPath: "/var/lib/susi-listen/spool")
        #expect(configuration == expected)
    }

    @Test func setsEveryKeyphraseItsOwnSensitivity() throws {
        var configuration = Configuration()
        let entries = try ConfigurationFile.parse("""
            [capture]
            device = "plughw:1,0"
            [hotword]
            keywords = ["susi", "computer"]
            sensitivity = [0.3, 0.7]
            gain = 2.5
            [log]
            level = "debug"
            candidates = true
            """, path: "c.toml")
        #expect(try configuration.apply(entries, from: "c.toml").isEmpty)
        #expect(configuration.device == "plughw:1,0")
        #expect(configuration.keywords == [KeywordSetting(keyphrase: "susi", sensitivity: 0.3), KeywordSetting(keyphrase: "computer", sensitivity: 0.7)])
        #expect(configuration.gain == 2.5)
        #expect(configuration.logLevel == "debug")
        #expect(configuration.reportCandidates)
    }

    @Test func readsTheChatAndTranscriptionKeys() throws {
        var configuration = Configuration()
        let entries = try ConfigurationFile.parse("""
            [transcription]
            model = "general"
            trailing_silence_s = 0.5
            [chat]
            server = "http://127.0.0.1:8080"
            latitude = 52.52
            longitude = 13.4
            country_code = "DE"
            access_token = "secret"
            enabled = false
            """, path: "c.toml")
        #expect(try configuration.apply(entries, from: "c.toml").isEmpty)
        #expect(configuration.transcriber.languageModel == .general)
        #expect(configuration.transcriber.trailingSilence == 0.5)
        #expect(configuration.chat.server.absoluteString == "http://127.0.0.1:8080")
        #expect(configuration.chat.latitude == 52.52 && configuration.chat.longitude == 13.4)
        #expect(configuration.chat.countryCode == "DE")
        #expect(configuration.chat.accessToken == "secret")
        #expect(!configuration.chatEnabled)
        #expect(!String(describing: configuration).contains("secret"))
    }

    @Test func readsTheEventsSocketAndServeKeys() throws {
        var configuration = Configuration()
        let entries = try ConfigurationFile.parse("""
            [events]
            socket = "/run/susi-listen/events.sock"
            socket_group = "audio"
            [serve]
            uri = "tcp://127.0.0.1:10401"
            max_clients = 4
            idle_timeout_s = 30
            zeroconf = "kitchen"
            """, path: "c.toml")
        #expect(try configuration.apply(entries, from: "c.toml").isEmpty)
        #expect(configuration.eventsSocket == "/run/susi-listen/events.sock")
        #expect(configuration.eventsSocketGroup == "audio")
        #expect(configuration.serveURI == "tcp://127.0.0.1:10401")
        #expect(configuration.maximumClients == 4)
        #expect(configuration.idleTimeout == 30)
        #expect(configuration.zeroconf && configuration.zeroconfName == "kitchen")
    }

    @Test(arguments: [
        ("[events]\nsocket = \"/\(String(repeating: "x", count: 120))\"", "c.toml:2: key \"events.socket\": expected a socket path (unix:///\(String(repeating: "x", count: 120)): a Unix socket path may be at most 107 bytes), got \"/\(String(repeating: "x", count: 120))\""),
        ("[serve]\nuri = \"http://x:1\"", "c.toml:2: key \"serve.uri\": expected tcp://HOST:PORT or unix://PATH (http://x:1: it must start with tcp:// or unix://), got \"http://x:1\""),
        ("[serve]\nmax_clients = 0", "c.toml:2: key \"serve.max_clients\": expected a whole number from 1 to 1024, got 0"),
        ("[serve]\nzeroconf = 1", "c.toml:2: key \"serve.zeroconf\": expected true, false or the name to announce, got 1"),
        ("[chat]\nserver = \"ftp://x\"", "c.toml:2: key \"chat.server\": expected an http or https URL without a query or fragment, got \"ftp://x\""),
        ("[chat]\nlatitude = 91", "c.toml:2: key \"chat.latitude\": expected degrees from -90 to 90, got 91"),
        ("[chat]\nlanguage = \" \"", "c.toml:2: key \"chat.language\": expected a language code such as \"en\", got \" \""),
        ("[hotword]\nsensitivity = 1.5", "c.toml:2: key \"hotword.sensitivity\": expected a number from 0 to 1 or an array of them, got 1.5"),
        ("[hotword]\nkeywords = [\"a\", \"b\"]\nsensitivity = [0.1, 0.2, 0.3]", "c.toml:3: key \"hotword.sensitivity\": give one value or one per keyphrase (2), not 3"),
        ("[capture]\nperiod_ms = 500", "c.toml:2: key \"capture.period_ms\": expected a whole number of milliseconds from 10 to 100, got 500"),
        ("[log]\nlevel = \"loud\"", "c.toml:2: key \"log.level\": expected one of trace, debug, info, notice, warning, error, critical, got \"loud\""),
        ("[hotword]\ngain = \"high\"", "c.toml:2: key \"hotword.gain\": expected a number above 0, got \"high\""),
        ("[chat]\ntimeout_s = 1e300", "c.toml:2: key \"chat.timeout_s\": expected a number of seconds from 0.05 to 3600, got 1e+300"),
        ("[transcription]\nmax_duration_s = 0.001", "c.toml:2: key \"transcription.max_duration_s\": expected a number of seconds from 0.05 to 3600, got 0.001"),
        ("[playback]\necho_cancellation = \"off\"", "c.toml:2: key \"playback.echo_cancellation\": expected true or false, got \"off\""),
        ("[chat]\naccess_token = 12345678", "c.toml:2: key \"chat.access_token\": expected a string, got a value not shown (it is secret)"),
    ])
    func refusesAWrongValueNamingLineAndKey(_ text: String, message: String) throws {
        var configuration = Configuration()
        let entries = try ConfigurationFile.parse(text, path: "c.toml")
        #expect(throws: ConfigurationError.self) { try configuration.apply(entries, from: "c.toml") }
        do {
            _ = try configuration.apply(entries, from: "c.toml")
        } catch {
            #expect(error.description == message)
        }
    }
}
