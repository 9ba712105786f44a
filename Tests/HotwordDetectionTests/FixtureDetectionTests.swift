import DetectionBenchmark
import Foundation
import Testing
@testable import HotwordDetection

/// Detection on the labelled fixtures in `TestAudio/`, each file a fresh stream.
@Suite struct FixtureDetectionTests {
    let labels: [KeywordLabel]
    let audioFiles: [String]

    init() throws {
        labels = try LabelFile.read(Fixtures.testAudio.appendingPathComponent("labels.tsv").path)
        audioFiles = try FileManager.default.contentsOfDirectory(atPath: Fixtures.testAudio.path)
            .filter { $0.hasSuffix(".wav") }.sorted()
            .map { Fixtures.testAudio.appendingPathComponent($0).standardizedFileURL.path }
    }

    private func hits(in file: String, sensitivity: Double = 0.5, gain: Double = 1, scale: Float = 1) throws -> [HotwordHit] {
        let spotter = try KeywordSpotter(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "susi", sensitivity: sensitivity)], gain: gain))
        return try Fixtures.hits(in: try Fixtures.samples(of: file).map { $0 * scale }, with: spotter)
    }

    @Test func findsEveryLabelledKeywordOnceAtTheDefaultSensitivity() throws {
        let files = Set(labels.map(\.file))
        #expect(files.count >= 20)
        for file in files.sorted() {
            let expected = labels.filter { $0.file == file }.sorted { $0.start < $1.start }
            let found = try hits(in: file)
            let name = URL(fileURLWithPath: file).lastPathComponent
            #expect(found.count == expected.count, "\(name): \(found.count) hits for \(expected.count) labels")
            for label in expected {
                let time = { (hit: HotwordHit) in Double(hit.detectionSample) / 16_000 }
                let match = found.first { time($0) >= label.start && time($0) <= label.end + 1.5 }
                #expect(match != nil, "\(name): no hit for the keyword at \(label.start)–\(label.end) s")
                if let match {
                    #expect(abs(Double(match.startSample) / 16_000 - label.start) < 0.3, "\(name): start \(Double(match.startSample) / 16_000) vs label \(label.start)")
                    #expect(abs(Double(match.endSample) / 16_000 - label.end) < 0.3, "\(name): end \(Double(match.endSample) / 16_000) vs label \(label.end)")
                }
            }
        }
    }

    @Test func hearsNothingInTheNegativesAtTheDefaultSensitivity() throws {
        let labelled = Set(labels.map(\.file))
        let negatives = audioFiles.filter { !labelled.contains($0) }
        #expect(negatives.count >= 20)
        for file in negatives {
            let found = try hits(in: file)
            #expect(found.isEmpty, "\(URL(fileURLWithPath: file).lastPathComponent): \(found.count) false alarm(s), scores \(found.map(\.score))")
        }
    }

    @Test func detectsMoreAtHighSensitivityThanAtLow() throws {
        let mixed = try #require(audioFiles.first { $0.hasSuffix("mixed_susi_and_near_misses.wav") })
        let low = try hits(in: mixed, sensitivity: 0.1).count
        let high = try hits(in: mixed, sensitivity: 0.9).count
        #expect(high > low, "0.9 gave \(high) hits, 0.1 gave \(low)")
    }

    @Test func gainRestoresAKeywordRecordedFarTooQuietly() throws {
        let file = try #require(labels.first { $0.file.contains("positive_command_what-is-the-weather-in-berlin") }).file
        // At 1/2000 of its level the keyword spans a handful of 16-bit steps and is lost;
        // a gain of 2000 applied before the conversion to integers brings it back.
        #expect(try hits(in: file, scale: 1.0 / 2000).isEmpty)
        #expect(try hits(in: file, gain: 2000, scale: 1.0 / 2000).count == 1)
    }

    @Test func placesHitsOnTheStreamsOwnCountAfterAReset() throws {
        let file = try #require(labels.first { $0.file.contains("positive_command_what-is-the-weather-in-berlin") }).file
        let spotter = try KeywordSpotter(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "susi")]))
        let samples = try Fixtures.samples(of: file)
        let first = try Fixtures.hits(in: samples, with: spotter)
        try spotter.reset()
        let second = try Fixtures.hits(in: samples, with: spotter)
        #expect(first.count == 1)
        #expect(first.map(\.startSample) == second.map(\.startSample))
        #expect(first.map(\.detectionSample) == second.map(\.detectionSample))
    }
}
