import AudioInput
import AudioPlayback
import AudioTestSupport
import Foundation
import Testing

/// `--save-audio`: the audio of each wake-up kept as a WAV file, for a person to hear what woke
/// the device.
@Suite struct SaveAudioTests {
    /// Seconds of audio saved before the keyword.
    static let preRoll = 1.5

    /// Where `fixture`'s manifest row (TestAudio/commands/manifest.tsv) says its keyword starts.
    static func keywordStart(of fixture: String) throws -> Double {
        let manifest = try String(contentsOfFile: CommandRunner.repository.appendingPathComponent("TestAudio/commands/manifest.tsv").path, encoding: .utf8)
        let row = try #require(manifest.split(separator: "\n").first { $0.hasPrefix(fixture + "\t") })
        return try #require(Double(row.split(separator: "\t")[5]))
    }

    static func samples(of path: String) throws -> [Float] {
        try AudioFileReader(path: CommandRunner.repository.appendingPathComponent(path).path).remainingSamples()
    }

    @Test func savesEachHotwordFromBeforeTheKeywordToTheEndOfItsCommand() throws {
        let folder = try TemporaryDirectory()
        // 3 s of a quiet room, then two commands: each keyword has its whole pre-roll.
        let commands = ["hotword_02_slt.flac", "hotword_01_awb.flac"]
        let room = Array(try Self.samples(of: "TestAudio/negative_background_only_noise.wav").prefix(3 * 16_000))
        let first = try Self.samples(of: "TestAudio/commands/" + commands[0])
        let second = try Self.samples(of: "TestAudio/commands/" + commands[1])
        let path = folder.file("two-commands.wav")
        try WAVFileOutput(path: path).play(Sound(name: "two commands", samples: room + first + second))
        let heard = try AudioFileReader(path: path).remainingSamples()
        let keywordStarts = [3 + (try Self.keywordStart(of: commands[0])),
                             Double(room.count + first.count) / 16_000 + (try Self.keywordStart(of: commands[1]))]

        let saved = folder.file("saved")
        let outcome = try CommandRunner.run(["--file", path, "--no-chat", "--json", "--config", "/dev/null", "--save-audio", saved])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let hotwords = outcome.events(ofType: "hotword"), recordings = outcome.events(ofType: "audio_saved")
        try #require(hotwords.count == 2 && recordings.count == 2, "\(outcome.standardOutput)")
        let sessionEnds = outcome.events.filter { ["final", "no_command"].contains($0["type"] as? String) }.compactMap { $0["time"] as? Double }
        try #require(sessionEnds.count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: saved).count == 2)

        for index in 0..<2 {
            let hotword = hotwords[index], recording = recordings[index]
            let time = try #require(hotword["time"] as? Double), keyword = try #require(hotword["start"] as? Double)
            #expect(abs(keyword - keywordStarts[index]) < 0.2, "keyword at \(keyword) s, labelled \(keywordStarts[index]) s")
            #expect(recording["time"] as? Double == time)
            #expect(recording["keyword"] as? String == "susi")
            #expect(recording["path"] as? String == saved + "/two-commands_" + String(format: "%010.3f", time) + "s_susi.wav")
            let start = try #require(recording["start"] as? Double), end = try #require(recording["end"] as? Double)
            #expect(abs(start - (keyword - Self.preRoll)) < 0.0005, "saved from \(start) s, keyword at \(keyword) s")
            #expect(abs(end - sessionEnds[index]) < 0.0005, "saved up to \(end) s, the session ended at \(sessionEnds[index]) s")

            let savedPath = try #require(recording["path"] as? String)
            // What people said: the owner's alone, whatever the umask.
            let permissions = try #require(try FileManager.default.attributesOfItem(atPath: savedPath)[.posixPermissions] as? Int)
            #expect(permissions == 0o600, "mode \(String(permissions, radix: 8))")
            let reader = try AudioFileReader(path: savedPath)
            #expect(reader.sourceFormat.sampleRate == 16_000 && reader.sourceFormat.channels == 1)
            let audio = try reader.remainingSamples()
            #expect(abs(audio.count - Int(((end - start) * 16_000).rounded())) <= 16, "\(audio.count) samples")
            let offset = Int((start * 16_000).rounded())
            let difference = zip(audio, heard[offset...]).map { abs($0 - $1) }.max() ?? 1
            #expect(difference < 2e-4, "the saved audio differs from the input at \(start) s by up to \(difference)")
        }
    }

