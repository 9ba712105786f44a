import AudioInput
import CALSA
import Glibc

/// A capture device opened by ALSA PCM name ("default", "hw:1,0", "plughw:1,0",
/// "dsnoop", ...) or from an ALSA configuration given as text (for tests and file-backed
/// PCMs), handing on mono frames at ``pipelineSampleRate``.
///
/// Conversion: the device delivers what ``HardwareParameters`` negotiated, reported in
/// ``hardwareFormat``; samples become Float, and ``PipelineConverter`` averages the channels
/// and converts the rate with the project's ``Resampler`` (libsoxr). ALSA's own rate
/// conversion is switched off even where the device has it (`plughw:`, `default` over
/// `plug`): an `hw:` device has none, so the project's converter is needed anyway, and
/// its band-limited filter keeps aliases out of the speech band, which `plug`'s simpler
/// filter does not promise. `plug`'s sample-format and channel conversions stay allowed
/// (asked for one channel, it averages them, as ``ChannelMixer`` does, but without its
/// fall-back to the loudest channel where they cancel out).
///
/// The only owner of its `snd_pcm_t*`, closed in deinit. Reads block, so one thread
/// reads; a live device delivers a period every few tens of milliseconds, so a read
/// returns at that pace. ``readFrame(waitingAtMost:)`` gives up after a time limit, so a
/// reader that must stop sees it even when the device stalls; opening never waits for a busy
/// device.
package final class CaptureDevice: AudioFrameSource {
    /// Periods accepted by the initialisers, in milliseconds; a listener wants 20–32 ms, and
    /// a period of a second or more points to a mistaken unit.
    package static let periodMillisecondsRange = 1...999

    /// The PCM name the device was opened by.
    package let name: String
    /// Samples per frame handed out by ``readFrame()``.
    package var frameLength: Int { pending.frameLength }
    /// What the device delivers before conversion.
    package let hardwareFormat: CaptureFormat
    /// Overruns and suspends recovered from, and frames read, since the device was opened.
    package private(set) var statistics = CaptureStatistics()

    private let pcm: OpaquePointer
    /// The tree a configured PCM was opened from; ALSA may refer to it until the PCM is closed.
    private let configuration: ALSAConfiguration?
    private let sampleFormat: PCMEncoding
    /// nil when the device runs at the pipeline rate, so its samples pass through unfiltered.
    private let converter: PipelineConverter
    /// One period of interleaved samples as the device delivers them.
    private var periodBuffer: [UInt8]
    /// Converted samples not yet handed out; never more than a period's output plus a frame.
    private var pending: FrameAssembler

    /// Opens the ALSA PCM `name` for capture and negotiates its format.
    /// - Parameters:
    ///   - frameLength: samples per frame handed out; callers use 20–32 ms (320–512 samples).
    ///   - periodMilliseconds: how often the device wakes the reader, asked for; the device
    ///     may round it (see ``hardwareFormat``).
    ///   - channel: the channels heard: all mixed, or one alone, which the device must have
    ///     (``CaptureError/unsupportedFormat(name:detail:)`` otherwise).
    /// - Throws: ``CaptureError/deviceNotFound(name:available:)`` naming the capture devices
    ///   ALSA knows, and the other ``CaptureError`` cases for a device that is busy, refuses
    ///   access or offers nothing usable.
    package convenience init(name: String, frameLength: Int = 480, periodMilliseconds: Int = 30,
                             channel: InputChannel = .mixed) throws(CaptureError) {
        try self.init(name: name, configuration: nil, frameLength: frameLength, periodMilliseconds: periodMilliseconds, channel: channel)
    }

    /// Opens the PCM `name` defined in `text`, an ALSA configuration in the syntax of
    /// `~/.asoundrc`, instead of the system's configuration.
    ///
    /// Only the PCMs defined in `text` can be opened, e.g. a `file` PCM that reads raw
    /// samples from a file or FIFO (`infile`). Put no converting `plug` on top of such a
    /// PCM: alsa-lib 1.2.8 then reads the file through mmap and skips ahead; constrain
    /// rate and channels under it instead (the tests' `FilePCM` shows how).
    /// - Throws: as ``init(name:frameLength:periodMilliseconds:)``, and
    ///   ``CaptureError/alsa(device:call:code:message:)`` for `snd_config_load` when `text`
    ///   does not parse; ``CaptureError/deviceNotFound(name:available:)`` lists the PCMs `text` defines.
    package convenience init(
        configuration text: String, name: String, frameLength: Int = 480, periodMilliseconds: Int = 30,
        channel: InputChannel = .mixed
    ) throws(CaptureError) {
        let configuration = try ALSAConfiguration(text: text, device: name)
        try self.init(
            name: name, configuration: configuration, frameLength: frameLength, periodMilliseconds: periodMilliseconds,
            channel: channel)
    }

    private init(
        name: String, configuration: ALSAConfiguration?, frameLength: Int, periodMilliseconds: Int, channel: InputChannel
    ) throws(CaptureError) {
        guard frameLength > 0 else { throw .invalidFrameLength(frameLength) }
        guard CaptureDevice.periodMillisecondsRange.contains(periodMilliseconds) else {
            throw .invalidPeriod(milliseconds: periodMilliseconds)
        }
        let periodMicroseconds = UInt32(periodMilliseconds * 1_000)
        let pcm = try Self.open(name: name, configuration: configuration)
        let negotiated: (format: CaptureFormat, sampleFormat: PCMEncoding)
        let converter: PipelineConverter
        do {
            negotiated = try HardwareParameters.negotiate(
                pcm: pcm, device: name, periodMicroseconds: periodMicroseconds, channel: channel)
            converter = try Self.converter(for: negotiated.format, channel: channel, device: name)
        } catch {
            snd_pcm_close(pcm)
            throw error
        }
        self.name = name
        self.pending = FrameAssembler(frameLength: frameLength)
        self.pcm = pcm
        self.configuration = configuration
        self.hardwareFormat = negotiated.format
        self.sampleFormat = negotiated.sampleFormat
        self.converter = converter
        self.periodBuffer = [UInt8](
            repeating: 0,
            count: negotiated.format.periodFrames * negotiated.format.channels * negotiated.sampleFormat.bytesPerSample)
    }

    deinit {
        snd_pcm_close(pcm)
    }

    /// The next frame of ``frameLength`` samples, blocking until the device has delivered it.
    ///
    /// Overruns and suspends are recovered from and counted in ``statistics``; the frame
    /// after one joins audio across the gap.
    /// - Throws: ``CaptureError/deviceGone(name:)`` when the device went away: close it and
    ///   open it again, with back-off, until it is back. Other errors come from ALSA.
    package func readFrame() throws(CaptureError) -> [Float] {
        while true {
            if let frame = try readFrame(waitingAtMost: .seconds(60)) { return frame }
        }
    }

    /// ``readFrame()``, but nil when the device has delivered no period for `limit` (it
    /// stalls): the frame is still to come, from a later call.
    /// - Throws: as ``readFrame()``.
    package func readFrame(waitingAtMost limit: Duration) throws(CaptureError) -> [Float]? {
        while !pending.hasFrame {
            guard try waitForPeriod(limit) else { return nil }
            try readPeriod()
        }
        return pending.nextFrame()
    }

    /// How long ago the end of the frame last read was heard, as far as the device tells: the
    /// audio waiting in its buffer (at most a period: read on a thread of its own, a device is
    /// not further behind, and PCMs that deliver as fast as they are read, such as ALSA's
    /// `null` and `file`, say their whole buffer waits) and not yet handed out, in seconds.
    package func backlogSeconds() -> Double {
        let waiting = min(max(0, Int(snd_pcm_avail(pcm))), hardwareFormat.periodFrames)
        return Double(waiting) / Double(hardwareFormat.sampleRate) + Double(pending.count) / Double(pipelineSampleRate)
    }

    /// ``readFrame()`` as an ``AudioFrameSource``: a live device never ends, so this never
    /// returns nil.
    /// - Throws: ``AudioInputError/readFailed(path:seconds:reason:)`` with the device name as
    ///   the path and the ``CaptureError`` as the reason; a caller that must tell a device that
    ///   went away from other failures calls ``readFrame()``.
    package func nextFrame() throws(AudioInputError) -> [Float]? {
        do {
            return try readFrame()
        } catch {
            let seconds = Double(statistics.framesRead) / Double(hardwareFormat.sampleRate)
            throw .readFailed(path: name, seconds: seconds, reason: error.problem)
        }
    }

    /// Waits until a period can be read without blocking; false when `limit` passed first. A
    /// capture stream that is prepared but not running is started, or it would never fill.
    private func waitForPeriod(_ limit: Duration) throws(CaptureError) -> Bool {
        if snd_pcm_state(pcm) == SND_PCM_STATE_PREPARED {
            let started = snd_pcm_start(pcm)
            guard started >= 0 else {
                try recover(from: started, call: "snd_pcm_start")
                return true
            }
        }
        let milliseconds = limit.components.seconds * 1_000 + limit.components.attoseconds / 1_000_000_000_000_000
        let ready = snd_pcm_wait(pcm, Int32(clamping: milliseconds))
        guard ready >= 0 else {
            // An overrun or suspend while waiting: recovered, and the period is read anew.
            try recover(from: ready, call: "snd_pcm_wait")
            return true
        }
        return ready > 0
    }

    /// Reads up to one period, converts it and adds it to `pending`.
    private func readPeriod() throws(CaptureError) {
        let channels = hardwareFormat.channels
        let read = periodBuffer.withUnsafeMutableBytes { buffer in
            snd_pcm_readi(pcm, buffer.baseAddress, snd_pcm_uframes_t(hardwareFormat.periodFrames))
        }
        guard read >= 0 else {
            try recover(from: Int32(clamping: read))
            return
        }
        let frames = Int(read)
        statistics.framesRead += frames
        let interleaved = periodBuffer.withUnsafeBytes { sampleFormat.decode($0, count: frames * channels) }
        pending.append(converter.convert(interleaved: interleaved))
    }

    /// Gets the device reading again after `code` from `call`, or throws.
    private func recover(from code: Int32, call: String = "snd_pcm_readi") throws(CaptureError) {
        switch -code {
        case EINTR:
            return
        case EPIPE:
            statistics.overrunsRecovered += 1
        case ESTRPIPE:
            statistics.suspendsRecovered += 1
        default:
            throw CaptureError.classify(code, device: name, call: call)
        }
        // snd_pcm_recover prepares the device after an overrun; after a suspend it waits
        // for the driver to resume (ALSA offers no event for that) and prepares if it cannot.
        let recovered = snd_pcm_recover(pcm, code, 1)
        guard recovered >= 0 else {
            throw CaptureError.classify(recovered, device: name, call: "snd_pcm_recover")
        }
    }

    /// How many channels the capture PCM `name` (defined in `configuration`, when given) records,
    /// as ALSA offers them; nil when it cannot be opened now (busy, missing) or converts to any
    /// count (`plug`, `null`), which says nothing of the microphones behind it.
    package static func channelCounts(name: String, configuration: ALSAConfiguration? = nil) -> ClosedRange<Int>? {
        guard let pcm = try? open(name: name, configuration: configuration) else { return nil }
        defer { snd_pcm_close(pcm) }
        guard let counts = HardwareParameters.channelRange(pcm: pcm, device: name),
              counts.upperBound <= AudioFileReader.maximumChannelCount else { return nil }
        return counts
    }

    /// Opens `name` for blocking capture, from `configuration` when there is one. The open
    /// itself does not block: a busy device is an error at once, not a wait for its user.
    private static func open(name: String, configuration: ALSAConfiguration?) throws(CaptureError) -> OpaquePointer {
        let (opened, diagnostics) = ALSADiagnostics.collecting { () -> (code: Int32, pcm: OpaquePointer?) in
            var pcm: OpaquePointer?
            let code =
                if let configuration {
                    snd_pcm_open_lconf(&pcm, name, SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK, configuration.handle)
                } else {
                    snd_pcm_open(&pcm, name, SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK)
                }
            if code == 0, let pcm { snd_pcm_nonblock(pcm, 0) }
            return (code, pcm)
        }
        if opened.code == 0, let pcm = opened.pcm { return pcm }
        // ENOENT: no such PCM in the configuration, or no such card or device node;
        // ENODEV/ENXIO: the card named does not exist.
        guard [ENOENT, ENODEV, ENXIO].contains(-opened.code) else {
            throw CaptureError.classify(opened.code, device: name, call: "snd_pcm_open", diagnostics: diagnostics)
        }
        if let configuration {
            let defined = configuration.pcmNames
            guard defined.contains(name) else { throw .deviceNotFound(name: name, available: defined) }
            // A PCM the text defines fails so too when a file it names is missing, or a PCM it
            // stands on (a slave such as "hw:0,0") is not defined in it; ALSA's diagnostic says which.
            throw .alsa(
                device: name, call: "snd_pcm_open", code: opened.code,
                message: ALSA.message(opened.code, diagnostics)
                    + "; the ALSA configuration file given is read instead of the system's, so every PCM \(name) stands on must be defined in it too")
        }
        if CaptureDeviceList.isPlaybackOnly(name) {
            throw .noCaptureSupport(name: name)
        }
        throw .deviceNotFound(name: name, available: CaptureDeviceList.captureDevices().map(\.name))
    }

    private static func converter(for format: CaptureFormat, channel: InputChannel, device: String) throws(CaptureError) -> PipelineConverter {
        do {
            return try PipelineConverter(sampleRate: format.sampleRate, channels: format.channels, channel: channel)
        } catch {
            throw .unsupportedFormat(name: device, detail: error.description)
        }
    }
}
