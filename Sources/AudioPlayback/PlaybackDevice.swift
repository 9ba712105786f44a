import AudioCapture
import AudioInput
import CALSA

/// An ALSA playback device that plays ``Sound``s as 16-bit samples.
///
/// The device is asked for 16-bit samples at the pipeline's rate in mono; whatever rate and
/// channel count it offers instead, the sound is converted to (resampled with libsoxr, copied
/// to every channel). A device that takes no 16-bit samples is refused: use its `plughw:` name. The only
/// owner of its `snd_pcm_t*`, closed in deinit. ``play(_:)`` waits until the samples have been
/// played, so one thread owns it; with a ``PlaybackTimeline`` it says there when each sample
/// is heard, and stops when asked. The PCM is non-blocking, and every wait for the device is
/// at most ``waitMilliseconds`` long, so a stop asked for is seen even when the device has
/// stopped taking samples.
package final class PlaybackDevice: SoundOutput {
    /// The ALSA PCM name.
    package let name: String
    /// The rate the device plays at, in Hz.
    package let sampleRate: Int
    /// The channels the device plays.
    package let channels: Int
    private let pcm: OpaquePointer
    /// Kept while the PCM is open: ALSA does not say whether the PCM still refers to it.
    private let configuration: ALSAConfiguration?
    /// Where it records when each sample is heard, and learns that the sound is to stop.
    package let timeline: PlaybackTimeline?

    /// How much audio the device buffers ahead, in microseconds.
    static let bufferMicroseconds: UInt32 = 200_000
    /// The longest wait for the device to take samples or play them out, between two looks at
    /// the ``timeline``'s stop request, in milliseconds.
    static let waitMilliseconds: Int32 = 40

    /// Opens `name` for playback, defined by the ALSA configuration text `configuration` when
    /// given (the syntax of `~/.asoundrc`), else by the system's; records on `timeline`, when
    /// given, when each sample played is heard (the echo reference) and stops when it asks.
    package init(name: String, configuration text: String? = nil, timeline: PlaybackTimeline? = nil) throws(PlaybackError) {
        func failure(_ call: String, _ code: Int32) -> PlaybackError {
            PlaybackError(target: name, problem: "\(call) failed: \(ALSA.message(code))")
        }
        do {
            configuration = try text.map { text throws(CaptureError) in try ALSAConfiguration(text: text, device: name) }
        } catch {
            throw PlaybackError(target: name, problem: error.description)
        }
        var opened: OpaquePointer?
        // Non-blocking: opening does not wait for a busy device, writing and draining not for
        // one that takes no samples.
        let mode = Int32(SND_PCM_NONBLOCK)
        let code = configuration.map { snd_pcm_open_lconf(&opened, name, SND_PCM_STREAM_PLAYBACK, mode, $0.handle) }
            ?? snd_pcm_open(&opened, name, SND_PCM_STREAM_PLAYBACK, mode)
        guard code == 0, let opened else {
            throw PlaybackError(target: name, problem: Self.openProblem(code))
        }
        var parameters: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&parameters) == 0, let parameters else {
            snd_pcm_close(opened)
            throw failure("snd_pcm_hw_params_malloc", -12)
        }
        defer { snd_pcm_hw_params_free(parameters) }
        var rate = UInt32(pipelineSampleRate)
        var channelCount: UInt32 = 1
        var bufferTime = Self.bufferMicroseconds
        let steps: [(String, () -> Int32)] = [
            ("snd_pcm_hw_params_any", { snd_pcm_hw_params_any(opened, parameters) }),
            // The sound is resampled here (libsoxr) rather than by ALSA's plug, whose filter is simpler.
            ("snd_pcm_hw_params_set_rate_resample", { snd_pcm_hw_params_set_rate_resample(opened, parameters, 0) }),
            ("snd_pcm_hw_params_set_access", { snd_pcm_hw_params_set_access(opened, parameters, SND_PCM_ACCESS_RW_INTERLEAVED) }),
            ("snd_pcm_hw_params_set_format (16-bit samples)", { snd_pcm_hw_params_set_format(opened, parameters, SND_PCM_FORMAT_S16_LE) }),
            ("snd_pcm_hw_params_set_channels_near", { snd_pcm_hw_params_set_channels_near(opened, parameters, &channelCount) }),
            ("snd_pcm_hw_params_set_rate_near", { snd_pcm_hw_params_set_rate_near(opened, parameters, &rate, nil) }),
            ("snd_pcm_hw_params_set_buffer_time_near", { snd_pcm_hw_params_set_buffer_time_near(opened, parameters, &bufferTime, nil) }),
            ("snd_pcm_hw_params", { snd_pcm_hw_params(opened, parameters) }),
        ]
        for (call, step) in steps {
            let result = step()
            guard result >= 0 else {
                snd_pcm_close(opened)
                throw failure(call, result)
            }
        }
        self.name = name
        self.timeline = timeline
        pcm = opened
        sampleRate = Int(rate)
        channels = Int(channelCount)
    }

    deinit {
        snd_pcm_close(pcm)
    }

    /// Plays `sound` and waits until the device has played it, or until the ``timeline`` is
    /// asked to stop it.
    @discardableResult
    package func play(_ sound: Sound) throws(PlaybackError) -> PlaybackEnd {
        guard !sound.samples.isEmpty else { return .completed }
        let samples = try converted(sound.samples)
        var frames = samples.flatMap { sample in repeatElement(PCM16.value(sample), count: channels) }
        defer { timeline?.ended() }
        var offset = 0
        // Where the samples heard from a known instant on begin, once the device runs; nil
        // once they are on the timeline.
        var untimedFrom: Int? = 0
        try ensure(snd_pcm_prepare(pcm), "snd_pcm_prepare")
        while offset < frames.count {
            if let stopped = stopIfAsked(written: offset / channels) { return stopped }
            let count = min(Self.chunkFrames(rate: sampleRate), (frames.count - offset) / channels)
            let written = frames.withUnsafeMutableBufferPointer { buffer in
                snd_pcm_writei(pcm, buffer.baseAddress! + offset, snd_pcm_uframes_t(count))
            }
            if written == -snd_pcm_sframes_t(EAGAIN) {
                // The buffer is full: a device that starts only when it is full is started.
                if snd_pcm_state(pcm) == SND_PCM_STATE_PREPARED { try ensure(snd_pcm_start(pcm), "snd_pcm_start") }
                // An underrun or suspend while waiting is the next write's to recover from.
                _ = snd_pcm_wait(pcm, Self.waitMilliseconds)
                continue
            }
            if written < 0 {
                // An underrun (the device played everything before the next write) is recovered
                // from; the rest is heard from a new instant.
                try ensure(snd_pcm_recover(pcm, Int32(written), 1), "snd_pcm_writei")
                timeline?.stopped(at: .now)
                untimedFrom = offset / channels
                continue
            }
            offset += Int(written) * channels
            if let from = untimedFrom, snd_pcm_state(pcm) == SND_PCM_STATE_RUNNING {
                untimedFrom = nil
                record(sound, heardFrom: from, written: offset / channels)
            }
        }
        // A sound that fits in the buffer of a device that starts only when it is full.
        if let from = untimedFrom, snd_pcm_state(pcm) == SND_PCM_STATE_PREPARED, snd_pcm_start(pcm) == 0 {
            record(sound, heardFrom: from, written: offset / channels)
        }
        frames.removeAll()
        return try drain(written: offset / channels)
    }

    /// Waits until the device has played what was written, `written` frames, looking at the
    /// stop request between waits of at most ``waitMilliseconds``: a non-blocking drain only
    /// begins it.
    private func drain(written: Int) throws(PlaybackError) -> PlaybackEnd {
        let drained = snd_pcm_drain(pcm)
        guard drained == -EAGAIN else {
            try ensure(drained, "snd_pcm_drain")
            return .completed
        }
        while snd_pcm_state(pcm) == SND_PCM_STATE_DRAINING {
            if let stopped = stopIfAsked(written: written) { return stopped }
            _ = snd_pcm_wait(pcm, Self.waitMilliseconds)
        }
        // A device unplugged while it played the end of the sound says so, as a write would.
        if snd_pcm_state(pcm) == SND_PCM_STATE_DISCONNECTED { try ensure(-ENODEV, "snd_pcm_drain") }
        return .completed
    }

    /// When the ``timeline`` asks the sound to stop: drops what the device still holds (it is
    /// not played out) and says how much of the `written` frames was heard; nil otherwise.
    private func stopIfAsked(written: Int) -> PlaybackEnd? {
        guard let timeline, timeline.takeStopRequest() else { return nil }
        // What was written and is not still waiting in the device has been heard.
        var delay: snd_pcm_sframes_t = 0
        let heard = written - (snd_pcm_delay(pcm, &delay) == 0 ? Int(delay) : 0)
        snd_pcm_drop(pcm)
        timeline.stopped(at: .now)
        return .stopped(afterSeconds: Double(max(0, heard)) / Double(sampleRate))
    }

    /// Frames written at a time between two looks at the ``timeline``: 20 ms.
    private static func chunkFrames(rate: Int) -> Int { max(1, rate / 50) }

    /// Puts `sound`, from the device frame `frame` on, on the ``timeline``, `written` frames having
    /// been written to the running device: heard from when its delay says, or of unknown timing
    /// when it does not tell.
    private func record(_ sound: Sound, heardFrom frame: Int, written: Int) {
        guard let timeline else { return }
        let first = min(frame * pipelineSampleRate / sampleRate, sound.samples.count)
        var delay: snd_pcm_sframes_t = 0
        // The frame being heard now is the `delay`th before the last written.
        let start = snd_pcm_delay(pcm, &delay) == 0 ? ContinuousClock.now + .seconds(Double(frame - written + Int(delay)) / Double(sampleRate)) : nil
        timeline.sounds(Array(sound.samples[first...]), from: start)
    }

    /// `samples` at the device's rate.
    private func converted(_ samples: [Float]) throws(PlaybackError) -> [Float] {
        guard sampleRate != pipelineSampleRate else { return samples }
        do {
            return try Resampler.resampled(samples, from: Double(pipelineSampleRate), to: Double(sampleRate))
        } catch {
            throw PlaybackError(target: name, problem: error.problem)
        }
    }

    private func ensure(_ code: Int32, _ call: String) throws(PlaybackError) {
        guard code < 0 else { return }
        let problem = code == -19 || code == -77 ? "the device went away (\(ALSA.message(code)))" : "\(call) failed: \(ALSA.message(code))"
        throw PlaybackError(target: name, problem: problem)
    }

    /// Why `snd_pcm_open` failed, with what to do about it.
    private static func openProblem(_ code: Int32) -> String {
        switch -code {
        case 16: "the device is in use by another program (play through a shared device such as \"default\" or \"dmix\")"
        case 2, 19: "no such playback device (\(ALSA.message(code)))"
        case 13: "permission denied (add the user to the group `audio`)"
        default: "cannot be opened for playback: \(ALSA.message(code))"
        }
    }
}
