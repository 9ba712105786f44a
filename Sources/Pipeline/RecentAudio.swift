/// The last few seconds of a stream, addressed by stream sample, so that a transcription
/// session can start at the end of the keyword even though the detector reports the hit later.
struct RecentAudio {
    /// How many samples are kept.
    let capacity: Int
    private var samples: [Float] = []
    /// Stream position of `samples[0]`.
    private var firstSample = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Appends the frame that ends at stream position `end`.
    mutating func append(_ frame: [Float], endingAt end: Int) {
        samples += frame
        firstSample = end - samples.count
        if samples.count > capacity {
            let excess = samples.count - capacity
            samples.removeFirst(excess)
            firstSample += excess
        }
    }

    /// The kept samples from stream position `start` on (from the oldest kept, if `start` is older).
    func samples(from start: Int) -> [Float] {
        Array(samples[min(max(start - firstSample, 0), samples.count)...])
    }

    mutating func removeAll() {
        samples = []
        firstSample = 0
    }
}
