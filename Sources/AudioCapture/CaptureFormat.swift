/// What a capture device agreed to deliver, before conversion to 16 kHz mono.
public struct CaptureFormat: Sendable, Equatable {
    /// Frames per second the device delivers.
    public let sampleRate: Int
    /// Interleaved channels per frame.
    public let channels: Int
    /// ALSA's name of the sample format, e.g. "S16_LE".
    public let sampleFormat: String
    /// Frames per period: the device wakes a blocked read once per period.
    public let periodFrames: Int
    /// Frames the device buffers before it overruns.
    public let bufferFrames: Int

    /// Creates a description of a negotiated capture format.
    public init(sampleRate: Int, channels: Int, sampleFormat: String, periodFrames: Int, bufferFrames: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.sampleFormat = sampleFormat
        self.periodFrames = periodFrames
        self.bufferFrames = bufferFrames
    }
}

/// What happened on a capture device since it was opened.
public struct CaptureStatistics: Sendable, Equatable {
    /// Overruns (`-EPIPE`: the reader fell behind and the device buffer filled) recovered from.
    public var overrunsRecovered = 0
    /// Suspends (`-ESTRPIPE`: the system slept) recovered from.
    public var suspendsRecovered = 0
    /// Frames read from the device, at ``CaptureFormat/sampleRate``.
    public var framesRead = 0

    /// Statistics of a freshly opened device.
    public init() {}
}
