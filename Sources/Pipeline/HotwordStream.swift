import AudioInput
import HotwordDetection

/// One audio stream through the pipeline's stages: 16 kHz mono frames in, events out.
///
/// Owns its detector (and so its PocketSphinx decoder): use it from one thread. It counts the
/// stream's samples itself, so every event is placed on the stream's own time.
public final class HotwordStream {
    private let detector: HotwordDetector
    /// Where the stream came from, carried by its events.
    public var source: StreamSource
    /// Samples processed since the stream began.
    public private(set) var samples = 0

    public init(detector: HotwordDetector, source: StreamSource = .unnamed) {
        self.detector = detector
        self.source = source
    }

    /// Seconds of audio processed since the stream began.
    public var seconds: Double { Double(samples) / Double(pipelineSampleRate) }

    /// Feeds one frame and returns the events it completed.
    public func process(_ frame: [Float]) throws(HotwordDetectionError) -> [ListenEvent] {
        samples += frame.count
        return try detector.process(frame).map {
            .hotword(HotwordEvent(hit: $0, sampleRate: pipelineSampleRate, source: source))
        }
    }

    /// Starts a new stream from `source`: the sample count and the detector start again.
    public func restart(source: StreamSource) throws(HotwordDetectionError) {
        try detector.reset()
        self.source = source
        samples = 0
    }
}
