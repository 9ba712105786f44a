import AudioTestSupport
import Foundation
import HotwordDetection
import Testing
@testable import Pipeline

/// The writer of wake-up audio, where it cannot keep up.
@Suite struct WakeAudioWriterTests {
    /// Live, a recording that does not fit the queue at its start is not saved, and says so
    /// as an error event, not by silence: no file, no `audio_saved`.
    @Test func aRecordingThatDoesNotFitTheQueueIsAnErrorEventAndNoFile() throws {
        let scratch = try TemporaryDirectory()
        let folder = try WakeAudioFolder(path: scratch.file("wakes"), maximumFiles: 10)
        let writer = WakeAudioWriter(folder: folder, whenBehind: .drop)
        let hit = HotwordHit(keyword: "susi", startSample: 40 * 16_000, endSample: 40 * 16_000 + 8_000, detectionSample: 40 * 16_000 + 9_600, score: 5)
        let hotword = HotwordEvent(hit: hit, sampleRate: 16_000, source: .file("kitchen.flac"))
        let recording = WakeRecording(hotword: hotword, startSample: 0)
        // More than the queue holds: a disk behind by that much drops all of it.
        writer.begin(recording, samples: [Float](repeating: 0.01, count: WakeAudioWriter.queueCapacity + 1))
        writer.append([Float](repeating: 0.01, count: 480))
        writer.end()
        let outcomes = writer.takeOutcomes() + writer.finish()
        #expect(outcomes.count == 1, "\(outcomes)")
        guard case .error(let error)? = outcomes.first else { Issue.record("\(outcomes)"); return }
        #expect(error.message == "the disk does not keep up: the audio of the hotword at 40.600 s is not saved", "\(error.message)")
        #expect(error.file == folder.path + "/" + recording.fileName)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