    @Test func keepsAtMostTheCapOfItsOwnFilesAndLeavesOthers() throws {
        let folder = try TemporaryDirectory()
        let saved = folder.file("saved")
        try FileManager.default.createDirectory(atPath: saved, withIntermediateDirectories: false)
        // Oldest first; the folder's own names (live and --file forms) and others, older still.
        let own = ["earlier-run_000001.440s_susi.wav", "2020-01-01T00-00-00.000Z_susi.wav", "2020-01-02T09-30-00.250Z_hey-computer.wav"]
        let others = ["2019-12-31T00-00-00.000Z_susi.txt", "holiday.wav", "notes.txt", "susi.wav"]
        for (index, name) in (others + own).enumerated() {
            try #require(FileManager.default.createFile(atPath: saved + "/" + name, contents: Data("x".utf8)))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_577_836_800 + Double(index) * 3600)],
                                                  ofItemAtPath: saved + "/" + name)
        }

        let outcome = try CommandRunner.run(["--file", "TestAudio/commands/hotword_02_slt.flac", "--no-chat", "--json", "--config", "/dev/null",
                                             "--save-audio", saved, "--save-audio-max", "2"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let new = try #require(outcome.events(ofType: "audio_saved").first?["path"] as? String)
        let left = try FileManager.default.contentsOfDirectory(atPath: saved).sorted()
        #expect(left == (others + [own[2], URL(fileURLWithPath: new).lastPathComponent]).sorted())
    }

    @Test func refusesAFolderAmongTheAudioAFileRunReads() throws {
        let folder = try TemporaryDirectory()
        let inputs = folder.file("inputs")
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: false)
        let input = inputs + "/hotword_02_slt.flac"
        try FileManager.default.copyItem(atPath: CommandRunner.repository.appendingPathComponent("TestAudio/commands/hotword_02_slt.flac").path,
                                         toPath: input)
        // The folder read, a folder inside it, and the folder that holds the file read.
        for (files, saved) in [([inputs], inputs), ([inputs], inputs + "/wakes"), ([input], inputs)] {
            let refused = try CommandRunner.run(["--file"] + files + ["--no-chat", "--config", "/dev/null", "--save-audio", saved, "--save-audio-max", "1"])
            #expect(refused.status == 64, "\(files) saved in \(saved): \(refused.standardError)")
            #expect(refused.standardError.contains("the audio saved in \(saved) would be written among the audio the run reads (\(files[0]))"),
                    "\(refused.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: inputs) == ["hotword_02_slt.flac"])
        }
    }

    @Test func refusesAFolderItCannotCreateOrWriteIn() throws {
        let folder = try TemporaryDirectory()
        let fixture = "TestAudio/commands/hotword_02_slt.flac"
        let missing = folder.file("unmounted/wakes")
        let refused = try CommandRunner.run(["--file", fixture, "--no-chat", "--config", "/dev/null", "--save-audio", missing])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("the folder for wake-up audio \(missing): cannot create the folder (the folder it would be in does not exist)"),
                "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: missing))

        // A file in the way, named by the configuration file's key.
        let file = folder.file("wakes")
        try #require(FileManager.default.createFile(atPath: file, contents: Data()))
        let configuration = folder.file("config.toml")
        try "[log]\nsave_audio_dir = \"\(file)\"\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        let notAFolder = try CommandRunner.run(["--file", fixture, "--no-chat", "--config", configuration])
        #expect(notAFolder.status == 2)
        #expect(notAFolder.standardError.contains("the folder for wake-up audio \(file): not a folder"), "\(notAFolder.standardError)")
        #expect(notAFolder.events(ofType: "hotword").isEmpty)
    }
}
