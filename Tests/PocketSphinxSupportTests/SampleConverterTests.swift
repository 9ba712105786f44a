import Testing
import PocketSphinxSupport

@Suite struct SampleConverterTests {
    @Test func scalesAndClipsSamplesWithTheGain() {
        let converter = SampleConverter(gain: 4)
        #expect(converter.int16Samples([0.1, -0.1, 0.5, -0.5, .nan]) == [13107, -13107, 32767, -32767, 0])
        #expect(SampleConverter(gain: 1).int16Samples([1, -1, 0]) == [32767, -32767, 0])
    }

    @Test func parsesDecoderArgumentsAndRejectsUnknownOnes() {
        #expect(DecoderArguments.parse(["-kws_threshold", "1e-20"]) != nil)
        #expect(DecoderArguments.parse(["-no_such_option", "1"]) == nil)
    }
}
