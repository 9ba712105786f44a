/// The last few seconds of a stream, addressed by stream sample, so that a later stage can go
/// back to audio a detector has already passed: the keyword's own audio for verification, or
/// the end of the keyword for a transcription session.
///
/// A ring: appending a frame writes over the oldest samples in place, so keeping the last
/// seconds costs the frame's own copy and no more, however many seconds are kept.
package struct RecentAudio: Sendable {
    /// How many samples are kept.
    package let capacity: Int
    private var ring: [Float]
    /// Where the next sample goes in `ring`.
    private var writeIndex = 0
    /// How many samples `ring` holds, up to `capacity`.
    private var count = 0
    /// Stream position just past the newest sample kept.
    package private(set) var endSample = 0
    /// Stream position of the oldest sample kept.
    package var firstSample: Int { endSample - count }

    /// An empty ring keeping the newest `capacity` samples.
    package init(capacity: Int) {
        self.capacity = capacity
        ring = [Float](repeating: 0, count: capacity)
    }

    /// Appends the frame that ends at stream position `end`.
    package mutating func append(_ frame: [Float], endingAt end: Int) {
        endSample = end
        guard capacity > 0 else { return }
        for sample in frame.suffix(capacity) {
            ring[writeIndex] = sample
            writeIndex = (writeIndex + 1) % capacity
        }
        count = min(capacity, count + frame.count)
    }

    /// The kept samples from stream position `start` (from the oldest kept, if `start` is older)
    /// up to stream position `end` (the newest kept when nil or newer).
    package func samples(from start: Int, upTo end: Int? = nil) -> [Float] {
        let fromStart = count - min(max(start - firstSample, 0), count)
        let wanted = max(0, fromStart - max(endSample - (end ?? endSample), 0))
        let oldest = (writeIndex - fromStart + capacity) % max(capacity, 1)
        if oldest + wanted <= capacity { return Array(ring[oldest..<(oldest + wanted)]) }
        return Array(ring[oldest...] + ring[..<(oldest + wanted - capacity)])
    }

    /// Forgets every sample; the stream position starts again at zero.
    package mutating func removeAll() {
        writeIndex = 0
        count = 0
        endSample = 0
    }
}
