/// The last few seconds of a stream, addressed by stream sample, so that a later stage can go
/// back to audio a detector has already passed: the keyword's own audio for verification, or
/// the end of the keyword for a transcription session.
public struct RecentAudio: Sendable {
    /// How many samples are kept.
    public let capacity: Int
    private var samples: [Float] = []
    /// Stream position of the oldest sample kept.
    public private(set) var firstSample = 0
    /// Stream position just past the newest sample kept.
    public var endSample: Int { firstSample + samples.count }

    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// Appends the frame that ends at stream position `end`.
    public mutating func append(_ frame: [Float], endingAt end: Int) {
        samples += frame
        firstSample = end - samples.count
        if samples.count > capacity {
            let excess = samples.count - capacity
            samples.removeFirst(excess)
            firstSample += excess
        }
    }

    /// The kept samples from stream position `start` on (from the oldest kept, if `start` is older).
    public func samples(from start: Int) -> [Float] {
        Array(samples[min(max(start - firstSample, 0), samples.count)...])
    }

    public mutating func removeAll() {
        samples = []
        firstSample = 0
    }
}
