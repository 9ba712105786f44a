import AudioTestSupport
import AudioInput
import Testing

@Suite("Resampler")
struct ResamplerTests {
    @Test("streaming in pieces gives the same samples as one call, and flush drains the rest")
    func piecesMatchWhole() throws {
        let input = Signal.tone(frequency: 1_000, amplitude: 0.5, sampleRate: 44_100, frames: 44_100)
        let whole = try Resampler(inputRate: 44_100)
        let wholeOutput = whole.process(input) + whole.flush()

        let pieces = try Resampler(inputRate: 44_100)
        var pieceOutput: [Float] = []
        var start = 0
        for size in [1, 100, 4_096, 7, 10_000, 0, 30_000] {
            let end = min(start + size, input.count)
            pieceOutput += pieces.process(Array(input[start..<end]))
            start = end
        }
        pieceOutput += pieces.process(Array(input[start...])) + pieces.flush()

        #expect(wholeOutput.count == 16_000)
        #expect(pieceOutput == wholeOutput)
    }

    @Test("after flush the resampler starts a fresh stream")
    func reusableAfterFlush() throws {
        let input = Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: 48_000, frames: 4_800)
        let resampler = try Resampler(inputRate: 48_000)
        let first = resampler.process(input) + resampler.flush()
        let second = resampler.process(input) + resampler.flush()
        #expect(first.count == 1_600)
        #expect(second == first)
    }

    @Test("upsampling to a chosen output rate keeps the length ratio")
    func upsampling() throws {
        let resampler = try Resampler(inputRate: 8_000, outputRate: 48_000)
        let output = resampler.process([Float](repeating: 0.25, count: 8_000)) + resampler.flush()
        #expect(output.count == 48_000)
    }

    @Test(
        "rates that are not positive and finite, or too far apart, are refused",
        arguments: [(0.0, 16_000.0), (-44_100, 16_000), (.nan, 16_000), (44_100, .infinity), (1, 1e9), (1e9, 1)])
    func invalidRates(inputRate: Double, outputRate: Double) {
        let error = #expect(throws: AudioInputError.self) {
            try Resampler(inputRate: inputRate, outputRate: outputRate)
        }
        guard case .resamplerSetupFailed = error else {
            Issue.record("expected resamplerSetupFailed")
            return
        }
    }
}
