/// What a capture device agreed to deliver, before conversion to 16 kHz mono.
package struct CaptureFormat: Sendable, Equatable {
    /// Frames per second the device delivers.
    package let sampleRate: Int
    /// Interleaved channels per frame.
    package let channels: Int
    /// ALSA's name of the sample format, e.g. "S16_LE".
    package let sampleFormat: String
    /// Frames per period: the device wakes a blocked read once per period.
    package let periodFrames: Int
    /// Frames the device buffers before it overruns.
    package let bufferFrames: Int

    /// Creates a description of a negotiated capture format.
    package init(sampleRate: Int, channels: Int, sampleFormat: String, periodFrames: Int, bufferFrames: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.sampleFormat = sampleFormat
        self.periodFrames = periodFrames
        self.bufferFrames = bufferFrames
    }
}

/// What happened on a capture device since it was opened.
package struct CaptureStatistics: Sendable, Equatable {
    /// Overruns (`-EPIPE`: the reader fell behind and the device buffer filled) recovered from.
    package var overrunsRecovered = 0
    /// Suspends (`-ESTRPIPE`: the system slept) recovered from.
    package var suspendsRecovered = 0
    /// Frames read from the device, at ``CaptureFormat/sampleRate``.
    package var framesRead = 0

    /// Statistics of a freshly opened device.
    package init() {}
}
