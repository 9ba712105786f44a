import Foundation
import Testing
import AudioTestSupport
import CSndFile

@Suite struct BenchCommandTests {
    /// Labels that are not there: a command that gets past its arguments fails reading them (exit 1).
    private static let missingLabels = "TestAudio/no-such-labels.tsv"

    @Test(arguments: [
        (["bench", "--negatives", "x.wav", "--keyword", ""], "--keyword: expected a keyphrase or an array of them, none empty and none twice, got \"\""),
        (["bench", "--negatives", "x.wav", "--keyword", " "], "--keyword: expected a keyphrase or an array of them, none empty and none twice, got \" \""),
        (["bench"], "give labelled audio with --positives, recordings of the keyword with --recordings, and/or negatives with --negatives"),
        (["bench", "--recordings", "x.wav", "--keyword", "susi", "--keyword", "computer"], "--recordings hold one keyword each: give one --keyword, not 2"),
        (["bench", "--live", "--positives", missingLabels, "--recordings", "x.wav", "--sensitivity", "0.5"], "--live times each keyword from its label's end, which recordings do not give"),
        (["bench", "--live", "--negatives", "x.wav", "--keyword", "susi"], "--live plays the positives: give --positives"),
        (["bench", "--live", "--positives", missingLabels, "--sensitivity", "0.5", "--negatives", "x.wav"], "--live does not use --negatives"),
        (["bench", "--live", "--positives", missingLabels, "--sensitivity", "0.5", "--json"], "--live does not use --json"),
        (["bench", "--live", "--positives", missingLabels, "--sensitivity", "0.5", "--plot", "x.svg"], "--live does not use --plot"),
        (["bench", "--live", "--positives", missingLabels, "--sensitivity", "0.5", "--per-file"], "--live does not use --per-file"),
        (["bench", "--live", "--positives", missingLabels, "--sensitivity", "0.3", "0.5"], "--live measures at one sensitivity: give one --sensitivity, not 2"),
        (["bench", "--live", "--positives", missingLabels, "--target-fa-per-hour", "2"], "--live does not use --target-fa-per-hour"),
        (["bench", "--live", "--positives", missingLabels, "--sensitivity", "0.5", "--halves"], "--live does not use --halves"),
        (["bench", "--negatives", "x.wav", "--keyword", "susi", "--sensitivity", "0.3", "1.5"], "--sensitivity: expected"),
        (["bench", "--negatives", "x.wav", "--keyword", "susi", "--sensitivity", "0.5", "0.5"], "--sensitivity: 0.5 is given twice"),
    ])
    func rejectsBadArgumentsWithExitCode64(_ arguments: [String], message: String) throws {
        let outcome = try CommandRunner.run(arguments)
        #expect(outcome.status == 64, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }

    @Test func saysWhenTheLabelsHoldNoRows() throws {
        let folder = try TemporaryDirectory()
        let labels = folder.file("labels.tsv")
        try "file\tkeyword\tstart_s\tend_s\n".write(toFile: labels, atomically: false, encoding: .utf8)
        let outcome = try CommandRunner.run(["bench", "--positives", labels])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("susi-listen bench: the labels hold no rows"), "\(outcome.standardError)")
    }

    /// A labels file `name` in `folder` (which must outlive its use) with one "susi" label on a
    /// 1.5-second fixture.
    private func oneLabel(in folder: TemporaryDirectory, named name: String = "labels.tsv",
                          start: String = "0.500", end: String = "1.043") throws -> String {
        let labels = folder.file(name)
        let audio = CommandRunner.repository.appendingPathComponent("TestAudio/positive_alone_awb_s_norm_noise.wav").path
        try "file\tkeyword\tstart_s\tend_s\n\(audio)\tsusi\t\(start)\t\(end)\n".write(toFile: labels, atomically: false, encoding: .utf8)
        return labels
    }

