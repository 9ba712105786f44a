import AudioInput
import Threading

/// What the device's speaker played over the span of one captured frame: what an echo
/// canceller needs, or, without one, the sign to stop listening.
package enum PlayedAudio: Equatable, Sendable {
    /// Nothing played, and no echo of an earlier sound is left.
    case nothing
    /// Something played, but when each sample was heard is unknown: no echo reference.
    case untimed
    /// The samples played over the frame's span (silence where nothing played, as in an echo
    /// tail), one per captured sample.
    case samples([Float])
}

/// When the samples a playback device plays are heard, on the monotonic clock: the echo
/// reference, and the one way to stop what is playing (a barge-in).
///
/// The thread that plays records each stretch of samples with the instant its first sample is
/// heard; the capture thread asks what played over the span of each frame it read. Locked;
/// each call holds the lock for a copy at most.
package final class PlaybackTimeline: @unchecked Sendable {
    /// How long after its last sample a room may still echo a sound: the reference stays
    /// (silence) that long, so cancelling, or pausing, goes on over the echo.
    package static let echoTail = Duration.milliseconds(250)

    private struct Stretch {
        var start: ContinuousClock.Instant
        var samples: [Float]
        var end: ContinuousClock.Instant { start + .seconds(Double(samples.count) / Double(pipelineSampleRate)) }
    }

    private let lock = Lock()
    private var stretches: [Stretch] = []
    /// Whether a sound of unknown timing is playing.
    private var playsUntimed = false
    /// Until when the echo of the last sound of unknown timing may be heard.
    private var untimedUntil: ContinuousClock.Instant?
    private var stopRequested = false

    package init() {}

    /// Records that `samples` (at ``pipelineSampleRate``) are heard from `start` on; nil when the
    /// device cannot tell, so no echo reference exists until ``ended()``.
    package func sounds(_ samples: [Float], from start: ContinuousClock.Instant?) {
        lock.withLock {
            guard let start else {
                playsUntimed = true
                return
            }
            // Stretches heard long ago are no longer asked about.
            stretches.removeAll { $0.end + Self.echoTail + .seconds(5) < start }
            stretches.append(Stretch(start: start, samples: samples))
        }
    }

    /// Records that the device stopped at `instant`: what was to be heard after it never will.
    package func stopped(at instant: ContinuousClock.Instant) {
        lock.withLock {
            for index in stretches.indices where stretches[index].end > instant {
                let kept = max(0, Int(((instant - stretches[index].start) / .seconds(1)) * Double(pipelineSampleRate)))
                stretches[index].samples = Array(stretches[index].samples.prefix(kept))
            }
            endUntimed()
        }
    }

    /// Records that the sound playing has ended (a sound of unknown timing included).
    package func ended() {
        lock.withLock { endUntimed() }
    }

    private func endUntimed() {
        guard playsUntimed else { return }
        playsUntimed = false
        untimedUntil = .now + Self.echoTail
    }

    /// What was heard from the speaker over the `count` samples ending at `end`.
    package func played(count: Int, endingAt end: ContinuousClock.Instant) -> PlayedAudio {
        let rate = Double(pipelineSampleRate)
        let start = end - .seconds(Double(count) / rate)
        return lock.withLock {
            if playsUntimed { return .untimed }
            if let untimedUntil, start < untimedUntil { return .untimed }
            let overlapping = stretches.filter { $0.start < end && start < $0.end + Self.echoTail }
            guard !overlapping.isEmpty else { return .nothing }
            var samples = [Float](repeating: 0, count: count)
            for stretch in overlapping {
                let offset = Int((((start - stretch.start) / .seconds(1)) * rate).rounded())
                for index in 0..<count where (0..<stretch.samples.count).contains(offset + index) {
                    samples[index] = stretch.samples[offset + index]
                }
            }
            return .samples(samples)
        }
    }

    /// Asks the sound playing to stop; ``takeStopRequest()`` tells the player.
    package func requestStop() {
        lock.withLock { stopRequested = true }
    }

    /// Whether a stop was asked for since the last call.
    package func takeStopRequest() -> Bool {
        lock.withLock {
            defer { stopRequested = false }
            return stopRequested
        }
    }
}
