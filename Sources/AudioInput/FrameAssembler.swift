/// Samples gathered into frames of one length, whatever sizes they arrive in: a file's blocks, a
/// capture device's periods, a network client's chunks, several files played as one stream. The
/// stages hear every stream in the same frames, so the same audio is heard alike whichever way
/// it came.
package struct FrameAssembler: Sendable {
    /// Samples per frame.
    package let frameLength: Int
    /// Samples appended and not yet taken.
    private var waiting: [Float] = []

    package init(frameLength: Int) {
        self.frameLength = frameLength
    }

    /// Samples appended and not yet taken.
    package var count: Int { waiting.count }

    /// Whether a whole frame waits.
    package var hasFrame: Bool { waiting.count >= frameLength }

    package mutating func append(_ samples: [Float]) {
        waiting += samples
    }

    /// The next whole frame; nil while fewer samples than a frame wait.
    package mutating func nextFrame() -> [Float]? {
        hasFrame ? take(frameLength) : nil
    }

    /// The next whole frame or, at a stream's end, what remains of it (shorter); nil when
    /// nothing waits.
    package mutating func nextFrameOrRest() -> [Float]? {
        waiting.isEmpty ? nil : take(min(frameLength, waiting.count))
    }

    private mutating func take(_ count: Int) -> [Float] {
        defer { waiting.removeFirst(count) }
        return Array(waiting.prefix(count))
    }
}
