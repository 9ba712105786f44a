import AudioInput
import AudioTestSupport
import CSndFile
import Foundation
import Testing

@Suite(.serialized) struct DetectCommandTests {
    /// "susi, what is the weather in berlin" over a noise floor, and where "susi" is in it.
    let commandFixture: String
    let keywordStart: Double
    let keywordEnd: Double

    init() throws {
        let labels = try String(contentsOf: CommandRunner.repository.appendingPathComponent("TestAudio/labels.tsv"), encoding: .utf8)
        let row = try #require(labels.split(separator: "\n").map { $0.split(separator: "\t") }
            .first { $0[0].hasPrefix("positive_command_what-is-the-weather-in-berlin") && $0[0].hasSuffix("_noise.wav") })
        commandFixture = "TestAudio/" + row[0]
        keywordStart = try #require(Double(row[2]))
        keywordEnd = try #require(Double(row[3]))
    }

    @Test func reportsTheHotwordOfACommandFixtureAsJSONLines() throws {
        let outcome = try CommandRunner.run(["--file", commandFixture, "--json", "--no-chat"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let types = outcome.events.compactMap { $0["type"] as? String }
        #expect(types.first == "start")
        #expect(types.last == "summary")
        let hotwords = outcome.events(ofType: "hotword")
        try #require(hotwords.count == 1)
        let hit = hotwords[0]
        #expect(hit["keyword"] as? String == "susi")
        #expect(hit["file"] as? String == commandFixture)
        // Reported after the keyword ends, within the scoring tolerance.
        let time = try #require(hit["time"] as? Double)
        #expect(time > keywordEnd - 0.1 && time < keywordEnd + 1.5)
        let start = try #require(hit["start"] as? Double), end = try #require(hit["end"] as? Double)
        #expect(abs(start - keywordStart) < 0.3 && abs(end - keywordEnd) < 0.3)
        let summary = try #require(outcome.events(ofType: "summary").first)
        #expect(summary["hits"] as? Int == 1)
        #expect(summary["files"] as? Int == 1)
        #expect((summary["audio_s"] as? Double).map { $0 > 2 } == true)
        #expect((summary["rtf"] as? Double).map { $0 > 0 } == true)
    }

    @Test func printsReadableLinesByDefault() throws {
        let outcome = try CommandRunner.run(["--file", commandFixture, "--no-chat"])
        #expect(outcome.status == 0)
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("listening for \"susi\" (sensitivity 0.5") == true)
        #expect(lines.contains { $0.hasPrefix(commandFixture) && $0.contains("hotword \"susi\"") })
        #expect(lines.last?.hasPrefix("1 file, ") == true)
    }

    /// `--file -` reads standard input, as `arecord … | susi-listen --file -` gives it: a WAV
    /// stream is heard as the file is; a FLAC stream, which libsndfile cannot read from a pipe,
    /// is refused saying so.
    @Test func hearsAudioPipedToStandardInput() throws {
        let fromFile = try CommandRunner.run(["--file", commandFixture, "--json", "--no-chat", "--config", "/dev/null"])
        let piped = try CommandRunner.run(["--file", "-", "--json", "--no-chat", "--config", "/dev/null"],
                                          piped: try Data(contentsOf: CommandRunner.repository.appendingPathComponent(commandFixture)))
        #expect(piped.status == 0, "\(piped.standardError)")
        let hit = try #require(piped.events(ofType: "hotword").first)
        #expect(hit["file"] as? String == "-")
        #expect(hit["end"] as? Double == fromFile.events(ofType: "hotword").first?["end"] as? Double)
        #expect(piped.events(ofType: "final").first?["text"] as? String == fromFile.events(ofType: "final").first?["text"] as? String)

        // As a recorder writes it: a length it cannot know, announced as the largest.
        var streamed = try Data(contentsOf: CommandRunner.repository.appendingPathComponent(commandFixture))
        let dataChunk = try #require(streamed.range(of: Data("data".utf8)))
        streamed.replaceSubrange(dataChunk.upperBound..<(dataChunk.upperBound + 4), with: [0xFF, 0xFF, 0xFF, 0x7F])
        streamed.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0x7F])
        let recorder = try CommandRunner.run(["--file", "-", "--json", "--no-chat", "--config", "/dev/null"], piped: streamed)
        #expect(recorder.status == 0, "\(recorder.standardError)")
        #expect(recorder.events(ofType: "summary").first?["audio_s"] as? Double == fromFile.events(ofType: "summary").first?["audio_s"] as? Double)
        // A file cut short and piped in is still said to be cut short.
        let cut = try CommandRunner.run(["--file", "-", "--no-chat", "--config", "/dev/null"],
                                        piped: try Data(contentsOf: CommandRunner.repository.appendingPathComponent(commandFixture)).prefix(40_000))
        #expect(cut.status == 1)
        #expect(cut.standardError.contains("-: truncated: the header announces"), "\(cut.standardError)")

        let flac = try CommandRunner.run(["--file", "-", "--json", "--no-chat", "--config", "/dev/null"],
                                         piped: try Data(contentsOf: CommandRunner.repository.appendingPathComponent("TestAudio/commands/hotword_02_slt.flac")))
        #expect(flac.status == 1)
        #expect(flac.standardError.contains("-: not an audio file libsndfile can read (")
                && flac.standardError.contains("from a pipe libsndfile reads WAV, AIFF, AU, Ogg and MP3, but not FLAC or CAF: save it to a file first)"),
                "\(flac.standardError)")

        let twice = try CommandRunner.run(["--file", "-", "--file", "-", "--config", "/dev/null"])
        #expect(twice.status == 64)
        #expect(twice.standardError.contains("--file - reads standard input, which can be read once: give it once"))
    }

    @Test func goesOnAfterAMissingFileAndExitsWithOne() throws {
        let outcome = try CommandRunner.run(["--file", "TestAudio/no-such-file.wav", commandFixture, "--json", "--no-chat"])
        #expect(outcome.status == 1)
        let errors = outcome.events(ofType: "error")
        try #require(errors.count == 1)
        #expect(errors[0]["file"] as? String == "TestAudio/no-such-file.wav")
        #expect(errors[0]["message"] as? String == "no such file")
        #expect(outcome.events(ofType: "hotword").count == 1)
        #expect(outcome.standardError.contains("TestAudio/no-such-file.wav: no such file"))
    }

    @Test func rejectsATextFileNamedWav() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("notes.wav").path
        try "these are notes, not audio\n".write(toFile: path, atomically: false, encoding: .utf8)
        let outcome = try CommandRunner.run(["--file", path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("\(path): not an audio file"))
    }

    @Test(arguments: [
        (["--file", "x.wav", "--sensitivity", "1.5"], "--sensitivity: expected a number from 0 to 1 or an array of them, got 1.5"),
        (["--file", "x.wav", "--sensitivity", "nan"], "--sensitivity: expected a number from 0 to 1 or an array of them, got nan"),
        (["--file", "x.wav", "--gain", "0"], "--gain: expected a number above 0, got 0.0"),
        (["--file", "x.wav", "--keyword", "a", "--keyword", "b", "--sensitivity", "0.1", "--sensitivity", "0.2", "--sensitivity", "0.3"], "--sensitivity: give one value or one per keyphrase (2), not 3"),
        (["--log-level", "loud"], "--log-level: expected one of trace, debug, info, notice, warning, error, critical, got \"loud\""),
        (["--file", "x.wav", "--max-command", "1e300"], "--max-command: expected a number of seconds from 0.05 to 3600, got 1e+300"),
        (["--file", "x.wav", "--trailing-silence", "0"], "--trailing-silence: expected a number of seconds from 0.05 to 3600, got 0.0"),
    ])
    func rejectsBadArgumentsWithExitCode64(_ arguments: [String], message: String) throws {
        let outcome = try CommandRunner.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }

    @Test func namesTheDebianPackageWhenTheModelIsMissing() throws {
        let outcome = try CommandRunner.run(["--file", commandFixture, "--acoustic-model", "/nonexistent/model"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("/nonexistent/model/mdef"))
        #expect(outcome.standardError.contains("pocketsphinx-en-us"))
    }

    @Test func namesAKeywordWithNoPronunciation() throws {
        let outcome = try CommandRunner.run(["--file", commandFixture, "--keyword", "zzyzxq"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("no pronunciation for \"zzyzxq\""))
    }

    @Test func runsEveryAudioFileOfAFolder() throws {
        let outcome = try CommandRunner.run(["--file", "TestAudio", "--json", "--no-transcription"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let summary = try #require(outcome.events(ofType: "summary").first)
        let wavs = (FileManager.default.enumerator(atPath: CommandRunner.repository.appendingPathComponent("TestAudio").path)?
            .allObjects as? [String] ?? []).filter { $0.hasSuffix(".wav") || $0.hasSuffix(".flac") }
        #expect(summary["files"] as? Int == wavs.count)
        #expect(summary["failed"] as? Int == 0)
    }
}

extension DetectCommandTests {
    /// With an ALSA configuration file, capture opens only the PCMs it defines, so those are
    /// what `--list-devices` lists, with the channels a device records where it has a count of
    /// its own (for `--channel`; `null` takes any); a file that cannot be read is a capture
    /// problem (exit 3).
    @Test func listsThePCMsAnALSAConfigurationFileDefines() throws {
        let folder = try TemporaryDirectory()
        let configuration = folder.file("asound.conf")
        let bindings = (0..<4).map { "\($0) { slave a channel \($0) }" }.joined(separator: " ")
        try """
            pcm.feed { type null }
            pcm.other { type null }
            pcm.array { type multi slaves.a { pcm { type plug slave { pcm { type null } format S16_LE rate 16000 channels 4 } } \
            channels 4 } bindings { \(bindings) } }

            """.write(toFile: configuration, atomically: false, encoding: .utf8)
        let listed = try CommandRunner.run(["--list-devices", "--alsa-config", configuration, "--config", "/dev/null"])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput == "array\t4 channels\nfeed\nother\n")
        let missing = try CommandRunner.run(["--list-devices", "--alsa-config", folder.file("none.conf"), "--config", "/dev/null"])
        #expect(missing.status == 3)
        #expect(missing.standardError.contains("cannot read the ALSA configuration file"), "\(missing.standardError)")
    }
}

extension DetectCommandTests {
    /// Audio recorded below 16 kHz lacks the band the acoustic model listens to: the run goes
    /// on, and standard error says why so little may be heard.
    /// An Ogg file cut short in the middle of the command: what was heard counts, the command
    /// ends where the audio does, and then the file is reported as cut.
    @Test func hearsACompressedFileUpToWhereItIsCutAndThenSaysSo() throws {
        let folder = try TemporaryDirectory()
        let cut = folder.file("cut.ogg")
        let samples = try AudioFileReader(path: commandFixture).remainingSamples()
        try SoundFileWriter.write(samples, to: cut, format: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS), sampleRate: 16_000, channels: 1)
        let keep = (keywordEnd + 1.5) / (Double(samples.count) / 16_000)
        try TemporaryDirectory.truncate(cut, to: Int(Double(try TemporaryDirectory.bytes(of: cut).count) * keep))

        let outcome = try CommandRunner.run(["--file", cut, "--json", "--no-chat", "--config", "/dev/null"])
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let types = outcome.events.compactMap { $0["type"] as? String }.filter { $0 != "partial" }
        #expect(Array(types.drop { $0 != "hotword" }) == ["hotword", "final", "error", "summary"], "\(types)")
        #expect(outcome.events(ofType: "error").first?["message"] as? String == "truncated: the file ends in the middle of its audio data")
        let heard = try #require(outcome.events(ofType: "summary").first?["audio_s"] as? Double)
        #expect(heard > keywordEnd, "audio_s \(heard)")
    }

    @Test func saysWhenAFileIsRecordedBelowSixteenKilohertz() throws {
        let folder = try TemporaryDirectory()
        let narrow = folder.file("telephone.wav")
        let samples = (0..<4000).map { Int16(3000 * sin(Double($0) * 0.3)) }
        let data = samples.flatMap { UInt16(bitPattern: $0).littleEndianBytes }
        let header: [UInt8] = Array("RIFF".utf8) + UInt32(36 + data.count).littleEndianBytes + Array("WAVEfmt ".utf8)
            + UInt32(16).littleEndianBytes + UInt16(1).littleEndianBytes + UInt16(1).littleEndianBytes
            + UInt32(8000).littleEndianBytes + UInt32(16000).littleEndianBytes + UInt16(2).littleEndianBytes + UInt16(16).littleEndianBytes
            + Array("data".utf8) + UInt32(data.count).littleEndianBytes
        try TemporaryDirectory.write(header + data, to: narrow)
        let outcome = try CommandRunner.run(["--file", narrow, "--no-transcription", "--config", "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("\(narrow): recorded at 8000 Hz, so it holds nothing above 4000 Hz"), "\(outcome.standardError)")
        let wide = try CommandRunner.run(["--file", "TestAudio/positive_alone_awb_s_norm_noise.wav", "--no-transcription", "--config", "/dev/null"])
        #expect(!wide.standardError.contains("recorded at"), "\(wide.standardError)")
    }
}

extension DetectCommandTests {
    /// A two-channel recording with the keyword on channel 1 and noise alone on channel 0, as a
    /// microphone array may give its processed and raw channels: `--channel` (or
    /// `capture.channel`) hears the one named, a channel the file lacks is that file's error,
    /// and one past the limit is a bad argument.
    @Test func hearsTheChannelNamedAlone() throws {
        let folder = try TemporaryDirectory()
        let stereo = folder.file("array.wav")
        let keyword = try AudioFileReader(path: "\(CommandRunner.repository.path)/TestAudio/positive_alone_kal16_s_fast_noise.wav").remainingSamples()
        let noise = try AudioFileReader(path: "\(CommandRunner.repository.path)/TestAudio/negative_background_only_noise.wav").remainingSamples()
        let length = min(keyword.count, noise.count)
        try SoundFileWriter.write(Signal.interleave([Array(noise.prefix(length)), Array(keyword.prefix(length))]), to: stereo,
                                  format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16), sampleRate: 16_000, channels: 2)
        let configuration = folder.file("config.toml")
        try "[capture]\nchannel = 1\n".write(toFile: configuration, atomically: false, encoding: .utf8)
        let base = ["--file", stereo, "--json", "--no-transcription"]
        let hits = { (outcome: CommandRunner.Outcome) in outcome.events(ofType: "hotword").count }

        let one = try CommandRunner.run(base + ["--channel", "1", "--config", "/dev/null"])
        #expect(one.status == 0, "\(one.standardError)")
        #expect(hits(one) == 1, "\(one.standardOutput)")
        let fromTheFile = try CommandRunner.run(base + ["--config", configuration])
        #expect(hits(fromTheFile) == 1, "\(fromTheFile.standardOutput)")
        let zero = try CommandRunner.run(base + ["--channel", "0", "--config", configuration])
        #expect(zero.status == 0, "\(zero.standardError)")
        #expect(hits(zero) == 0, "\(zero.standardOutput)")

        let missing = try CommandRunner.run(base + ["--channel", "2", "--config", "/dev/null"])
        #expect(missing.status == 1, "\(missing.standardError)")
        #expect(missing.events(ofType: "error").first?["message"] as? String == "has no channel 2: it has 2 (counted from 0, so 0–1)",
                "\(missing.standardOutput)")
        let beyond = try CommandRunner.run(base + ["--channel", "64", "--config", "/dev/null"])
        #expect(beyond.status == 64, "\(beyond.standardError)")
        #expect(beyond.standardError.contains("--channel: expected a whole number from 0 to 63"), "\(beyond.standardError)")
    }
}
