/// Tells when the capture device stops delivering frames (it stalls: a FIFO whose writer went
/// quiet, a hung driver, a USB device that stopped streaming) and when it delivers again, each
/// once per stall, so that a stall of any length makes two log lines and no flood.
struct CaptureStallWatch {
    /// How long without a frame is a stall: twenty periods of the longest kind (100 ms), beyond
    /// the hiccups of a loaded machine, and still short enough for a person to notice.
    static let threshold = Duration.seconds(2)

    /// What a frame, or the lack of one, changed.
    enum Change: Equatable {
        /// No frame came for this long, at least ``CaptureStallWatch/threshold``: a stall began.
        case stalled(for: Duration)
        /// A frame came after a stall of this long.
        case resumed(after: Duration)
    }

    /// When the latest frame came, or the device opened.
    private var latest: ContinuousClock.Instant
    private var isStalled = false
    /// Stalls since the watch began.
    private(set) var stalls = 0

    /// Starts watching a device opened at `opened`.
    init(opened: ContinuousClock.Instant) {
        latest = opened
    }

    /// Notes a frame taken at `now`: `.resumed` when it ends a stall.
    mutating func frameCame(at now: ContinuousClock.Instant) -> Change? {
        defer {
            latest = now
            isStalled = false
        }
        return isStalled ? .resumed(after: now - latest) : nil
    }

    /// Notes that no frame came up to `now`: `.stalled` when that makes a stall begin.
    mutating func noFrame(at now: ContinuousClock.Instant) -> Change? {
        guard !isStalled, now - latest >= Self.threshold else { return nil }
        isStalled = true
        stalls += 1
        return .stalled(for: now - latest)
    }

    /// Whether the stall going on at `now` has lasted `duration` or longer.
    func hasStalled(for duration: Duration, at now: ContinuousClock.Instant) -> Bool {
        isStalled && now - latest >= duration
    }

    /// Watches a device reopened at `opened` (after it was lost), keeping the count of stalls.
    mutating func reopened(at opened: ContinuousClock.Instant) {
        latest = opened
        isStalled = false
    }
}
