/// Samples in -1...1 as signed 16-bit PCM: the format PocketSphinx reads and ALSA's raw
/// `S16_LE` files hold.
package enum PCM16 {
    /// `sample` clipped to -1...1 and rounded to 16 bits, with `dither` (in least significant
    /// bits) added before rounding; NaN becomes silence.
    package static func value(_ sample: Float, dither: Float = 0) -> Int16 {
        let clipped = sample > 1 ? 1 : (sample < -1 ? -1 : (sample.isNaN ? 0 : sample))
        return Int16(min(max((clipped * 32767 + dither).rounded(), -32767), 32767))
    }

    /// `samples` as little-endian 16-bit bytes (`S16_LE`).
    package static func littleEndianBytes(_ samples: some Sequence<Float>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(samples.underestimatedCount * 2)
        for sample in samples {
            let bits = UInt16(bitPattern: value(sample))
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
        }
        return bytes
    }

    /// The signed 16-bit little-endian sample at `index` (counted in samples) of `bytes`, as
    /// Float in -1...1.
    package static func sample(littleEndian bytes: UnsafeRawBufferPointer, at index: Int) -> Float {
        Float(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: 2 * index, as: Int16.self))) / 32_768
    }
}
