import Foundation
import Testing

@Suite struct BenchCommandTests {
    @Test(arguments: [
        (["bench", "--negatives", "x.wav", "--keyword", ""], "--keyword must not be empty"),
        (["bench", "--negatives", "x.wav", "--keyword", " "], "--keyword must not be empty"),
    ])
    func rejectsBadArgumentsWithExitCode64(_ arguments: [String], message: String) throws {
        let outcome = try CommandRunner.run(arguments)
        #expect(outcome.status == 64, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }
}
