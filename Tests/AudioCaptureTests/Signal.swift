import AudioCapture
import AudioInput
import AudioTestSupport
import Foundation

/// Fixtures and device reads for the capture tests.
extension Signal {
    static let testAudio = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestAudio")

    /// Every 16 kHz mono sample of a fixture, read through the project's file reader.
    static func fixture(_ name: String) throws -> [Float] {
        try AudioFileReader(path: testAudio.appendingPathComponent(name).path).remainingSamples()
    }

    /// `count` frames from `device`, concatenated.
    static func read(_ count: Int, framesFrom device: CaptureDevice) throws -> [Float] {
        var samples: [Float] = []
        for _ in 0..<count { samples += try device.readFrame() }
        return samples
    }
}
