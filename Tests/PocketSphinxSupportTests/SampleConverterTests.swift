import Testing
import PocketSphinxSupport

@Suite struct SampleConverterTests {
    @Test func scalesAndClipsSamplesWithTheGainWithinTheDither() {
        let converted = SampleConverter(gain: 4).int16Samples([0.1, -0.1, 0.5, -0.5, .nan], startingAt: 0)
        for (sample, expected) in zip(converted, [13107, -13107, 32767, -32767, 0] as [Int]) {
            #expect(abs(Int(sample) - expected) <= 1, "\(converted)")
        }
        // Full scale stays inside 16 bits whatever the dither.
        let fullScale = SampleConverter(gain: 1).int16Samples(Array(repeating: 1, count: 1000) + Array(repeating: -1, count: 1000), startingAt: 7)
        #expect(fullScale.allSatisfy { abs(Int($0)) >= 32766 })
    }

    /// Digital silence becomes noise of one bit either way (variance 1/4 once rounded), the same
    /// for the same stream positions and different elsewhere.
    @Test func digitalSilenceBecomesReproducibleOneBitNoise() {
        let converter = SampleConverter()
        let silence = [Float](repeating: 0, count: 16_000)
        let converted = converter.int16Samples(silence, startingAt: 0)
        #expect(Set(converted) == [-1, 0, 1])
        let mean = Double(converted.reduce(0) { $0 + Int($1) }) / Double(converted.count)
        let variance = converted.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(converted.count) - mean * mean
        #expect(abs(mean) < 0.02)
        #expect(abs(variance - 0.25) < 0.03, "variance \(variance)")
        #expect(converter.int16Samples(silence[1000..<2000], startingAt: 1000) == Array(converted[1000..<2000]))
        #expect(converter.int16Samples(silence[..<1000], startingAt: 1000) != Array(converted[..<1000]))
    }
}
