@testable import AudioCapture
import AudioInput
import Testing

/// The formats a capture device is asked for (their decoding: AudioInputTests' PCMEncodingTests).
@Suite("Capture sample formats")
struct CapturePreferenceTests {
    @Test("16-bit is preferred")
    func preference() {
        #expect(PCMEncoding.capturePreference.first == .signed16)
        #expect(PCMEncoding.capturePreference.map(\.name) == ["S16_LE", "S32_LE", "FLOAT_LE", "S24_3LE", "S24_LE", "U8"])
    }
}
