import AudioInput
import TextFormatting

/// How much audio a capture device has delivered since it opened, against the wall clock: a
/// microphone delivers in real time, while a `null` PCM or a `file` PCM at the end of its input
/// delivers as fast as it is read, and the stream's times run ahead of the clock.
struct CapturePace {
    /// Wall-clock time over which the pace is judged, and how much faster than real time is
    /// too fast: a burst of what the device buffered before the first read is well under it.
    static let judgedOver = Duration.seconds(10)
    static let tooFast = 2.0

    private let opened: ContinuousClock.Instant
    private var samples = 0
    private var warned = false
    private var judgedAt: ContinuousClock.Instant?

    /// Starts counting for a device opened at `opened`.
    init(opened: ContinuousClock.Instant) {
        self.opened = opened
    }

    /// Seconds of audio delivered since the device opened.
    var audioSeconds: Double { Double(samples) / Double(pipelineSampleRate) }

    /// Notes `count` samples delivered at `now`; true once, the first time the device has
    /// delivered too fast over ``judgedOver``.
    mutating func delivered(_ count: Int, at now: ContinuousClock.Instant) -> Bool {
        samples += count
        guard !warned, now - opened >= Self.judgedOver, audioSeconds >= Self.tooFast * (now - opened).timeInterval else { return false }
        warned = true
        judgedAt = now
        return true
    }

    /// "412.3 s of audio in 10.0 s", once judged too fast.
    var description: String {
        let wall = ((judgedAt ?? opened) - opened).timeInterval
        return String(printf: "%.1f s of audio in %.1f s", audioSeconds, wall)
    }
}
