import AudioInput
import DetectionBenchmark
import Foundation
import HotwordDetection
import Testing

/// How `bench` plays its files.
@Suite struct StreamRunTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Files played as one stream are heard as a microphone would deliver the same audio: in
    /// 30 ms frames that run across the joins between files, not restarted at each file's end.
    @Test func playsSeveralFilesAsOneStreamOfWholeFrames() throws {
        let files = ["positive_alone_awb_s_norm_noise.wav", "negative_nearmiss_juicy_awb_noise.wav", "positive_alone_slt_z_norm_noise.wav",
                     "negative_nearmiss_sushi_slt_noise.wav", "positive_alone_rms_z_fast_noise.wav"]
            .map { Self.repository.appendingPathComponent("TestAudio/" + $0).path }
        let samples = try files.flatMap { try AudioFileReader(path: $0).remainingSamples() }
        #expect(files.contains { (try? AudioFileReader(path: $0).remainingSamples().count % 480 != 0) == true }, "no file ends mid-frame")
        let spotter = KeywordSpotterConfiguration(keywords: [KeywordSetting(keyphrase: "susi", sensitivity: 0.9)],
                                                  modelFiles: AcousticModelFiles(modelsFolder: Self.repository.appendingPathComponent("Models").path),
                                                  decision: .spotting)

        let played = try StreamRun.run(files: files, detector: HotwordDetectorFactory.detector(configuration: spotter))
        let microphone = try HotwordDetectorFactory.detector(configuration: spotter)
        var heard: [Int] = []
        for start in stride(from: 0, to: samples.count, by: 480) {
            heard += try microphone.process(Array(samples[start..<min(start + 480, samples.count)])).map(\.detectionSample)
        }
        #expect(heard.count >= 3)
        #expect(played.hits.map { Int(($0.time * Double(pipelineSampleRate)).rounded()) } == heard)
    }
}
