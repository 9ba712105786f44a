import AudioCapture
import SusiChat
import Threading

/// A capture device opened and read on a thread of its own, which hands each frame over to
/// the thread that listens; that one waits for frames with a time limit, so it can stop at any
/// moment. A device that blocks inside ALSA where no time limit reaches (a `file` PCM reading
/// a FIFO whose writer went quiet or never came, a driver that hangs in `open`) holds up only
/// the feed's thread, which is left behind at shutdown: it closes the device after its current
/// read, or the process ends it.
///
/// The feed's thread alone touches the device, from opening it to closing it.
final class CaptureFeed: @unchecked Sendable {
    /// Frames held for the listener at most (10 s of 30 ms frames): a listener that falls that
    /// far behind lets the device overrun, where ALSA counts it, rather than memory grow.
    static let capacity = 333

    // Guarded by `condition`.
    private let condition = Condition()
    private var frames: [CapturedFrame] = []
    private var isOpen = false
    /// Why the device could not be opened, or why it stopped delivering (it went away).
    private var failure: CaptureError?
    private var deviceStatistics = CaptureStatistics()
    private var isClosing = false

    /// Starts a thread that opens the device with `open` (which reports it opened) and reads
    /// it, each read waiting at most `readLimit` so that ``close()`` is seen.
    init(readLimit: Duration, open: @escaping @Sendable () throws(CaptureError) -> CaptureDevice) {
        DedicatedThread.start(named: "susi-listen capture device") { [self] in
            do {
                let device = try open()
                condition.withLock {
                    isOpen = true
                    condition.broadcast()
                }
                try feed(from: device, readLimit: readLimit)
            } catch let error as CaptureError {
                condition.withLock {
                    failure = error
                    condition.broadcast()
                }
            } catch {
                preconditionFailure("a capture device throws CaptureError only: \(error)")
            }
        }
    }

    /// Overruns and suspends recovered from, and frames read, since the device was opened.
    var statistics: CaptureStatistics { condition.withLock { deviceStatistics } }

    /// Waits up to `limit` for the device to open: true once it is, false while it is not yet.
    /// - Throws: why the device could not be opened.
    func waitUntilOpen(waitingAtMost limit: Duration) throws(CaptureError) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Condition.Deadline(secondsFromNow: limit.timeInterval)
        while !isOpen, failure == nil, condition.wait(until: deadline) {}
        if let failure, !isOpen { throw failure }
        return isOpen
    }

    /// The next frame, waiting up to `limit` for it; nil when none came (the device stalls).
    /// - Throws: why the device stopped delivering, once every frame before was taken.
    func next(waitingAtMost limit: Duration) throws(CaptureError) -> CapturedFrame? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Condition.Deadline(secondsFromNow: limit.timeInterval)
        while frames.isEmpty, failure == nil, condition.wait(until: deadline) {}
        if !frames.isEmpty {
            // The feed may be waiting for room.
            condition.broadcast()
            return frames.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// Asks the thread to close the device after its current read and end.
    func close() {
        condition.withLock {
            isClosing = true
            condition.broadcast()
        }
    }

    /// Reads frames into `frames` until closed, waiting while the listener has `capacity` to take.
    private func feed(from device: CaptureDevice, readLimit: Duration) throws(CaptureError) {
        while true {
            let samples = try device.readFrame(waitingAtMost: readLimit)
            // Its last sample was heard before the read returned, by what still waits behind it.
            let heardUntil = ContinuousClock.now - .seconds(device.backlogSeconds())
            let closing = condition.withLock {
                deviceStatistics = device.statistics
                if let samples {
                    while frames.count >= Self.capacity, !isClosing { condition.wait() }
                    frames.append(CapturedFrame(samples: samples, heardUntil: heardUntil))
                    condition.broadcast()
                }
                return isClosing
            }
            if closing { return }
        }
    }
}

/// A frame read from the capture device, with when it was heard.
struct CapturedFrame {
    /// 16 kHz mono samples.
    var samples: [Float]
    /// When its last sample reached the microphone, as near as the device tells.
    var heardUntil: ContinuousClock.Instant
}
