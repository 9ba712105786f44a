import AudioInput
import Testing

/// Devices and clients that send other than 16-bit are not available here, so the decoding of
/// each encoding is checked on known bytes.
@Suite("PCM encodings")
struct PCMEncodingTests {
    @Test("each encoding decodes full scale, zero and negative values to -1...1")
    func decodesKnownValues() {
        #expect(decode(.signed16, [0x00, 0x80, 0x00, 0x00, 0x00, 0x40]) == [-1, 0, 0.5])
        #expect(decode(.signed32, [0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0xC0]) == [-1, -0.5])
        #expect(decode(.signed24Packed, [0x00, 0x00, 0x80, 0x00, 0x00, 0x40]) == [-1, 0.5])
        #expect(decode(.signed24, [0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x40, 0xFF]) == [-1, 0.5])
        #expect(decode(.unsigned8, [0x00, 0x80, 0xC0]) == [-1, 0, 0.5])
    }

    @Test("float samples out of range are clipped and those that are not numbers become silence")
    func limitsFloat() {
        let values: [Float] = [0.25, 2, -.infinity, .nan]
        let bytes = values.flatMap { value in
            (0..<4).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * $0)) }
        }
        #expect(decode(.float32, bytes) == [0.25, 1, 0, 0])
    }

    private func decode(_ encoding: PCMEncoding, _ bytes: [UInt8]) -> [Float] {
        bytes.withUnsafeBytes { encoding.decode($0, count: bytes.count / encoding.bytesPerSample) }
    }
}
