import AudioCapture
import AudioInput
import Foundation

/// Test signals, measurements and fixtures.
enum Signal {
    static let testAudio = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestAudio")

    /// Every 16 kHz mono sample of a fixture, read through the project's file reader.
    static func fixture(_ name: String) throws -> [Float] {
        let reader = try AudioFileReader(path: testAudio.appendingPathComponent(name).path)
        var samples: [Float] = []
        while let frame = try reader.nextFrame() { samples += frame }
        return samples
    }

    static func tone(frequency: Double, amplitude: Double, sampleRate: Int, frames: Int) -> [Float] {
        (0..<frames).map { Float(amplitude * sin(2 * .pi * frequency * Double($0) / Double(sampleRate))) }
    }

    /// Interleaves equally long channels.
    static func interleave(_ channels: [[Float]]) -> [Float] {
        guard let frames = channels.first?.count else { return [] }
        return (0..<frames).flatMap { frame in channels.map { $0[frame] } }
    }

    /// `count` frames from `device`, concatenated.
    static func read(_ count: Int, framesFrom device: CaptureDevice) throws -> [Float] {
        var samples: [Float] = []
        for _ in 0..<count { samples += try device.readFrame() }
        return samples
    }

    static func rms(_ samples: ArraySlice<Float>) -> Double {
        guard !samples.isEmpty else { return 0 }
        return sqrt(samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(samples.count))
    }

    /// Frequency from the spacing of upward zero crossings, interpolated between samples.
    static func frequency(of samples: ArraySlice<Float>, sampleRate: Int) -> Double {
        var crossings: [Double] = []
        var previous = samples.startIndex
        for index in samples.indices.dropFirst() {
            if samples[previous] < 0 && samples[index] >= 0 {
                let fraction = Double(-samples[previous]) / Double(samples[index] - samples[previous])
                crossings.append(Double(previous) + fraction)
            }
            previous = index
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
        return Double(crossings.count - 1) * Double(sampleRate) / (last - first)
    }
}
