/// Samples in -1...1 as signed 16-bit PCM: the format PocketSphinx reads and ALSA's raw
/// `S16_LE` files hold.
public enum PCM16 {
    /// `sample` clipped to -1...1 and rounded to 16 bits; NaN becomes silence.
    public static func value(_ sample: Float) -> Int16 {
        Int16((clipped(sample) * 32767).rounded())
    }

    /// `sample` clipped to -1...1; NaN becomes silence.
    public static func clipped(_ sample: Float) -> Float {
        sample > 1 ? 1 : (sample < -1 ? -1 : (sample.isNaN ? 0 : sample))
    }

    /// `samples` as little-endian 16-bit bytes (`S16_LE`).
    public static func littleEndianBytes(_ samples: some Sequence<Float>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(samples.underestimatedCount * 2)
        for sample in samples {
            let bits = UInt16(bitPattern: value(sample))
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
        }
        return bytes
    }
}
