import Foundation
import Testing

/// `--pronunciation WORD=PHONES` and the `pronunciations` key, through the built executable.
@Suite(.serialized) struct PronunciationCommandTests {
    /// One "susi" (S UW Z IY) over a noise floor.
    let susiFixture = "TestAudio/positive_alone_slt_z_norm_noise.wav"
    let negativeFixture = "TestAudio/negative_background_only_noise.wav"

    private func detect(_ arguments: [String], config: String = "/dev/null") throws -> CommandRunner.Outcome {
        try CommandRunner.run(["--file", susiFixture, "--json", "--no-transcription", "--config", config] + arguments)
    }

    /// A configuration file holding `text`, in a folder removed after `body`.
    private func withConfiguration<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pronunciation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return try body(path)
    }

    private func keywordPhones(_ outcome: CommandRunner.Outcome) -> [Int] {
        let start = outcome.events(ofType: "start").first
        return (start?["keywords"] as? [[String: Any]] ?? []).compactMap { $0["phones"] as? Int }
    }

    @Test func detectsAMadeUpWordGivenItsPronunciation() throws {
        let outcome = try detect(["--keyword", "soozee", "--pronunciation", "soozee=s uw1 z iy0"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.events(ofType: "hotword").map { $0["keyword"] as? String } == ["soozee"])
    }

    @Test func runsAMultiWordKeyphraseMixingDictionaryAndUserWords() throws {
        let outcome = try detect(["--keyword", "hey computer", "--keyword", "hey zorblat", "--pronunciation", "zorblat=Z AO R B L AE T"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(keywordPhones(outcome) == [2 + 8, 2 + 7])
    }

    @Test(arguments: [
        (["--file", "x.wav", "--pronunciation", "susi"], "The value 'susi' is invalid for '--pronunciation <word=phones>': no \"=\" between the word and its phones"),
        (["--file", "x.wav", "--pronunciation", "=S UW"], "The value '=S UW' is invalid for '--pronunciation <word=phones>': no word before \"=\""),
        (["--file", "x.wav", "--pronunciation", "susi="], "The value 'susi=' is invalid for '--pronunciation <word=phones>': no phones after \"=\""),
        (["--file", "x.wav", "--pronunciation", "hey susi=HH EY S UW Z IY"], "\"hey susi\" is more than one word"),
        (["--file", "x.wav", "--keyword", " "], "--keyword: expected a keyphrase or an array of them, none empty and none twice, got \" \""),
        (["--file", "x.wav", "--keyword", "susi", "--keyword", "SUSI"], "--keyword: expected a keyphrase or an array of them, none empty and none twice, got [\"susi\", \"SUSI\"]"),
        (["bench", "--negatives", "x.wav", "--pronunciation", "susi"], "no \"=\" between the word and its phones"),
        (["bench", "--negatives", "x.wav", "--pronunciation", "=S UW"], "no word before \"=\""),
    ])
    func refusesAMalformedPronunciationWithExitCode64(_ arguments: [String], message: String) throws {
        let outcome = try CommandRunner.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }

    @Test func namesAnUnknownPhoneAndTheModelsPhonesWithExitCode2() throws {
        let outcome = try detect(["--keyword", "zorblat", "--pronunciation", "zorblat=Z AO R B L AE Q"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("unknown phone \"Q\" in the pronunciation of \"zorblat\""), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH SIL T TH UH UW V W Y Z ZH"))
    }

    @Test(arguments: [
        (Array(repeating: "computer", count: 9).joined(separator: " "), "has 9 words; a keyphrase has at most 8"),
        (Array(repeating: "jarvis", count: 7).joined(separator: " "), "can be said in at least 128 ways"),
    ])
    func refusesAKeyphraseBeyondTheLimitsWithExitCode64(_ keyphrase: String, message: String) throws {
        let outcome = try detect(["--keyword", keyphrase])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("keyphrase \"\(keyphrase)\" \(message)"), "\(outcome.standardError)")
        let bench = try CommandRunner.run(["bench", "--negatives", negativeFixture, "--keyword", keyphrase, "--sensitivity", "0.5"])
        #expect(bench.status == 64)
        #expect(bench.standardError.contains(message), "\(bench.standardError)")
    }

    @Test(arguments: [
        (["--dictionary", "/dev/null"], "unusable model file /dev/null: is empty"),
        (["--dictionary", "Models"], "unusable model file Models: is a folder, not a file"),
        (["--dictionary", "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin"],
         "unusable model file /usr/share/pocketsphinx/model/en-us/en-us.lm.bin: line 1 is not a dictionary line (WORD PHONE...)"),
        (["--keyword-dictionary", "Models/commands/commands.arpa"], "unusable model file Models/commands/commands.arpa: line 4 is not a dictionary line"),
    ])
    func refusesADictionaryThatCannotBeOneWithExitCode2(_ arguments: [String], message: String) throws {
        let outcome = try detect(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }

    @Test func saysHowToAddAPronunciationForAnUnknownWord() throws {
        let outcome = try detect(["--keyword", "zzyzxq"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--pronunciation \"zzyzxq=PHONES\""), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("add a line \"zzyzxq PHONES\" to Models/keywords.dict"))
    }

    @Test func benchMeasuresAMadeUpWordGivenItsPronunciation() throws {
        let outcome = try CommandRunner.run(["bench", "--negatives", negativeFixture, "--keyword", "zorblat", "--sensitivity", "0.5",
                                             "--pronunciation", "zorblat=Z AO R B L AE T", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("\"zorblat\""))
        // The calibration follows the user's seven phones: 33 − 5.5 × 7 at 0.5, half the phones in edits.
        #expect(outcome.standardOutput.contains("\"calibration\":{\"keyword\":\"zorblat\",\"sensitivity\":0.5,\"phones\":7,\"log10_threshold\":-5.5,"
                                                + "\"log10_candidate_threshold\":-47.5,\"log10_inexact_floor\":-19.5,\"phone_edits_allowed\":3,\"phone_edits_allowed_slow\":4}"),
                "\(outcome.standardOutput)")
        let unknownPhone = try CommandRunner.run(["bench", "--negatives", negativeFixture, "--keyword", "zorblat", "--sensitivity", "0.5",
                                                  "--pronunciation", "zorblat=Z AO R B L AE Q"])
        // A detector that cannot be set up is exit code 2 for bench as for detect.
        #expect(unknownPhone.status == 2)
        #expect(unknownPhone.standardError.contains("unknown phone \"Q\" in the pronunciation of \"zorblat\""))
        // Found out before its run: none is done.
        #expect(!unknownPhone.standardError.contains(" done ("), "\(unknownPhone.standardError)")
    }

    /// A keyword that cannot be set up is found out before any keyword's run, not after them:
    /// "susi" would take seconds over every fixture.
    @Test func aKeywordThatCannotBeSetUpStopsTheBenchBeforeAnyRun() throws {
        let outcome = try CommandRunner.run(["bench", "--negatives", "TestAudio", "--keyword", "susi", "--keyword", "zorblatx",
                                             "--sensitivity", "0.5", "0.9"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("susi-listen bench: no pronunciation for \"zorblatx\""), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains(" at sensitivity "), "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func readsPronunciationsFromTheConfigurationFile() throws {
        let outcome = try withConfiguration("[hotword]\nkeywords = [\"soozee\"]\npronunciations = [\"soozee=S UW Z IY\"]\n") {
            try detect([], config: $0)
        }
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.events(ofType: "hotword").map { $0["keyword"] as? String } == ["soozee"])
    }

    @Test func aFlagReplacesThePronunciationsOfTheConfigurationFile() throws {
        // The file's pronunciation has a phone the model lacks; the flag's replaces it.
        let outcome = try withConfiguration("[hotword]\npronunciations = [\"soozee=S UW Q IY\"]\n") {
            try detect(["--keyword", "soozee", "--pronunciation", "soozee=S UW Z IY"], config: $0)
        }
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(keywordPhones(outcome) == [4])
    }

    @Test func namesTheLineAndKeyOfAMalformedPronunciationInTheConfigurationFile() throws {
        try withConfiguration("[hotword]\nkeywords = [\"susi\"]\npronunciations = [\"susi=S UW Z IY\", \"susi\"]\n") { path in
            let outcome = try detect([], config: path)
            #expect(outcome.status == 78)
            #expect(outcome.standardError.contains("\(path):3: key \"hotword.pronunciations\": \"susi\": no \"=\" between the word and its phones"),
                    "\(outcome.standardError)")
        }
    }
}
