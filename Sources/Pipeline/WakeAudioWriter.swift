import AudioInput
import AudioPlayback
import Glibc
import Logging
import TextFormatting
import Threading

/// The audio of one wake-up, as it is handed to a ``WakeAudioWriter``: which hotword, and
/// where on the stream the saved audio starts.
package struct WakeRecording: Sendable, Equatable {
    /// Seconds of audio saved before the keyword, where the stream has them.
    package static let preRollSeconds = 1.5

    /// The hotword whose audio this is.
    package var hotword: HotwordEvent
    /// Stream position of the first sample saved.
    package var startSample: Int
    /// The file's name in the folder.
    package var fileName: String

    /// The recording of `hotword`, just heard, whose audio starts at stream position
    /// `startSample`; named by its time in a file, or live by the clock's time now.
    package init(hotword: HotwordEvent, startSample: Int) {
        self.hotword = hotword
        self.startSample = startSample
        var heardAt = hotword.time
        if case .device = hotword.source {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            heardAt = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        }
        fileName = WakeAudioFolder.fileName(keyword: hotword.keyword, heardAt: heardAt, in: hotword.source)
    }
}

/// Saves the audio of each wake-up as a 16 kHz mono 16-bit WAV file in a ``WakeAudioFolder``,
/// on a thread of its own, so that a disk that stalls (an SD card can, for seconds) never
/// holds up the thread that hears the audio.
///
/// That thread hands over a recording in parts (``begin(_:samples:)``, ``append(_:)``,
/// ``end()``), which wait in a queue of at most ``queueCapacity`` samples. Live, a part that
/// does not fit is dropped with a warning in the log, and the rest of that recording with it
/// (the file ends where the disk fell behind, and its `audio_saved` event says so); in a file
/// run, which has no microphone to fall behind, the thread waits instead, and ``end()`` waits
/// for the file, so a run reports the same events in the same order each time. What the
/// writer's thread did (`audio_saved`, or an `error` event for a file that could not be
/// written) is taken with ``takeOutcomes()``. The thread alone owns the files.
package final class WakeAudioWriter: @unchecked Sendable {
    /// What the caller's thread does when the queue is full.
    package enum WhenBehind: Sendable {
        /// Drops the audio (live: capture must not wait).
        case drop
        /// Waits for the disk (files).
        case wait
    }

    /// The most samples waiting to be written: 30 s of audio, 1.8 MiB.
    package static let queueCapacity = 30 * pipelineSampleRate
    /// How long ``finish()`` waits for what is queued to be written, so that shutdown keeps
    /// within its time however slow the disk.
    package static let finishLimit = Duration.seconds(1)

    /// Where the files go.
    package let folder: WakeAudioFolder
    private let whenBehind: WhenBehind
    private let condition = Condition()
    private let logger = Logger(label: "susi-listen.wake-audio")

    // Guarded by `condition`.
    private var queue: [Part] = []
    private var queuedSamples = 0
    /// Whether the writer's thread is writing parts it has taken from the queue.
    private var isBusy = false
    private var isFinishing = false
    private var outcomes: [ListenEvent] = []
    /// The caller's recording: what it hands over of it, and whether that is being dropped.
    private var handedOver: (recording: WakeRecording, samples: Int, state: HandOver)?

    private enum Part {
        case begin(WakeRecording, [Float])
        case samples([Float])
        case end
    }

    private enum HandOver {
        case queued
        /// The queue was full: the rest of the recording is dropped.
        case cutShort
        /// The queue was full at its start: none of it is saved.
        case dropped
    }

    /// Starts the writer's thread, which saves into `folder`.
    package init(folder: WakeAudioFolder, whenBehind: WhenBehind) {
        self.folder = folder
        self.whenBehind = whenBehind
        DedicatedThread.start(named: "susi-listen wake audio") { [self] in
            var file = WakeAudioFile(folder: folder)
            while let (parts, samples) = next() {
                let done = parts.flatMap { file.write($0) }
                condition.withLock {
                    outcomes += done
                    // Written: their room is free only now, so the queue and the parts being
                    // written together hold at most queueCapacity samples.
                    queuedSamples -= samples
                    isBusy = false
                    condition.broadcast()
                }
            }
        }
    }

    /// Starts saving `recording`, whose first samples (the pre-roll, the keyword, up to the
    /// frame that completed it) are `samples`.
    package func begin(_ recording: WakeRecording, samples: [Float]) {
        let problem = "the disk does not keep up: the audio of the hotword at \(String(printf: "%.3f", recording.hotword.time)) s is not saved"
        let fits = condition.withLock {
            let fits = waitForRoom(samples.count)
            handedOver = (recording, samples.count, fits ? .queued : .dropped)
            if fits {
                enqueue(.begin(recording, samples), samples: samples.count)
            } else {
                // No file and no audio_saved event: an error event says so where events go.
                outcomes.append(.error(ErrorEvent(file: folder.path + "/" + recording.fileName, message: problem)))
            }
            return fits
        }
        if !fits { logger.warning("\(problem)") }
    }

    /// Adds the next samples of the recording begun.
    package func append(_ samples: [Float]) {
        let warning: String? = condition.withLock {
            guard let current = handedOver, current.state == .queued else { return nil }
            guard waitForRoom(samples.count) else {
                handedOver?.state = .cutShort
                let cutAt = Double(current.recording.startSample + current.samples) / Double(pipelineSampleRate)
                return "the disk does not keep up: the audio of the hotword at \(String(printf: "%.3f", current.recording.hotword.time)) s is saved up to \(String(printf: "%.3f", cutAt)) s only"
            }
            handedOver?.samples += samples.count
            enqueue(.samples(samples), samples: samples.count)
            return nil
        }
        if let warning { logger.warning("\(warning)") }
    }

    /// Ends the recording begun; in a file run, returns once its file is written.
    package func end() {
        condition.withLock {
            guard let current = handedOver else { return }
            handedOver = nil
            guard current.state != .dropped else { return }
            enqueue(.end, samples: 0)
            if whenBehind == .wait {
                while !queue.isEmpty || isBusy { condition.wait() }
            }
        }
    }

    /// What the writer's thread did since the last call: `audio_saved` and `error` events.
    package func takeOutcomes() -> [ListenEvent] {
        condition.withLock {
            defer { outcomes.removeAll() }
            return outcomes
        }
    }

    /// Waits, at most ``finishLimit``, for what is queued to be written, ends the thread and
    /// returns what it did since ``takeOutcomes()`` was last asked. A file not written by then
    /// is left to the thread, which ends with the process.
    package func finish() -> [ListenEvent] {
        let (finished, left, writing) = condition.withLock {
            let deadline = Condition.Deadline(secondsFromNow: Self.finishLimit.timeInterval)
            while !queue.isEmpty || isBusy, condition.wait(until: deadline) {}
            isFinishing = true
            condition.broadcast()
            defer { outcomes.removeAll() }
            return (outcomes, queuedSamples, isBusy)
        }
        // Samples still counted are queued or being written (a write the disk holds up).
        if left > 0 || writing {
            logger.warning("the disk does not keep up: \(String(printf: "%.1f", Double(left) / Double(pipelineSampleRate))) s of wake-up audio not written at shutdown; the file being written may be cut short")
        }
        return finished
    }

    /// Whether `count` more samples fit in the queue, waiting for room in a file run. Call
    /// holding the lock.
    private func waitForRoom(_ count: Int) -> Bool {
        if whenBehind == .wait {
            while queuedSamples > 0 && queuedSamples + count > Self.queueCapacity && !isFinishing { condition.wait() }
            return true
        }
        return queuedSamples + count <= Self.queueCapacity
    }

    /// Queues `part`, holding `samples` samples. Call holding the lock.
    private func enqueue(_ part: Part, samples: Int) {
        queue.append(part)
        queuedSamples += samples
        condition.broadcast()
    }

    /// The parts queued, all of them, and the samples they hold, waiting for some; nil once
    /// finishing with none left.
    private func next() -> (parts: [Part], samples: Int)? {
        condition.withLock {
            while queue.isEmpty && !isFinishing { condition.wait() }
            guard !queue.isEmpty else { return nil }
            defer {
                queue.removeAll()
                isBusy = true
            }
            return (queue, queuedSamples)
        }
    }

    /// The file being written, on the writer's thread alone.
    private struct WakeAudioFile {
        let folder: WakeAudioFolder
        private var output: WAVFileOutput?
        private var recording: WakeRecording?
        /// Where the recording goes.
        private var path: String?
        private var written = 0
        /// The names given in this process, newest last: two recordings of one time (files of
        /// one name in two folders) do not overwrite each other. Only the folder's cap of them
        /// are remembered (older files are deleted anyway), so a daemon's weeks of wake-ups do
        /// not grow it.
        private var namesGiven: [String] = []

        init(folder: WakeAudioFolder) {
            self.folder = folder
        }

        /// Writes `part`; returns the events it gave.
        mutating func write(_ part: Part) -> [ListenEvent] {
            switch part {
            case .begin(let recording, let samples):
                self.recording = recording
                written = 0
                let path = folder.path + "/" + uniqueName(recording.fileName)
                self.path = path
                do {
                    output = try WAVFileOutput(path: path, ownerOnly: true)
                } catch {
                    return [failure("cannot save the audio of the hotword: \(error.problem)")]
                }
                return write(samples)
            case .samples(let samples):
                return write(samples)
            case .end:
                guard let saved = output, let recording else { return [] }
                // Closing the file writes its last header.
                output = nil
                let event = ListenEvent.audioSaved(AudioSavedEvent(
                    path: saved.path, hotword: recording.hotword,
                    start: Double(recording.startSample) / Double(pipelineSampleRate),
                    end: Double(recording.startSample + written) / Double(pipelineSampleRate)))
                return [event] + folder.removeOldest().map { ListenEvent.error(ErrorEvent(file: $0.path, message: "cannot delete an old wake-up recording: \($0.problem)")) }
            }
        }

        private mutating func write(_ samples: [Float]) -> [ListenEvent] {
            guard let output else { return [] }
            do throws(PlaybackError) {
                try output.write(samples, describedAs: "the audio of the hotword")
                written += samples.count
                return []
            } catch {
                // A file cut off where the disk failed is no record of what was heard.
                self.output = nil
                unlink(output.path)
                return [failure("\(error.problem); the file is deleted, and listening goes on")]
            }
        }

        private func failure(_ message: String) -> ListenEvent {
            .error(ErrorEvent(file: path, message: message))
        }

        /// `name`, or when it was given already in this process, `name` with `-2`, `-3`, …
        /// before `.wav`.
        private mutating func uniqueName(_ name: String) -> String {
            var unique = name, number = 1
            while namesGiven.contains(unique) {
                number += 1
                unique = String(name.dropLast(".wav".count)) + "-\(number).wav"
            }
            namesGiven.append(unique)
            if namesGiven.count > folder.maximumFiles { namesGiven.removeFirst() }
            return unique
        }
    }
}
