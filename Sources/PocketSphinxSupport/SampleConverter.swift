import AudioInput

/// Turns `Float` samples into the 16-bit integers PocketSphinx reads, with gain, clipping and
/// dither.
///
/// Dither: triangular noise of up to one least significant bit either way is added before
/// rounding, so that no stretch of audio reaches PocketSphinx as digital silence. Recordings
/// padded with exact zeros, and quiet ones whose pauses round to zero, otherwise give frames of
/// no energy at all, whose log spectrum pulls the running cepstral mean and noise estimate far
/// from any speech (see Front end in docs/detection.md). The noise is a function of each sample's
/// position in its stream alone, so the same audio always converts the same way: the spotter and
/// the verifier see the same samples, and every run is reproducible.
package struct SampleConverter: Sendable {
    /// Multiplier applied before clipping.
    package let gain: Float

    /// A converter that multiplies by `gain`, clips, dithers and rounds to 16 bits.
    package init(gain: Float = 1) {
        self.gain = gain
    }

    /// Scales, clips to -1...1, adds the dither of each sample's stream position (`position` is
    /// that of the first) and rounds to Int16.
    package func int16Samples(_ frame: some Collection<Float>, startingAt position: Int) -> [Int16] {
        // One loop over contiguous memory: called generically from another module, a `zip` and
        // `map` over `frame` spent more time resolving generic metadata than converting.
        frame.withContiguousStorageIfAvailable { int16Samples($0, startingAt: position) }
            ?? Array(frame).withUnsafeBufferPointer { int16Samples($0, startingAt: position) }
    }

    private func int16Samples(_ frame: UnsafeBufferPointer<Float>, startingAt position: Int) -> [Int16] {
        [Int16](unsafeUninitializedCapacity: frame.count) { converted, count in
            for offset in frame.indices {
                converted[offset] = PCM16.value(frame[offset] * gain, dither: Self.dither(at: position + offset))
            }
            count = frame.count
        }
    }

    /// Triangular noise in -1...1 (least significant bits) for stream position `position`: the
    /// sum of two uniform variables, each drawn from a SplitMix64 hash of the position.
    static func dither(at position: Int) -> Float {
        var bits = UInt64(bitPattern: Int64(position)) &+ 0x9E37_79B9_7F4A_7C15
        bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
        bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
        bits ^= bits >> 31
        let scale = Float(1) / Float(UInt32.max)
        return Float(UInt32(truncatingIfNeeded: bits)) * scale + Float(UInt32(truncatingIfNeeded: bits >> 32)) * scale - 1
    }
}
