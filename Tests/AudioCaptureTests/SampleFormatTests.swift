@testable import AudioCapture
import Testing

/// Devices that offer no 16-bit format are not available here, so the decoding of the
/// other formats is checked on known bytes.
@Suite("Sample formats")
struct SampleFormatTests {
    @Test("each format decodes full scale, zero and negative values to -1...1")
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

    @Test("16-bit is preferred")
    func preference() {
        #expect(SampleFormat.allCases.first == .signed16)
        #expect(SampleFormat.allCases.map(\.name) == ["S16_LE", "S32_LE", "FLOAT_LE", "S24_3LE", "S24_LE", "U8"])
    }

    private func decode(_ format: SampleFormat, _ bytes: [UInt8]) -> [Float] {
        bytes.withUnsafeBytes { format.decode($0, count: bytes.count / format.bytesPerSample) }
    }
}
