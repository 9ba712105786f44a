import AudioTestSupport
import Foundation
import Testing

/// Where the executable finds the project's `Models/` folder.
@Suite struct ModelsFolderCommandTests {
    private static let fixture = "TestAudio/positive_alone_awb_s_norm_noise.wav"

    @Test func aModelsVariableThatNamesNoModelsFolderIsASetUpFailure() throws {
        let folder = try TemporaryDirectory()
        let outcome = try CommandRunner.run(["--file", Self.fixture, "--no-transcription", "--config", "/dev/null"],
                                            environment: ["SUSI_LISTEN_MODELS": folder.path])
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("SUSI_LISTEN_MODELS is \"\(folder.path)\", which holds no keywords.dict"), "\(outcome.standardError)")
        #expect(outcome.events(ofType: "start").isEmpty)
        // Set but empty, it is unset: the folder above the executable is found.
        let empty = try CommandRunner.run(["--file", Self.fixture, "--no-transcription", "--json", "--config", "/dev/null"],
                                          environment: ["SUSI_LISTEN_MODELS": ""])
        #expect(empty.status == 0, "\(empty.standardError)")
        #expect(empty.events(ofType: "start").first?["recogniser_vocabulary"] as? String == "compact")
    }

    /// Started by its bare name from `PATH`, in a folder whose `Models/` is not the project's,
    /// the executable still takes the folder above itself.
    @Test func startedThroughPathItLooksBesideItselfNotInTheWorkingFolder() throws {
        let folder = try TemporaryDirectory()
        let bin = folder.file("bin"), work = folder.file("work")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: work + "/Models", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/susi-listen", withDestinationPath: CommandRunner.executable.path)
        _ = FileManager.default.createFile(atPath: work + "/Models/keywords.dict", contents: Data("susi S UW Z IY\n".utf8))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["susi-listen", "--file", CommandRunner.repository.appendingPathComponent(Self.fixture).path,
                             "--no-transcription", "--json", "--config", "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["SUSI_LISTEN_MODELS"] = nil
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin")
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: work)
        let output = Pipe(), error = Pipe()
        (process.standardOutput, process.standardError) = (output, error)
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaints = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == 0, "\(complaints)")
        let start = printed.split(separator: "\n").first { $0.contains(#""type":"start""#) }
        #expect(start?.contains(#""recogniser_vocabulary":"compact""#) == true, "\(printed)")
    }
}