    @Test func liveRefusesALabelPastTheEndOfItsFileAsPlainBenchDoes() throws {
        let folder = try TemporaryDirectory()
        let labels = try oneLabel(in: folder, start: "1.0", end: "30.0")
        for extra in [[], ["--live"]] {
            let outcome = try CommandRunner.run(["bench", "--positives", labels, "--sensitivity", "0.5", "--decision", "spotting"] + extra)
            #expect(outcome.status == 1, "\(extra): \(outcome.standardError)")
            #expect(outcome.standardError.contains("end_s 30.0 is past the end of"), "\(extra): \(outcome.standardError)")
        }
    }

    @Test func liveRunsAtTheDefaultSensitivityAndTimesTheHitOnTheWallClock() throws {
        let folder = try TemporaryDirectory()
        let labels = try oneLabel(in: folder)
        let outcome = try CommandRunner.run(["bench", "--live", "--positives", labels, "--decision", "spotting"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("susi at sensitivity 0.5:"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("hits 1/1, false alarms 0"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("latency from keyword end, wall clock: p50"), "\(outcome.standardOutput)")
    }

    @Test func readsALabelsFileWhosePathHoldsAnEqualsSign() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.file("x=y"), withIntermediateDirectories: true)
        let labels = try oneLabel(in: folder, named: "x=y/labels.tsv")
        let outcome = try CommandRunner.run(["bench", "--positives", labels, "--sensitivity", "0.5", "--json", "--decision", "spotting"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("\"keyword\":\"susi\""), "\(outcome.standardOutput)")
    }

    /// Negatives that would count keywords as false alarms, or count twice, a keyword the
    /// positives do not label, a file that is not audio behind good ones, and a label past its
    /// file's end are refused before anything is measured.
    @Test func refusesWhatItCannotMeasureBeforeMeasuring() throws {
        let folder = try TemporaryDirectory()
        let labels = try oneLabel(in: folder)
        let broken = folder.file("broken.wav")
        try "not audio".write(toFile: broken, atomically: false, encoding: .utf8)
        let pastTheEnd = try oneLabel(in: folder, named: "late.tsv", start: "1.0", end: "30.0")
        let labelled = CommandRunner.repository.appendingPathComponent("TestAudio/positive_alone_awb_s_norm_noise.wav").path
        let negative = CommandRunner.repository.appendingPathComponent("TestAudio/negative_background_only_noise.wav").path
        let cases: [([String], String)] = [
            (["--positives", labels, "--negatives", "TestAudio"],
             "\(labelled): labelled with keywords (\(labels):2), so not negatives"),
            (["--keyword", "susi", "--negatives", negative, "TestAudio/../TestAudio/negative_background_only_noise.wav"],
             "TestAudio/../TestAudio/negative_background_only_noise.wav: given twice as negatives"),
            (["--positives", labels, "--keyword", "computer", "--negatives", negative],
             "no labelled audio for \"computer\" in the positives (their keywords: \"susi\")"),
            (["--positives", labels, "--negatives", negative, broken], "\(broken): not an audio file libsndfile can read"),
            (["--positives", pastTheEnd, "--negatives", negative], "\(pastTheEnd):2: end_s 30.0 is past the end of"),
        ]
        for (arguments, message) in cases {
            let outcome = try CommandRunner.run(["bench", "--sensitivity", "0.5", "--decision", "spotting"] + arguments)
            #expect(outcome.status == 1, "\(arguments): \(outcome.standardError)")
            #expect(outcome.standardError.contains("susi-listen bench: " + message), "\(arguments): \(outcome.standardError)")
            #expect(!outcome.standardError.contains("at sensitivity 0.5 done"), "measured before refusing: \(outcome.standardError)")
        }
    }

    /// Several sensitivities with `--keyword` are a sweep, every one run for the keyword, not
    /// one per keyphrase as for `detect`.
    @Test func sweepsEverySensitivityGivenForTheKeywordGiven() throws {
        let negative = CommandRunner.repository.appendingPathComponent("TestAudio/negative_background_only_noise.wav").path
        let outcome = try CommandRunner.run(["bench", "--negatives", negative, "--keyword", "susi", "--sensitivity", "0.3", "0.5", "0.7",
                                             "--decision", "spotting", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let rows = try #require(result["rows"] as? [[String: Any]])
        #expect(rows.map { $0["keyword"] as? String } == ["susi", "susi", "susi"])
        #expect(rows.map { $0["sensitivity"] as? Double } == [0.3, 0.5, 0.7])
    }

    /// The plot is written into the file its path names, through a symbolic link as to any
    /// file, and a folder that is not there is found out before the benchmark runs.
    @Test func writesThePlotThroughASymbolicLinkAndRefusesAMissingFolderFirst() throws {
        let folder = try TemporaryDirectory()
        let target = folder.file("target.svg"), link = folder.file("link.svg")
        _ = FileManager.default.createFile(atPath: target, contents: nil)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let negative = CommandRunner.repository.appendingPathComponent("TestAudio/negative_background_only_noise.wav").path
        let plotted = try CommandRunner.run(["bench", "--negatives", negative, "--keyword", "susi", "--sensitivity", "0.5",
                                             "--decision", "spotting", "--plot", link])
        #expect(plotted.status == 0, "\(plotted.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("<svg"))

        let nowhere = try CommandRunner.run(["bench", "--negatives", negative, "--keyword", "susi", "--plot", folder.file("none/plot.svg")])
        #expect(nowhere.status == 64)
        #expect(nowhere.standardError.contains("--plot: no folder \(folder.file("none")) to write"), "\(nowhere.standardError)")
    }

    /// A report that cannot be written (a full disk) is a failed run, not a silent success.
    @Test func aReportThatCannotBeWrittenExitsWith74() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let negative = CommandRunner.repository.appendingPathComponent("TestAudio/negative_background_only_noise.wav").path
        let outcome = try CommandRunner.run(["bench", "--negatives", negative, "--keyword", "susi", "--sensitivity", "0.5", "--decision", "spotting"],
                                            standardOutput: full)
        #expect(outcome.status == 74, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("cannot write the report to standard output"), "\(outcome.standardError)")
    }

    /// A labels file in `folder` with the first `count` labels of `TestAudio/labels.tsv`, their
    /// files named by absolute paths.
    private func firstLabels(_ count: Int, in folder: TemporaryDirectory) throws -> String {
        let labels = folder.file("labels.tsv")
        let all = try String(contentsOf: CommandRunner.repository.appendingPathComponent("TestAudio/labels.tsv"), encoding: .utf8)
            .split(separator: "\n")
        let rows = all.dropFirst().prefix(count).map { row in
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false)
            return ([CommandRunner.repository.appendingPathComponent("TestAudio/" + columns[0]).path] + columns.dropFirst().map(String.init))
                .joined(separator: "\t")
        }
        try ([String(all[0])] + rows).joined(separator: "\n").appending("\n").write(toFile: labels, atomically: false, encoding: .utf8)
        return labels
    }

    @Test func halvesSplitTheRunIntoTwoThatAddUpToIt() throws {
        // The first ten labelled "susi" fixtures of TestAudio, with a negative fixture.
        let folder = try TemporaryDirectory()
        let labels = try firstLabels(10, in: folder)
        let negative = CommandRunner.repository.appendingPathComponent("TestAudio/negative_background_only_babble.wav").path
        let outcome = try CommandRunner.run(["bench", "--positives", labels, "--negatives", negative, "--sensitivity", "0.5",
                                             "--halves", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let row = try #require((result["rows"] as? [[String: Any]])?.first)
        let halves = try #require(row["halves"] as? [[String: Any]])
        #expect(halves.count == 2)
        for key in ["hits", "labels", "false_alarms", "false_alarms_in_positives"] {
            let whole = try #require(row[key] as? Int), parts = try halves.map { try #require($0[key] as? Int) }
            #expect(parts.reduce(0, +) == whole, "\(key): \(parts) against \(whole)")
        }
        #expect(halves.map { $0["labels"] as? Int } == [5, 5])
        let heldOut = try #require((result["held_out_points"] as? [[String: Any]])?.first)
        #expect(heldOut["keyword"] as? String == "susi")
    }

    /// Detections made elsewhere are scored as the detector's own: `detect --json` over each
    /// labelled file and a negative one (each file a stream of its own, as `--per-file` hears
    /// them; keyword spotting alone, the quickest), its files named another way, gives exactly
    /// the figures of `bench --per-file`, with no sensitivity and no CPU. What does not fit the audio is refused, naming the line.
    @Test func scoresDetectionsMadeElsewhereAsItScoresItsOwn() throws {
        let folder = try TemporaryDirectory()
        // The mixed fixture's labels (near misses that fire between them) and two more files.
        let labels = try firstLabels(20, in: folder)
        let negative = CommandRunner.repository.appendingPathComponent("TestAudio/negative_nearmiss_juicy_awb_noise.wav").path
        let audio = try String(contentsOfFile: labels, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { String($0.split(separator: "\t")[0]) }
        var seen = Set<String>()
        let heard = (audio + [negative]).filter { seen.insert($0).inserted }
        #expect(heard.count == 4, "\(heard)")
        let detected = try CommandRunner.run(["--file"] + heard.map { $0.replacing("/TestAudio/", with: "/TestAudio/./") }
                                             + ["--no-transcription", "--json", "--decision", "spotting"])
        #expect(detected.status == 0, "\(detected.standardError)")
        let detections = folder.file("detections.jsonl")
        try detected.standardOutput.write(toFile: detections, atomically: false, encoding: .utf8)

        let common = ["bench", "--positives", labels, "--negatives", negative, "--json"]
        let own = try CommandRunner.run(common + ["--sensitivity", "0.5", "--per-file", "--decision", "spotting"])
        let scored = try CommandRunner.run(common + ["--detections", detections])
        #expect(own.status == 0, "\(own.standardError)")
        #expect(scored.status == 0, "\(scored.standardError)")
        func row(_ outcome: CommandRunner.Outcome) throws -> [String: Any] {
            let result = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
            return try #require((result["rows"] as? [[String: Any]])?.first)
        }
        let ownRow = try row(own), scoredRow = try row(scored)
        for key in ["hits", "labels", "false_alarms", "false_alarms_in_positives", "latency_p50_s", "latency_max_s"] {
            #expect("\(ownRow[key] ?? "none")" == "\(scoredRow[key] ?? "none")", "\(key): \(ownRow) against \(scoredRow)")
        }
        #expect(ownRow["hits"] as? Int ?? 0 > 0 && ownRow["false_alarms_in_positives"] as? Int ?? 0 > 0, "\(ownRow)")
        #expect(scoredRow["sensitivity"] is NSNull && scoredRow["rtf"] is NSNull, "\(scoredRow)")
        #expect(scoredRow["detections"] as? String == detections, "\(scoredRow)")
        let table = try CommandRunner.run(common.filter { $0 != "--json" } + ["--detections", detections])
        #expect(table.status == 0, "\(table.standardError)")
        #expect(table.standardOutput.contains("#1: detections read from \(detections)"), "\(table.standardOutput)")
        #expect(table.standardOutput.contains("detections made elsewhere, scored: no CPU or memory measured"), "\(table.standardOutput)")

        let line = "{\"type\":\"hotword\",\"keyword\":\"susi\",\"time\":1.0,\"file\":\"\(negative)\"}"
        let refused: [(String, String)] = [
            ("not json\n", "bad.jsonl:1: not a JSON object"),
            ("{\"type\":\"start\"}\n{\"type\":\"hotword\",\"keyword\":\"susi\",\"file\":\"\(negative)\"}\n", "bad.jsonl:2: a hotword without its \"time\""),
            (line.replacing("1.0", with: "99.0") + "\n", "bad.jsonl:1: time 99.0 s is past the end of \(negative)"),
            (line.replacing("susi", with: "computer") + "\n", "its detections are of \"computer\", none of the keywords measured (\"susi\")"),
        ]
        for (text, message) in refused {
            try text.write(toFile: folder.file("bad.jsonl"), atomically: false, encoding: .utf8)
            let outcome = try CommandRunner.run(common + ["--detections", folder.file("bad.jsonl")])
            #expect(outcome.status == 1, "\(message): \(outcome.standardError)")
            #expect(outcome.standardError.contains(message), "\(message): \(outcome.standardError)")
        }
        // Detections in files not measured (a run over more files) are left out, saying so.
        let other = line.replacing(negative, with: "TestAudio/mixed_susi_and_near_misses.wav")
        try "\(line)\n\(other)\n\(other)\n".write(toFile: folder.file("more.jsonl"), atomically: false, encoding: .utf8)
        let more = try CommandRunner.run(["bench", "--negatives", negative, "--detections", folder.file("more.jsonl"), "--json"])
        #expect(more.status == 0, "\(more.standardError)")
        #expect(more.standardError.contains("bench: warning: 2 detections of \(folder.file("more.jsonl")) lie in files neither labelled nor among the negatives, left out (the first: TestAudio/mixed_susi_and_near_misses.wav, \(folder.file("more.jsonl")):2)"),
                "\(more.standardError)")
        #expect(try row(more)["false_alarms"] as? Int == 1, "\(more.standardOutput)")
        for option in [["--sensitivity", "0.5"], ["--per-file"], ["--decision", "spotting"], ["--gain", "2"]] {
            let outcome = try CommandRunner.run(common + ["--detections", detections] + option)
            #expect(outcome.status == 64, "\(option): \(outcome.standardError)")
            #expect(outcome.standardError.contains("--detections scores detections made elsewhere, and runs no detector: \(option[0]) does not apply"),
                    "\(option): \(outcome.standardError)")
        }
    }

    @Test func helpShowsEachDefaultOnce() throws {
        let outcome = try CommandRunner.run(["bench", "--help"])
        #expect(outcome.status == 0)
        let help = outcome.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("Sensitivities to sweep (default: 0.1 0.3 0.5 0.7 0.9; with --live, 0.5). --"), "\(help)")
        #expect(help.contains("must meet (default: 1). --"), "\(help)")
        #expect(help.contains("Audio gain (default: the configuration's, else 1.0). --"), "\(help)")
    }

    /// Recordings that each hold the keyword said once, with no labels: each is a label spanning
    /// its file, heard by the same detector (two fixtures `detect` hears "susi" in, and a take
    /// with noise alone, which no detector can hit), with no latency, since where the keyword
    /// ends in them is not known.
    @Test func measuresRecordingsOfTheKeywordWithoutLabels() throws {
        let folder = try TemporaryDirectory()
        let names = ["positive_alone_awb_s_norm_noise", "positive_alone_kal16_s_fast_noise", "negative_background_only_noise"]
        for (index, name) in names.enumerated() {
            try FileManager.default.createSymbolicLink(atPath: folder.file("take\(index).wav"),
                                                       withDestinationPath: CommandRunner.repository.appendingPathComponent("TestAudio/\(name).wav").path)
        }
        let outcome = try CommandRunner.run(["bench", "--recordings", folder.path, "--sensitivity", "0.5", "--halves", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let row = try #require((result["rows"] as? [[String: Any]])?.first)
        #expect(row["keyword"] as? String == "susi")
        #expect(row["labels"] as? Int == 3)
        #expect(row["hits"] as? Int == 2)
        #expect(row["false_alarms_in_positives"] as? Int == 0)
        #expect(row["latency_p50_s"] is NSNull, "\(row)")
        let halves = try #require(row["halves"] as? [[String: Any]])
        #expect(halves.map { $0["labels"] as? Int } == [1, 2])
        #expect(halves.allSatisfy { $0["latency_p50_s"] is NSNull }, "\(halves)")

        // A recording much longer than a take is measured, with a warning that it counts once.
        let long = folder.file("long/hour.wav")
        try FileManager.default.createDirectory(atPath: folder.file("long"), withIntermediateDirectories: true)
        try SoundFileWriter.write(Signal.quietRoom(samples: 31 * 16_000), to: long, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16),
                                  sampleRate: 16_000, channels: 1)
        let warned = try CommandRunner.run(["bench", "--recordings", long, "--sensitivity", "0.5", "--decision", "spotting"])
        #expect(warned.status == 0, "\(warned.standardError)")
        #expect(warned.standardError.contains("bench: warning: \(long) lasts 31 s, and a recording counts as one \"susi\" said once"),
                "\(warned.standardError)")
        #expect(!outcome.standardError.contains("warning"), "\(outcome.standardError)")

        let twice = try CommandRunner.run(["bench", "--recordings", folder.path, folder.file("take0.wav"), "--sensitivity", "0.5"])
        #expect(twice.status == 1, "\(twice.standardError)")
        #expect(twice.standardError.contains("susi-listen bench: \(folder.file("take0.wav")): given twice as recordings"), "\(twice.standardError)")
    }

    /// `bench` and `soak` hear with the configuration file's hotword settings, as `detect` does:
    /// its keyword, measured on recordings and on negatives alone, and its pronunciation, without
    /// which the keyword cannot be set up; a wrong file stops them with exit code 78.
    @Test func benchAndSoakReadTheConfigurationFile() throws {
        let folder = try TemporaryDirectory()
        let configuration = folder.file("config.toml")
        try "[hotword]\nkeywords = \"zorblat\"\npronunciations = [\"zorblat=S UW Z IY\"]\n"
            .write(toFile: configuration, atomically: false, encoding: .utf8)
        let recording = CommandRunner.repository.appendingPathComponent("TestAudio/positive_alone_kal16_s_fast_noise.wav").path
        let negative = CommandRunner.repository.appendingPathComponent("TestAudio/negative_background_only_noise.wav").path
        let measured = try CommandRunner.run(["bench", "--config", configuration, "--recordings", recording, "--negatives", negative,
                                              "--sensitivity", "0.5", "--json"])
        #expect(measured.status == 0, "\(measured.standardError)")
        #expect(measured.standardError.contains("bench: hotword settings from \(configuration), under the flags given"), "\(measured.standardError)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(measured.standardOutput.utf8)) as? [String: Any])
        let row = try #require((result["rows"] as? [[String: Any]])?.first)
        #expect(row["keyword"] as? String == "zorblat")
        #expect(row["hits"] as? Int == 1, "\(row)")

        let negativesAlone = try CommandRunner.run(["bench", "--config", configuration, "--negatives", negative, "--sensitivity", "0.5",
                                                    "--decision", "spotting"])
        #expect(negativesAlone.status == 0, "\(negativesAlone.standardError)")
        #expect(negativesAlone.standardOutput.contains("zorblat"), "\(negativesAlone.standardOutput)")

        let withoutTheFile = try CommandRunner.run(["bench", "--recordings", recording, "--keyword", "zorblat", "--sensitivity", "0.5",
                                                    "--decision", "spotting"])
        #expect(withoutTheFile.status == 2, "\(withoutTheFile.standardError)")

        let two = folder.file("two.toml")
        try "[hotword]\nkeywords = [\"susi\", \"computer\"]\n".write(toFile: two, atomically: false, encoding: .utf8)
        let ambiguous = try CommandRunner.run(["bench", "--config", two, "--recordings", recording, "--sensitivity", "0.5"])
        #expect(ambiguous.status == 64, "\(ambiguous.standardError)")
        #expect(ambiguous.standardError.contains("--recordings hold one keyword each, and the configuration has 2: give one --keyword"),
                "\(ambiguous.standardError)")

        let wrong = folder.file("wrong.toml")
        try "[hotword]\ngain = \"loud\"\n".write(toFile: wrong, atomically: false, encoding: .utf8)
        for command in [["bench", "--negatives", negative, "--keyword", "susi"], ["soak", "--seconds", "60"]] {
            let outcome = try CommandRunner.run(command + ["--config", wrong])
            #expect(outcome.status == 78, "\(command): \(outcome.standardError)")
            #expect(outcome.standardError.contains("\(wrong):2"), "\(command): \(outcome.standardError)")
        }
    }
}
