import Foundation

/// Plays a ``TalkBack`` on a thread of its own, so neither capture nor the chat task waits for
/// a sound, and tells the capture thread while something plays.
///
/// The thread alone uses the talk-back (and so the playback device and the synthesizer);
/// other threads only queue events. Detection is paused while a sound plays and for
/// ``echoTail`` after it, since there is no echo cancellation: the device would hear itself.
final class PlaybackThread: @unchecked Sendable {
    /// How long after a sound ends its echo may still be heard in a room.
    static let echoTail = Duration.milliseconds(250)

    private let condition = NSCondition()
    private var pending: [ListenEvent] = []
    private var isFinishing = false
    private var isBusy = false
    private var quietFrom = ContinuousClock.now
    private var finished: CheckedContinuation<Void, Never>?
    private var hasEnded = false
    private let plays: @Sendable (ListenEvent) -> Bool

    /// Starts the thread, which plays what `talkBack` makes of each queued event and reports
    /// the events that come of it.
    init(talkBack: TalkBack, report: @escaping @Sendable (ListenEvent) -> Void) {
        let transfer = TalkBackTransfer(talkBack: talkBack)
        plays = { transfer.talkBack.plays($0) }
        let thread = Thread { [self] in
            while let event = next() {
                let outcome = transfer.talkBack.respond(to: event)
                outcome.forEach(report)
                condition.withLock {
                    isBusy = false
                    // A sound that could not be played leaves no echo.
                    if !outcome.contains(where: \.isTrouble) { quietFrom = .now + Self.echoTail }
                }
            }
            condition.withLock {
                hasEnded = true
                finished?.resume()
            }
        }
        thread.name = "susi-listen playback"
        thread.start()
    }

    /// Queues `event` if it makes a sound.
    func respond(to event: ListenEvent) {
        guard plays(event) else { return }
        condition.withLock {
            guard !isFinishing else { return }
            pending.append(event)
            condition.signal()
        }
    }

    /// Whether the device is playing, about to play, or its echo may still be heard.
    var isPlaying: Bool {
        condition.withLock { isBusy || !pending.isEmpty || ContinuousClock.now < quietFrom }
    }

    /// Drops what has not begun to play, lets the sound playing end, and waits for the thread.
    func finish() async {
        await withCheckedContinuation { continuation in
            condition.withLock {
                isFinishing = true
                pending.removeAll()
                condition.signal()
                if hasEnded { continuation.resume() } else { finished = continuation }
            }
        }
    }

    /// The next event to play, waiting for one; nil once finishing.
    private func next() -> ListenEvent? {
        condition.withLock {
            while pending.isEmpty && !isFinishing { condition.wait() }
            guard !isFinishing else { return nil }
            isBusy = true
            return pending.removeFirst()
        }
    }
}

/// The talk-back on its way to the playback thread, which alone uses it from then on, apart
/// from ``TalkBack/plays(_:)``, which reads only what was set at its creation.
private struct TalkBackTransfer: @unchecked Sendable {
    let talkBack: TalkBack
}
