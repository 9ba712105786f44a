/// What an audio file holds before it is converted for the pipeline.
package struct AudioSourceFormat: Sendable, Equatable {
    /// Source sample rate in Hz.
    package let sampleRate: Int
    /// Number of interleaved channels in the source.
    package let channels: Int
    /// Number of source frames (samples per channel); nil when the file does not say,
    /// as with FLAC or Ogg written as a stream.
    package let frames: Int?
    /// Container and encoding as libsndfile names them, e.g. "WAV (Microsoft), Signed 16 bit PCM".
    package let formatName: String

    /// Creates a description of a source file.
    package init(sampleRate: Int, channels: Int, frames: Int?, formatName: String) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.frames = frames
        self.formatName = formatName
    }

    /// Length of the source in seconds; nil when the frame count is unknown.
    package var durationSeconds: Double? {
        guard let frames, sampleRate > 0 else { return nil }
        return Double(frames) / Double(sampleRate)
    }
}
