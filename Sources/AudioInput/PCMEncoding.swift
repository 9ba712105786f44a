/// How little-endian interleaved PCM holds a sample, and how it becomes Float in -1...1: what
/// a capture device delivers and what a Wyoming client's `width` names.
package enum PCMEncoding: Sendable, Equatable {
    case signed16
    case signed32
    case float32
    /// 24 bits in 3 bytes (`S24_3LE`).
    case signed24Packed
    /// 24 bits in the low 3 bytes of 4 (`S24_LE`).
    case signed24
    /// 8 bits offset by 128 (`U8`, as WAV files hold 8-bit samples).
    case unsigned8

    /// Bytes one sample of one channel takes in the interleaved buffer.
    package var bytesPerSample: Int {
        switch self {
        case .signed16: 2
        case .signed32, .float32, .signed24: 4
        case .signed24Packed: 3
        case .unsigned8: 1
        }
    }

    /// Converts `count` little-endian samples in `bytes` to Float in -1...1; a float sample
    /// that is out of range is clipped, one that is not finite becomes silence.
    package func decode(_ bytes: UnsafeRawBufferPointer, count: Int) -> [Float] {
        [Float](unsafeUninitializedCapacity: count) { samples, initialized in
            switch self {
            case .signed16:
                for index in 0..<count {
                    samples[index] = PCM16.sample(littleEndian: bytes, at: index)
                }
            case .signed32:
                for index in 0..<count {
                    let value = Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: Int32.self))
                    samples[index] = Float(value) / 2_147_483_648
                }
            case .float32:
                for index in 0..<count {
                    let bits = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
                    let value = Float(bitPattern: bits)
                    samples[index] = value.isFinite ? min(max(value, -1), 1) : 0
                }
            case .signed24Packed:
                for index in 0..<count {
                    let offset = 3 * index
                    let raw = UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1]) << 16
                        | UInt32(bytes[offset + 2]) << 24
                    // The 24 bits sit at the top of 32, so the sign comes for free.
                    samples[index] = Float(Int32(bitPattern: raw)) / 2_147_483_648
                }
            case .signed24:
                for index in 0..<count {
                    let raw = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
                    samples[index] = Float(Int32(bitPattern: raw << 8)) / 2_147_483_648
                }
            case .unsigned8:
                for index in 0..<count {
                    samples[index] = (Float(bytes[index]) - 128) / 128
                }
            }
            initialized = count
        }
    }
}
