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
