import AudioTestSupport
import Foundation
import HTTPTestSupport
import Testing

/// The query spool as a write-ahead log, through the built executable: a query is on disk
/// before its first try, and one process at a time owns a spool folder.
@Suite(.serialized) struct SpoolTests {
    let folder: TemporaryDirectory
    let spool: String

    init() throws {
        folder = try TemporaryDirectory()
        spool = folder.file("spool")
    }

    private func queryFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: spool)) ?? []).filter { $0.hasPrefix("query-") && $0.hasSuffix(".json") }
    }

    /// Starts a file run whose command the `server` holds without answering, and returns once
    /// the server has the request.
    private func startRunWaitingOn(_ server: LoopbackHTTPServer) throws -> Process {
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["--file", "TestAudio/commands/hotword_02_slt.flac", "--server", server.url.absoluteString,
                             "--spool-dir", spool, "--json", "--config", "/dev/null"]
        process.currentDirectoryURL = CommandRunner.repository
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 30)
        while server.recordedRequests.isEmpty, process.isRunning, Date() < deadline { usleep(20_000) }
        return process
    }

    @Test func aQueryBeingAskedSurvivesKill9InTheSpool() throws {
        let server = try LoopbackHTTPServer(script: [.json(SpokenCommandTests.timerAnswer, delay: .seconds(30))])
        defer { server.stop() }
        let process = try startRunWaitingOn(server)
        try #require(server.recordedRequests.count == 1)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(queryFiles().count == 1)
        let text = try String(contentsOfFile: spool + "/" + queryFiles()[0], encoding: .utf8)
        #expect(text.contains("set a timer for ten minutes"))
    }

    /// Spools a command while nothing answers at `port`, and checks it was kept.
    private func spoolACommand() throws {
        let port = try LoopbackHTTPServer.closedPort()
        let down = try CommandRunner.run(["--file", "TestAudio/commands/hotword_02_slt.flac", "--server", "http://127.0.0.1:\(port)",
                                          "--spool-dir", spool, "--json", "--config", "/dev/null"])
        try #require(down.status == 4 && queryFiles().count == 1, "\(down.standardError)")
    }

    /// A kept query sent again when the server answers is reported, not spoken: it may be hours
    /// old. The new command's answer comes first, and is spoken.
    @Test func speaksTheNewAnswerButNotTheAnswerToAQueryKeptFromEarlier() throws {
        try spoolACommand()
        let server = try LoopbackHTTPServer(script: [.json(SpokenCommandTests.timerAnswer), .json(SpokenCommandTests.timerAnswer)])
        defer { server.stop() }
        let outcome = try CommandRunner.run(["--file", "TestAudio/commands/hotword_02_slt.flac", "--server", server.url.absoluteString,
                                             "--spool-dir", spool, "--json", "--config", "/dev/null", "--no-sounds",
                                             "--speak-to", folder.file("spoken.wav")])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let types = outcome.events.compactMap { $0["type"] as? String }.filter { ["query", "answer", "spoken"].contains($0) }
        #expect(types.filter { $0 != "spoken" } == ["query", "answer", "query", "answer"], "\(types)")
        #expect(types.filter { $0 == "spoken" }.count == 1, "\(types)")
        #expect(server.recordedRequests.count == 2)
        #expect(queryFiles().isEmpty)
    }

    /// systemd waits 5 s for a stop: sending the kept queries again at start-up, to a server
    /// that takes its time, must not hold the daemon up; what was not answered stays kept.
    @Test func stopsPromptlyWhileSendingKeptQueriesAgainAtStartUp() throws {
        try spoolACommand()
        let server = try LoopbackHTTPServer(script: [.json(SpokenCommandTests.timerAnswer, delay: .seconds(30))])
        defer { server.stop() }
        let configuration = folder.file("asound.conf")
        try "pcm.silent { type null }\n".write(toFile: configuration, atomically: false, encoding: .utf8)
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["--device", "silent", "--alsa-config", configuration, "--server", server.url.absoluteString,
                             "--spool-dir", spool, "--no-sounds", "--no-speech", "--json", "--config", "/dev/null"]
        process.currentDirectoryURL = CommandRunner.repository
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let deadline = Date(timeIntervalSinceNow: 60)
        while server.recordedRequests.isEmpty, process.isRunning, Date() < deadline { usleep(20_000) }
        try #require(server.recordedRequests.count == 1)
        let stopAsked = Date()
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(Date().timeIntervalSince(stopAsked) < DaemonTests.promptExit, "\(Date().timeIntervalSince(stopAsked)) s")
        #expect(queryFiles().count == 1)
    }

    @Test func aSecondProcessOnTheSameSpoolSaysSoAndExitsWith2() throws {
        let server = try LoopbackHTTPServer(script: [.json(SpokenCommandTests.timerAnswer, delay: .seconds(30))])
        defer { server.stop() }
        let first = try startRunWaitingOn(server)
        defer {
            first.terminate()
            first.waitUntilExit()
        }
        try #require(first.isRunning)
        let second = try CommandRunner.run(["--file", "TestAudio/commands/hotword_02_slt.flac", "--server", server.url.absoluteString,
                                            "--spool-dir", spool, "--json", "--config", "/dev/null"])
        #expect(second.status == 2)
        #expect(second.standardError.contains("the query spool directory \(spool) is in use by another susi-listen process"), "\(second.standardError)")
        #expect(server.recordedRequests.count == 1)
    }
}
