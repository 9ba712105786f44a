import Foundation
import HotwordDetection
import Testing
@testable import Pipeline

@Suite struct CommandLineSettingsTests {
    /// The defaults under the `[hotword]` keys of `hotword`.
    private func configured(_ hotword: String) throws -> Configuration {
        var configuration = Configuration()
        _ = try configuration.apply(ConfigurationFile.parse("[hotword]\n\(hotword)\n", path: "c.toml"), from: "c.toml")
        return configuration
    }

    /// The sensitivity of each keyphrase once `flags` are put over the `[hotword]` keys of `hotword`.
    private func sensitivities(_ hotword: String, keywords: [String] = [], sensitivities: [Double] = []) throws -> [String: Double] {
        var configuration = try configured(hotword)
        var flags = CommandLineSettings()
        flags.add(.keywords, keywords)
        flags.add(.sensitivity, sensitivities)
        try flags.apply(to: &configuration)
        return Dictionary(uniqueKeysWithValues: configuration.keywords.map { ($0.keyphrase, $0.sensitivity) })
    }

    @Test func givesTheConfiguredKeyphrasesTheSensitivitiesFlagByFlag() throws {
        #expect(try sensitivities("keywords = [\"susi\", \"computer\"]", sensitivities: [0.4, 0.6]) == ["susi": 0.4, "computer": 0.6])
        #expect(try sensitivities("keywords = [\"susi\", \"computer\"]", sensitivities: [0.3]) == ["susi": 0.3, "computer": 0.3])
    }

