import AudioInput

extension AudioFileReader {
    /// Reads every remaining frame.
    func collectFrames() throws(AudioInputError) -> [[Float]] {
        var frames: [[Float]] = []
        while let frame = try nextFrame() {
            frames.append(frame)
        }
        return frames
    }

    /// Reads every remaining sample.
    func collectSamples() throws(AudioInputError) -> [Float] {
        try collectFrames().flatMap { $0 }
    }
}
