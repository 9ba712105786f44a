import AudioTestSupport
import Foundation
import Testing
import Pipeline
import SusiChat

/// What the chat stage reports as it starts, with a real spool folder and no server.
@Suite struct ChatForwarderTests {
    /// A folder filled beyond the spool's limit (by hand, or by a run with a higher one) keeps
    /// the newest queries, and says how many it dropped, before anything is sent.
    @Test func dropsTheOldestQueriesBeyondTheLimitAtStartAndSaysSo() async throws {
        let folder = try TemporaryDirectory()
        let directory = URL(fileURLWithPath: folder.file("spool"))
        let spool = try QuerySpool(directory: directory, limit: 10)
        let queries = (0..<3).map { ChatQuery(text: "query \($0)", askedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double($0))) }
        for query in queries { try await spool.add(query) }

        // Nothing listens on port 9 of the loopback: the newest query stays kept.
        let forwarder = try ChatForwarder(configuration: ChatClientConfiguration(
            server: URL(string: "http://127.0.0.1:9")!, maxAttempts: 1, spoolDirectory: directory, spoolLimit: 1))
        let events = await forwarder.start()
        let messages = events.compactMap { event -> String? in
            guard case .error(let error) = event else { return nil }
            return error.message
        }
        #expect(messages.first == "spool full: dropped the oldest 2 queries", "\(messages)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.count == 1)
    }
}
