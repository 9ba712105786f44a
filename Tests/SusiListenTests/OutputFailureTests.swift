import Foundation
import Testing

/// Events that cannot be written (a full disk, a closed pipe) are an error the program reports
/// and survives, not a crash.
@Suite struct OutputFailureTests {
    /// A fixture with a hit, then a missing file: the second file's error shows the run went on
    /// after its first events could not be written.
    let arguments = ["--file", "TestAudio/commands/hotword_02_slt.flac", "TestAudio/no-such-file.wav",
                     "--json", "--config", "/dev/null", "--no-transcription"]

    private func expectReportedOnceAndCarriedOn(_ outcome: CommandRunner.Outcome, reason: String) {
        #expect(outcome.status == 74, "\(outcome.standardError)")
        let failures = outcome.standardError.components(separatedBy: "cannot write events to standard output").count - 1
        #expect(failures == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("(\(reason))"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("TestAudio/no-such-file.wav: no such file"), "\(outcome.standardError)")
    }

    @Test func exitsWith74AfterReportingOnceWhenStandardOutputIsAFullDisk() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? full.close() }
        expectReportedOnceAndCarriedOn(try CommandRunner.run(arguments, standardOutput: full), reason: "No space left on device")
    }

    @Test func exitsWith74AfterReportingOnceWhenStandardOutputIsAClosedPipe() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        expectReportedOnceAndCarriedOn(try CommandRunner.run(arguments, standardOutput: pipe.fileHandleForWriting), reason: "Broken pipe")
    }
}
