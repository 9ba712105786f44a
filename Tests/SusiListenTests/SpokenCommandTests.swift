import AudioInput
import AudioPlayback
import AudioTestSupport
import Foundation
import HTTPTestSupport
import Testing

/// The whole pipeline on recorded commands: hotword → partial results → final command → a
/// chat query to a SUSI-like server on loopback → its answer.
@Suite(.serialized) struct SpokenCommandTests {
    /// "susi, set a timer for ten minutes" with the command starting 0.08 s after the keyword.
    let timerCommand = "TestAudio/commands/hotword_02_slt.flac"

    /// A SUSI answer shaped like the server's: an answer expression and a timer action.
    static let timerAnswer = """
        {"query":"set a timer for ten minutes","answers":[{"data":[{"hour":0,"minute":10,"second":0}],"metadata":{"count":1},\
        "actions":[{"type":"answer","expression":"Alright, timer set for 10 minutes."},{"type":"timer_set","hour":0,"minute":10,"second":0}]}],\
        "session":{"identity":{"type":"host","name":"127.0.0.1","anonymous":true}}}
        """

    @Test func answersASpokenCommandThroughTheSUSIServer() throws {
        let server = try LoopbackHTTPServer(script: [.json(Self.timerAnswer)])
        defer { server.stop() }
        let outcome = try CommandRunner.run(["--file", timerCommand, "--server", server.url.absoluteString, "--json", "--config", "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.standardError)")

        let types = outcome.events.compactMap { $0["type"] as? String }
        let order = types.filter { $0 != "partial" }
        #expect(order == ["start", "hotword", "final", "query", "answer", "summary"], "\(types)")
        // Partial results stream between the hotword and the final result.
        let hotwordIndex = try #require(types.firstIndex(of: "hotword")), finalIndex = try #require(types.firstIndex(of: "final"))
        #expect(types[hotwordIndex..<finalIndex].filter { $0 == "partial" }.count >= 2)

        let final = try #require(outcome.events(ofType: "final").first)
        #expect(final["text"] as? String == "set a timer for ten minutes")
        #expect(final["reason"] as? String == "end_of_speech")
        let hotword = try #require(outcome.events(ofType: "hotword").first)
        #expect(try #require(final["time"] as? Double) > (try #require(hotword["time"] as? Double)))

        let request = try #require(server.recordedRequests.first)
        #expect(server.recordedRequests.count == 1)
        #expect(request.path == "/susi/chat.json")
        #expect(request.parameters["q"] == "set a timer for ten minutes")
        #expect(request.parameters["language"] == "en")
        #expect(request.parameters["device_type"] == "susi-listen")
        #expect(request.parameters["timezoneOffset"] != nil)
        #expect(request.parameters["access_token"] == nil)

        let query = try #require(outcome.events(ofType: "query").first)
        #expect(query["q"] as? String == "set a timer for ten minutes")
        #expect(query["status"] as? String == "sent")
        let answer = try #require(outcome.events(ofType: "answer").first)
        #expect((answer["text"] as? String)?.contains("Alright, timer set for 10 minutes.") == true)
        let actions = try #require(answer["actions"] as? [[String: Any]])
        #expect(actions.compactMap { $0["type"] as? String } == ["answer", "timer_set"])
    }

    /// The token kept in a file of its own (as a systemd credential is) reaches the server and
    /// is never printed; a file that cannot give one stops susi-listen before any audio is heard.
    @Test func sendsTheAccessTokenReadFromItsFile() throws {
        let folder = try TemporaryDirectory()
        let tokenFile = folder.file("access_token"), configuration = folder.file("config.toml")
        try "SECRETTOKEN123\n".write(toFile: tokenFile, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile)
        try "[chat]\naccess_token_file = \"\(tokenFile)\"\n".write(toFile: configuration, atomically: false, encoding: .utf8)
        let server = try LoopbackHTTPServer(script: [.json(Self.timerAnswer)])
        defer { server.stop() }
        let outcome = try CommandRunner.run(["--file", timerCommand, "--server", server.url.absoluteString, "--json", "--config", configuration])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(server.recordedRequests.map { $0.parameters["access_token"] } == ["SECRETTOKEN123"])
        #expect(!(outcome.standardOutput + outcome.standardError).contains("SECRETTOKEN123"))
        #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")

        try "".write(toFile: tokenFile, atomically: false, encoding: .utf8)
        let empty = try CommandRunner.run(["--file", timerCommand, "--server", server.url.absoluteString, "--json", "--config", configuration])
        #expect(empty.status == 78)
        #expect(empty.standardError == "susi-listen: \(tokenFile): is empty: it should hold the SUSI access token (chat.access_token_file)\n")
        #expect(empty.events.isEmpty)
        #expect(server.recordedRequests.count == 1)
    }

    /// The same command with recorded talk going on straight after it, as with a television on
    /// (a LibriSpeech reading of `shared/devdata`, 3 dB below the command): the session ends at
    /// the command's sentence end, not at the 10 s maximum, and only the command is sent.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: talkRecording), "needs ../shared/devdata beside the repository"))
    func aCommandFollowedByOtherTalkIsSentAlone() throws {
        let folder = try TemporaryDirectory()
        let spoken = try AudioFileReader(path: timerCommand).remainingSamples()
        let manifest = try String(contentsOfFile: "TestAudio/commands/manifest.tsv", encoding: .utf8)
        let row = try #require(manifest.split(separator: "\n").first { $0.hasPrefix("hotword_02_slt.flac\t") })
        let speechEnd = Int(try #require(Double(row.split(separator: "\t")[4])) * Double(pipelineSampleRate))
        let command = Array(spoken.prefix(speechEnd))
        let talk = try AudioFileReader(path: Self.talkRecording).remainingSamples()
        let gain = Float(Signal.rms(command[...]) / Signal.rms(talk[...]) * pow(10, -3.0 / 20))
        let path = folder.file("command-then-talk.wav")
        try WAVFileOutput(path: path).play(Sound(name: "command then talk", samples: command + talk.map { $0 * gain }))

        let server = try LoopbackHTTPServer(script: [.json(Self.timerAnswer)])
        defer { server.stop() }
        let outcome = try CommandRunner.run(["--file", path, "--server", server.url.absoluteString, "--json", "--config", "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let final = try #require(outcome.events(ofType: "final").first)
        #expect(final["text"] as? String == "set a timer for ten minutes")
        #expect(final["reason"] as? String == "sentence_end")
        // A few words into the talk, well before the 10 s maximum.
        let ended = try #require(final["time"] as? Double)
        #expect(ended - Double(speechEnd) / Double(pipelineSampleRate) < 3, "final at \(ended) s")
        #expect(server.recordedRequests.map { $0.parameters["q"] } == ["set a timer for ten minutes"])

        // Turned off, the session waits for silence and the talk is part of the command.
        let waiting = try CommandRunner.run(["--file", path, "--no-sentence-end", "--no-chat", "--json", "--config", "/dev/null"])
        let untilSilence = try #require(waiting.events(ofType: "final").first)
        #expect(untilSilence["reason"] as? String != "sentence_end")
        #expect((untilSilence["text"] as? String)?.hasPrefix("set a timer for ten minutes ") == true, "\(untilSilence)")
    }

    static let talkRecording = "../shared/devdata/background/librispeech_1081-125237-0000.flac"

    /// The zone comes from `TZ` (here a POSIX rule, which needs no tz database), read at each
    /// query: India's UTC+5:30, and a zone on daylight saving time all year, UTC+1 then +2.
    @Test(arguments: [("IST-5:30", "-330"), ("AAA-1BBB,J1/0,J365/25", "-120")])
    func sendsTheSystemTimeZonesOffset(zone: String, expected: String) throws {
        let server = try LoopbackHTTPServer(script: [.json(Self.timerAnswer)])
        defer { server.stop() }
        let outcome = try CommandRunner.run(["--file", timerCommand, "--server", server.url.absoluteString, "--json", "--config", "/dev/null"],
                                            environment: ["TZ": zone])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(server.recordedRequests.first?.parameters["timezoneOffset"] == expected)
    }

    @Test func reportsTheQuerySentWhenTheServerLeavesItsQueryOut() throws {
        let answer = #"{"answers":[{"data":[],"actions":[{"type":"answer","expression":"Done."}]}]}"#
        let server = try LoopbackHTTPServer(script: [.json(answer)])
        defer { server.stop() }
        let outcome = try CommandRunner.run(["--file", timerCommand, "--server", server.url.absoluteString, "--json", "--config", "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let query = try #require(outcome.events(ofType: "query").first)
        #expect(query["q"] as? String == "set a timer for ten minutes")
        #expect(outcome.events(ofType: "answer").first?["q"] as? String == "set a timer for ten minutes")
    }

    /// A SUSI weather answer: an expression and a table built from the answer's data.
    static let weatherAnswer = """
        {"query":"what is the weather in berlin","answers":[{"data":[{"location":"Berlin","temperature":"4","description":"light rain"}],\
        "metadata":{"count":1},"actions":[{"type":"answer","expression":"It is 4 °C in Berlin with light rain."},\
        {"type":"table","columns":{"location":"Place","temperature":"°C","description":"Weather"},"count":1}]}],\
        "session":{"identity":{"type":"host","name":"127.0.0.1","anonymous":true}}}
        """

    @Test func asksForTheWeatherInBerlinSpokenAfterTheHotword() throws {
        let server = try LoopbackHTTPServer(script: [.json(Self.weatherAnswer)])
        defer { server.stop() }
        let outcome = try CommandRunner.run(["--file", "TestAudio/positive_command_what-is-the-weather-in-berlin_slt_noise.wav",
                                             "--server", server.url.absoluteString, "--json", "--config", "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.events.compactMap { $0["type"] as? String }.filter { $0 != "partial" }
            == ["start", "hotword", "final", "query", "answer", "summary"])
        #expect(!outcome.events(ofType: "partial").isEmpty)
        #expect(outcome.events(ofType: "final").first?["text"] as? String == "what is the weather in berlin")
        #expect(server.recordedRequests.first?.parameters["q"] == "what is the weather in berlin")
        let answer = try #require(outcome.events(ofType: "answer").first)
        #expect((answer["text"] as? String)?.contains("It is 4 °C in Berlin with light rain.") == true)
        let table = try #require((answer["actions"] as? [[String: Any]])?.last)
        #expect(table["type"] as? String == "table")
    }

    @Test func reportsAnUnreachableServerAndExitsWithFour() throws {
        let port = try LoopbackHTTPServer.closedPort()
        let outcome = try CommandRunner.run(["--file", timerCommand, "--server", "http://127.0.0.1:\(port)", "--json", "--config", "/dev/null"])
        #expect(outcome.status == 4)
        #expect(outcome.events(ofType: "final").count == 1)
        let query = try #require(outcome.events(ofType: "query").first)
        #expect(query["status"] as? String == "failed")
        let error = try #require(outcome.events(ofType: "error").first)
        #expect((error["message"] as? String)?.contains("127.0.0.1:\(port)") == true)
        #expect(outcome.events(ofType: "summary").first?["unanswered"] as? Int == 1)
    }

    @Test func keepsTheQueryInTheSpoolWhileTheServerIsDownAndSendsItOnceItIsBack() throws {
        let scratch = try TemporaryDirectory()
        let spool = scratch.file("spool")
        let port = try LoopbackHTTPServer.closedPort()
        let down = try CommandRunner.run(["--file", timerCommand, "--server", "http://127.0.0.1:\(port)", "--spool-dir", spool, "--json", "--config", "/dev/null"])
        #expect(down.status == 4)
        #expect(down.events(ofType: "query").first?["status"] as? String == "spooled")
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool).filter { $0.hasSuffix(".json") }.count == 1)

        // Back up: the next run sends the kept query first (once), then its own.
        let server = try LoopbackHTTPServer(script: [.json(Self.timerAnswer), .json(Self.timerAnswer)])
        defer { server.stop() }
        let back = try CommandRunner.run(["--file", timerCommand, "--server", server.url.absoluteString, "--spool-dir", spool, "--json", "--config", "/dev/null"])
        #expect(back.status == 0, "\(back.standardError)")
        #expect(server.recordedRequests.count == 2)
        #expect(back.events(ofType: "answer").count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool).filter { $0.hasSuffix(".json") }.isEmpty)
    }

    @Test func reportsAKeptQueryItCannotReadAndLeavesItInPlace() throws {
        let scratch = try TemporaryDirectory()
        let spool = URL(fileURLWithPath: scratch.file("spool"))
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        let broken = spool.appendingPathComponent("query-broken.json")
        try "{\"text\": ".write(to: broken, atomically: false, encoding: .utf8)
        let server = try LoopbackHTTPServer(script: [.json(Self.timerAnswer)])
        defer { server.stop() }
        let outcome = try CommandRunner.run(["--file", timerCommand, "--server", server.url.absoluteString, "--spool-dir", spool.path, "--json", "--config", "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let messages = outcome.events(ofType: "error").compactMap { $0["message"] as? String }
        #expect(messages == ["spool: \(broken.path) is not a query this program can read; it is left in place"])
        #expect(FileManager.default.fileExists(atPath: broken.path))
        #expect(server.recordedRequests.count == 1)
    }

    @Test func stopsAtTheTranscriptWithNoChat() throws {
        let outcome = try CommandRunner.run(["--file", timerCommand, "--no-chat", "--json", "--config", "/dev/null"])
        #expect(outcome.status == 0)
        #expect(outcome.events(ofType: "final").first?["text"] as? String == "set a timer for ten minutes")
        #expect(outcome.events(ofType: "query").isEmpty)
    }

    /// Each file of a run is a stream of its own, whose commands are heard as when the file is run
    /// alone, whatever the level and voices of the files before it. (Run after the mixed fixture,
    /// "okay susi, set a timer for five minutes" was "set a what are linux" while the transcriber
    /// carried its cepstral mean from one file to the next.)
    @Test func hearsEachFilesCommandAsWhenTheFileIsRunAlone() throws {
        let files = ["TestAudio/spoken/03_okay-susi-s_en-gb_quiet.flac", "TestAudio/spoken/11_okay-susi-s_en-gb-scotland_quiet.flac"]
        let options = ["--no-chat", "--json", "--config", "/dev/null"]
        let together = try CommandRunner.run(["--file", "TestAudio/mixed_susi_and_near_misses.wav"] + files + options)
        #expect(together.status == 0)
        func finals(of file: String, in outcome: CommandRunner.Outcome) -> [String] {
            outcome.events(ofType: "final").filter { $0["file"] as? String == file }.compactMap { $0["text"] as? String }
        }
        for file in files {
            let alone = try CommandRunner.run(["--file", file] + options)
            #expect(finals(of: file, in: alone).count == 1, "\(file): \(finals(of: file, in: alone))")
            #expect(finals(of: file, in: together) == finals(of: file, in: alone), "\(file)")
        }
    }

    @Test func sendsNoQueryWhenNoCommandFollowsTheHotword() throws {
        let server = try LoopbackHTTPServer(script: [.json(Self.timerAnswer)])
        defer { server.stop() }
        // The keyword alone, then silence.
        let outcome = try CommandRunner.run(["--file", "TestAudio/positive_alone_awb_s_norm_noise.wav", "--server", server.url.absoluteString,
                                             "--json", "--config", "/dev/null"])
        #expect(outcome.status == 0)
        #expect(outcome.events(ofType: "hotword").count == 1)
        #expect(outcome.events(ofType: "final").isEmpty)
        #expect(outcome.events(ofType: "no_command").count == 1)
        #expect(server.recordedRequests.isEmpty)
    }
}
