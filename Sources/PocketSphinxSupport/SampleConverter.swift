import AudioInput

/// Turns `Float` samples into the 16-bit integers PocketSphinx reads, with gain and clipping.
public struct SampleConverter: Sendable {
    /// Multiplier applied before clipping.
    public let gain: Float

    public init(gain: Float = 1) {
        self.gain = gain
    }

    /// Scales, clips to -1...1 and rounds to Int16.
    public func int16Samples(_ frame: some Collection<Float>) -> [Int16] {
        frame.map { PCM16.value($0 * gain) }
    }
}
