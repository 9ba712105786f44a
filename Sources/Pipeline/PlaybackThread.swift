import AudioPlayback
import TextFormatting
import Threading

/// Plays a ``TalkBack`` on a thread of its own, so neither capture nor the chat task waits for
/// a sound, and stops what plays when the person barges in.
///
/// The thread alone uses the talk-back (and so the playback device and the synthesizer);
/// other threads only queue events or ask it to stop. When each played sample is heard is on
/// the ``timeline``, which the capture thread reads for the echo reference.
final class PlaybackThread: @unchecked Sendable {
    /// When what the playback device plays is heard; it stops the sound playing when asked.
    let timeline: PlaybackTimeline
    private let condition = Condition()
    private var pending: [ListenEvent] = []
    private var isFinishing = false
    private var isBusy = false
    private var hasEnded = false
    /// Held while the thread reports, so that none of its reports comes after ``finish()``
    /// stopped waiting for it.
    private let reporting = Lock()
    /// Set once ``finish()`` stopped waiting for the thread; it reports nothing from then on.
    private var isLeftBehind = false
    private let plays: @Sendable (ListenEvent) -> Bool

    /// How long ``finish()`` waits for the sound playing to stop: a device that takes no more
    /// samples may hold the thread inside ALSA where no time limit reaches (a `file` PCM writing
    /// into a FIFO no one reads), and shutdown must not wait for it, as it does not for a
    /// capture device that stalls. A second, not the capture's quarter: a thread that is not
    /// stuck but slowed by a loaded machine then still reports the answer it stopped.
    static let finishLimit = Duration.seconds(1)

    /// Starts the thread, which plays what `talkBack` makes of each queued event, on a device
    /// that records on `timeline`, and reports the events that come of it.
    init(talkBack: TalkBack, timeline: PlaybackTimeline, report: @escaping @Sendable (ListenEvent) -> Void) {
        self.timeline = timeline
        let transfer = TalkBackTransfer(talkBack: talkBack)
        plays = { transfer.talkBack.plays($0) }
        DedicatedThread.start(named: "susi-listen playback") { [self] in
            while let event = next() {
                let events = transfer.talkBack.respond(to: event)
                reporting.withLock {
                    if !isLeftBehind { events.forEach(report) }
                }
                condition.withLock { isBusy = false }
            }
            condition.withLock {
                hasEnded = true
                condition.broadcast()
            }
        }
    }

    /// Queues `event` if it makes a sound.
    func respond(to event: ListenEvent) {
        guard plays(event) else { return }
        condition.withLock {
            guard !isFinishing else { return }
            pending.append(event)
            condition.broadcast()
        }
    }

    /// Barge-in: drops what has not begun to play and stops the sound playing.
    func interrupt() {
        condition.withLock {
            pending.removeAll()
            if isBusy { timeline.requestStop() }
        }
    }

    /// Drops what has not begun to play, stops the sound playing (an answer may take half a
    /// minute to speak, and shutdown must not wait for it), and waits for the thread, at most
    /// ``finishLimit``: a thread that has not ended by then is left behind, reporting nothing
    /// more, and ends with the process.
    func finish() async {
        await DedicatedThread.run(named: "susi-listen playback stop") { [self] in
            let ended = condition.withLock {
                isFinishing = true
                pending.removeAll()
                if isBusy { timeline.requestStop() }
                condition.broadcast()
                let deadline = Condition.Deadline(secondsFromNow: Self.finishLimit.timeInterval)
                while !hasEnded, condition.wait(until: deadline) {}
                return hasEnded
            }
            if !ended { reporting.withLock { isLeftBehind = true } }
        }
    }

    /// The next event to play, waiting for one; nil once finishing.
    private func next() -> ListenEvent? {
        condition.withLock {
            while pending.isEmpty && !isFinishing { condition.wait() }
            guard !isFinishing else { return nil }
            // A stop asked for after the last sound ended is not for this one.
            _ = timeline.takeStopRequest()
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