    @Test func carriesASensitivitySharedByTheConfiguredKeyphrasesOverToTheKeywordFlags() throws {
        #expect(try sensitivities("sensitivity = 0.8", keywords: ["computer"]) == ["computer": 0.8])
        #expect(try sensitivities("keywords = [\"susi\", \"computer\"]\nsensitivity = [0.2, 0.8]", keywords: ["jarvis"]) == ["jarvis": 0.5])
        // A keyphrase the file names keeps its own sensitivity, however it is written.
        #expect(try sensitivities("keywords = [\"susi\", \"hey computer\"]\nsensitivity = [0.2, 0.8]", keywords: ["Hey  Computer", "jarvis"])
                == ["Hey  Computer": 0.8, "jarvis": 0.5])
        #expect(try sensitivities("sensitivity = 0.8", keywords: ["a", "b"], sensitivities: [0.1, 0.2]) == ["a": 0.1, "b": 0.2])
    }

    @Test func checksSensitivitiesAgainstTheKeyphrasesGivenWithThem() {
        // With --keyword, the count is known while arguments are checked; without, only once the
        // configuration file's keyphrases are.
        var withKeyphrases = CommandLineSettings()
        withKeyphrases.add(.keywords, ["a", "b"])
        withKeyphrases.add(.sensitivity, [0.1, 0.2, 0.3])
        #expect(throws: FlagError(description: "--sensitivity: give one value or one per keyphrase (2), not 3")) {
            try withKeyphrases.check()
        }
        var alone = CommandLineSettings()
        alone.add(.sensitivity, [0.1, 0.2, 0.3])
        #expect(throws: Never.self) { try alone.check() }
    }

    @Test func refusesSeveralSensitivitiesThatAreNotOnePerKeyphrase() throws {
        #expect(throws: FlagError(description: "--sensitivity: give one value or one per keyphrase (2), not 3")) {
            try sensitivities("keywords = [\"susi\", \"computer\"]", sensitivities: [0.1, 0.2, 0.3])
        }
        #expect(throws: FlagError(description: "--sensitivity: give one value or one per keyphrase (2), not 3")) {
            try sensitivities("", keywords: ["a", "b"], sensitivities: [0.1, 0.2, 0.3])
        }
    }

    @Test func overridesTheFileWithTheFlagsGivenAndOnlyThose() throws {
        var configuration = Configuration()
        _ = try configuration.apply(ConfigurationFile.parse("[hotword]\ngain = 2\n[chat]\nlanguage = \"de\"\n", path: "c.toml"), from: "c.toml")
        var flags = CommandLineSettings()
        flags.add(.gain, 3.0)
        flags.add(.server, nil as String?)
        flags.add(.chatEnabled, switched: true)
        flags.add(.sounds, switched: false)
        flags.add(.echoCancellation, "off")
        try flags.apply(to: &configuration)
        var expected = Configuration()
        expected.gain = 3
        expected.chat.language = "de"
        expected.chatEnabled = false
        expected.talkBack.echoCancellation = false
        #expect(configuration == expected)
    }

    @Test func announcesUnderTheZeroconfFlagsName() throws {
        for (given, name) in [("", nil), ("kitchen", "kitchen")] as [(String, String?)] {
            var configuration = Configuration()
            var flags = CommandLineSettings()
            flags.add(.zeroconf, given)
            try flags.apply(to: &configuration)
            #expect(configuration.zeroconf && configuration.zeroconfName == name)
        }
    }

    /// Every flag that takes a value and its key, given a value no setting takes.
    @Test(arguments: Setting.all.filter { if case .value? = $0.flag?.form { true } else { false } })
    func refusesAWrongFlagInTheWordsOfTheFile(_ setting: Setting) throws {
        let wrong = ConfigurationValue.array([.array([])])
        var configuration = Configuration()
        var fileMessage = ""
        do {
            _ = try configuration.apply([ConfigurationEntry(key: setting.key, value: wrong, line: 1)], from: "c.toml")
        } catch {
            fileMessage = error.description
        }
        var flags = CommandLineSettings()
        flags.add(setting, wrong)
        let flagError = try #require(throws: FlagError.self) { try flags.check() }
        let flag = try #require(setting.flag?.spelled)
        #expect(fileMessage.hasPrefix("c.toml:1: key \"\(setting.key)\": expected "))
        #expect(flagError.description.hasPrefix(flag + ": expected "))
        #expect(fileMessage.dropFirst("c.toml:1: key \"\(setting.key)\"".count) == flagError.description.dropFirst(flag.count))
    }

    @Test func refusesAnOutOfRangeFlagAsTheFileDoes() throws {
        var flags = CommandLineSettings()
        flags.add(.trailingSilence, 0.0)
        #expect(throws: FlagError(description: "--trailing-silence: expected a number of seconds from 0.05 to 3600, got 0.0")) { try flags.check() }
        var onOff = CommandLineSettings()
        onOff.add(.echoCancellation, "maybe")
        #expect(throws: FlagError(description: "--echo-cancellation: expected on or off, got \"maybe\"")) { try onOff.check() }
    }

    @Test func tellsEachFlagsDefaultFromTheDefaultConfiguration() {
        #expect(Setting.trailingSilence.flagHelp == "Silence that ends the command, in seconds (default: 0.7).")
        #expect(Setting.keywords.flagHelp == "Keyphrase to listen for; repeat for several (default: susi).")
        #expect(Setting.echoCancellation.flagHelp.hasSuffix("(default: on)."))
        #expect(Setting.zeroconf.flagHelp.hasSuffix("(default: off)."))
        #expect(Setting.hotwordSound.flagHelp.hasSuffix("(default: a built-in chime)."))
        #expect(Setting.pronunciations.flagHelp.hasSuffix("for a second variant of one."))
        #expect(Setting.chatEnabled.flagHelp == "Stop at the transcript: no chat query.")
    }

    @Test func marksTheAccessTokenAloneAsSecret() {
        #expect(ConfigurationFile.secretKeys == ["chat.access_token"])
        #expect(Setting.all.filter(\.isSecret).map(\.key) == ["chat.access_token"])
    }
}

extension Setting: CustomTestStringConvertible {
    public var testDescription: String { key }
}
