import Foundation
import Testing

/// `susi-listen pronounce`, through the built executable: the dictionaries' pronunciations, and
/// espeak-ng's guess for a word they lack, ready for `--pronunciation`.
@Suite(.serialized) struct PronounceCommandTests {
    /// The `WORD=PHONES` of each line, and what the line says it comes from.
    private func pronunciations(_ outcome: CommandRunner.Outcome) -> [(pronunciation: String, source: String)] {
        outcome.standardOutput.split(separator: "\n").map { line in
            let parts = line.split(separator: "#", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    @Test func printsTheDictionariesPronunciationsInTheirOrder() throws {
        let outcome = try CommandRunner.run(["pronounce", "Susi", "jarvis", "--config", "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = pronunciations(outcome)
        #expect(lines.map(\.pronunciation) == ["susi=S UW Z IY", "susi=S UW S IY", "jarvis=JH AA R V AH S", "jarvis=JH AA R V IH S"])
        #expect(lines[0].source.hasSuffix("Models/keywords.dict"), "\(lines[0].source)")
        #expect(lines[2].source.hasSuffix("cmudict-en-us.dict"), "\(lines[2].source)")
    }

    @Test func guessesAWordNoDictionaryKnowsAndTheGuessIsHeardAsAKeyword() throws {
        let outcome = try CommandRunner.run(["pronounce", "zorblat", "--config", "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let line = try #require(pronunciations(outcome).first)
        #expect(line.pronunciation == "zorblat=Z AO R B L AE T")
        #expect(line.source.contains("guessed by espeak-ng"))

        // What detection says of the word without a pronunciation points here, and the guess
        // given back to it sets up the spotter.
        let refused = try CommandRunner.run(["--file", "TestAudio/negative_background_only_noise.wav", "--keyword", "zorblat",
                                             "--no-transcription", "--config", "/dev/null"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("susi-listen pronounce zorblat"), "\(refused.standardError)")
        let detected = try CommandRunner.run(["--file", "TestAudio/negative_background_only_noise.wav", "--keyword", "zorblat",
                                              "--pronunciation", line.pronunciation, "--no-transcription", "--json", "--config", "/dev/null"])
        #expect(detected.status == 0, "\(detected.standardError)")
        let start = try #require(detected.events(ofType: "start").first)
        #expect((start["keywords"] as? [[String: Any]])?.first?["phones"] as? Int == 7)
    }

    @Test func putsTheUsersOwnPronunciationsFirstAsDetectionDoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pronounce-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.toml").path
        try "[hotword]\npronunciations = [\"susi=S UW S IY\", \"zorblat=Z AO R B L AA T\"]\n".write(toFile: config, atomically: false, encoding: .utf8)

        let fromFile = try CommandRunner.run(["pronounce", "susi", "zorblat", "computer", "--config", config])
        #expect(fromFile.status == 0, "\(fromFile.standardError)")
        #expect(pronunciations(fromFile).map(\.pronunciation) == ["susi=S UW S IY", "zorblat=Z AO R B L AA T", "computer=K AH M P Y UW T ER"])
        #expect(pronunciations(fromFile).map(\.source).prefix(2) == ["your pronunciation", "your pronunciation"])

        // A flag replaces the file's whole list, as for detection.
        let fromFlag = try CommandRunner.run(["pronounce", "susi", "--config", config, "--pronunciation", "susi=s uw1 z iy0"])
        #expect(pronunciations(fromFlag).map(\.pronunciation) == ["susi=S UW Z IY"], "\(fromFlag.standardError)")

        let wrongPhone = try CommandRunner.run(["pronounce", "susi", "--config", "/dev/null", "--pronunciation", "susi=S UW Q IY"])
        #expect(wrongPhone.status == 2)
        #expect(wrongPhone.standardError.contains("unknown phone \"Q\""), "\(wrongPhone.standardError)")
    }

    @Test func refusesWhatIsNotOneWord() throws {
        for word in ["hey susi", "susi(2)", ""] {
            let outcome = try CommandRunner.run(["pronounce", word])
            #expect(outcome.status == 64, "\(word): \(outcome.standardError)")
        }
        #expect(try CommandRunner.run(["pronounce"]).status == 64)
    }

    @Test func exitsWith74WhenThePronunciationsCannotBeWritten() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? full.close() }
        let outcome = try CommandRunner.run(["pronounce", "computer"], standardOutput: full)
        #expect(outcome.status == 74, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("cannot write the report to standard output"), "\(outcome.standardError)")
    }

    @Test func namesTheMissingAcousticModelAndItsPackage() throws {
        let outcome = try CommandRunner.run(["pronounce", "zorblat", "--acoustic-model", "/nonexistent/en-us"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("/nonexistent/en-us/mdef"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("pocketsphinx-en-us"))
    }
}
