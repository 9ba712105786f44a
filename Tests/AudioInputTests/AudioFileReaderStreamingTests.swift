import AudioInput
import Foundation
import Testing

@Suite("Frames and streaming")
struct AudioFileReaderStreamingTests {
    @Test("every frame is exactly frameLength samples except the last", arguments: [320, 480, 512, 1, 7, 4_097])
    func frameSizes(frameLength: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("tone.wav")
        // 1.003 s at 44.1 kHz gives 16 048 samples at 16 kHz, a multiple of none of the lengths.
        let tone = Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: 44_100, frames: 44_232)
        try SoundFileWriter.write(
            Signal.interleave([tone, tone]), to: path, format: TestFormat.wav16.code, sampleRate: 44_100, channels: 2)

        let reader = try AudioFileReader(path: path, frameLength: frameLength)
        let frames = try reader.collectFrames()
        let last = try #require(frames.last)
        #expect(frames.dropLast().allSatisfy { $0.count == frameLength })
        #expect((1...frameLength).contains(last.count))
        #expect(frames.reduce(0) { $0 + $1.count } == 16_048)
        #expect(try reader.nextFrame() == nil, "the end of the stream stays the end")
    }

    /// Resident memory of this process in bytes, from /proc/self/statm (second field, in pages).
    static func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let fields = statm.split(separator: " ")
        let pages = try #require(fields.count > 1 ? Int(fields[1]) : nil)
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    @Test(
        "20 minutes of 48 kHz audio stream through with resident memory growing by under 16 MB",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm")))
    func longFileStreams() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("long.wav")
        let seconds = 20 * 60
        let oneSecond = Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: 48_000, frames: 48_000)
            .map { Int16($0 * 32_767) }
        let writer = try SoundFileWriter(
            path: path, format: TestFormat.wav16.code, sampleRate: 48_000, channels: 1)
        for _ in 0..<seconds {
            writer.write(oneSecond, channels: 1)
        }
        writer.finish()

        // Held whole, the output alone would take 4 bytes × 16 000 × 1 200 = 77 MB.
        let reader = try AudioFileReader(path: path, frameLength: 480)
        var samples = try #require(try reader.nextFrame()).count
        let baseline = try Self.residentBytes()
        var peak = baseline
        var frames = 1
        while let frame = try reader.nextFrame() {
            samples += frame.count
            frames += 1
            if frames % 2_000 == 0 {
                peak = max(peak, try Self.residentBytes())
            }
        }
        #expect(samples == seconds * pipelineSampleRate)
        #expect(peak - baseline < 16 << 20, "resident memory grew by \((peak - baseline) >> 10) KiB")
    }
}
