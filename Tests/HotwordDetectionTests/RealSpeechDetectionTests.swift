import Foundation
import Testing
@testable import HotwordDetection

/// Detection on real recorded speech from `shared/devdata` (beside the repository).
@Suite(.enabled(if: FileManager.default.fileExists(atPath: Fixtures.devdata.appendingPathComponent("positives/computer").path),
                "needs ../shared/devdata beside the repository"))
struct RealSpeechDetectionTests {
    /// The first `count` recordings of `keyword`, sorted by name.
    private func recordings(of keyword: String, count: Int) throws -> [String] {
        let folder = Fixtures.devdata.appendingPathComponent("positives/\(keyword)")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".flac") }
            .sorted().prefix(count).map { folder.appendingPathComponent($0).path }
    }

    @Test(arguments: ["computer", "jarvis"])
    func findsMostRealRecordingsOfAKeywordAtTheDefaultSensitivity(_ keyword: String) throws {
        let spotter = try KeywordSpotter(configuration: Fixtures.spotter([KeywordSetting(keyphrase: keyword)]))
        var found = 0
        let files = try recordings(of: keyword, count: 20)
        for file in files {
            try spotter.reset()
            let hits = try Fixtures.hits(in: try Fixtures.samples(of: file), with: spotter)
            #expect(hits.count <= 1, "\(file): one utterance gave \(hits.count) hits")
            found += hits.isEmpty ? 0 : 1
        }
        // On all 80 recordings of each keyword, 0.5 finds 60 % ("computer") and 71 % ("jarvis").
        #expect(found >= 10, "\(found) of \(files.count) \(keyword) recordings found")
    }

    @Test func findsNothingForAKeywordThatIsNotSpoken() throws {
        let spotter = try KeywordSpotter(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "jarvis")]))
        for file in try recordings(of: "computer", count: 20) {
            try spotter.reset()
            #expect(try Fixtures.hits(in: try Fixtures.samples(of: file), with: spotter).isEmpty, "\(file)")
        }
    }
}
