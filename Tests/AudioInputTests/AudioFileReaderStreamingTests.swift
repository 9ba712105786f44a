import AudioTestSupport
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
}
