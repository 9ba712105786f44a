import AudioInput
import CALSA

/// Negotiates the hardware parameters of an open capture PCM.
///
/// The only owner of its `snd_pcm_hw_params_t*`, freed in deinit.
final class HardwareParameters {
    /// Periods the device buffer holds. A capture read returns as soon as one period is in,
    /// so the buffer adds no latency; it is headroom for a reader that stalls for a moment.
    static let bufferPeriods: UInt32 = 8

    private let handle: OpaquePointer
    private let pcm: OpaquePointer
    private let device: String

    private init(pcm: OpaquePointer, device: String) throws(CaptureError) {
        var handle: OpaquePointer?
        let allocated = snd_pcm_hw_params_malloc(&handle)
        guard allocated == 0, let handle else {
            throw .alsa(
                device: device, call: "snd_pcm_hw_params_malloc", code: allocated, message: ALSA.message(allocated))
        }
        self.handle = handle
        self.pcm = pcm
        self.device = device
    }

    deinit {
        snd_pcm_hw_params_free(handle)
    }

    /// Installs on `pcm` the best format for the pipeline among those the device offers:
    /// interleaved reads; the first of ``PCMEncoding/capturePreference`` it offers; the channel
    /// count nearest 1 (for one channel heard alone, nearest the count that has it); 16 kHz
    /// when the device itself runs at it, else the lowest rate above 16 kHz, else the highest
    /// below; a period near `periodMicroseconds` and a buffer of ``bufferPeriods`` periods.
    ///
    /// ALSA's own rate conversion is switched off (`snd_pcm_hw_params_set_rate_resample`),
    /// so a `plughw:` or `default` device reports its real rates, just as an `hw:` device
    /// (which has no conversion at all) does, and the project's band-limited ``Resampler``
    /// converts in both cases instead of `plug`'s simpler filter. A device that has no
    /// rate conversion to switch off but converts anyway (a sound server) offers 16 kHz
    /// and is taken at it.
    static func negotiate(
        pcm: OpaquePointer, device: String, periodMicroseconds: UInt32, channel: InputChannel
    ) throws(CaptureError) -> (format: CaptureFormat, sampleFormat: PCMEncoding) {
        let parameters = try HardwareParameters(pcm: pcm, device: device)
        return try parameters.negotiate(periodMicroseconds: periodMicroseconds, channel: channel)
    }

    /// The channel counts an open PCM `pcm` offers; nil when ALSA cannot say.
    static func channelRange(pcm: OpaquePointer, device: String) -> ClosedRange<Int>? {
        guard let parameters = try? HardwareParameters(pcm: pcm, device: device),
              snd_pcm_hw_params_any(pcm, parameters.handle) >= 0 else { return nil }
        return parameters.offeredChannels()
    }

    /// The channel counts the parameters still allow; nil when ALSA cannot say.
    private func offeredChannels() -> ClosedRange<Int>? {
        var least: UInt32 = 0, most: UInt32 = 0
        guard snd_pcm_hw_params_get_channels_min(handle, &least) == 0,
              snd_pcm_hw_params_get_channels_max(handle, &most) == 0, least <= most else { return nil }
        return Int(least)...Int(most)
    }

    private func negotiate(periodMicroseconds: UInt32, channel: InputChannel) throws(CaptureError) -> (CaptureFormat, PCMEncoding) {
        try check(snd_pcm_hw_params_any(pcm, handle), "snd_pcm_hw_params_any")
        try check(snd_pcm_hw_params_set_rate_resample(pcm, handle, 0), "snd_pcm_hw_params_set_rate_resample")
        guard snd_pcm_hw_params_set_access(pcm, handle, SND_PCM_ACCESS_RW_INTERLEAVED) == 0 else {
            throw .unsupportedFormat(name: device, detail: "it offers no interleaved read access")
        }
        let sampleFormat = try chooseSampleFormat()
        var channels: UInt32 = 1
        if case .only(let wanted) = channel {
            channels = UInt32(wanted + 1)
            let most = offeredChannels()?.upperBound ?? 0
            guard snd_pcm_hw_params_set_channels_min(pcm, handle, &channels) == 0 else {
                throw .unsupportedFormat(name: device, detail: "it has no channel \(wanted) (counted from 0): it offers at most \(most) channels")
            }
        }
        try check(snd_pcm_hw_params_set_channels_near(pcm, handle, &channels), "snd_pcm_hw_params_set_channels_near")
        try chooseRate()
        var periodTime = periodMicroseconds
        try check(
            snd_pcm_hw_params_set_period_time_near(pcm, handle, &periodTime, nil),
            "snd_pcm_hw_params_set_period_time_near")
        // Some devices have a fixed buffer (dsnoop shares one): take what they have.
        var bufferTime = periodTime * Self.bufferPeriods
        _ = snd_pcm_hw_params_set_buffer_time_near(pcm, handle, &bufferTime, nil)
        try check(snd_pcm_hw_params(pcm, handle), "snd_pcm_hw_params")
        return (try installedFormat(sampleFormat), sampleFormat)
    }

    private func chooseSampleFormat() throws(CaptureError) -> PCMEncoding {
        if let format = PCMEncoding.capturePreference.first(where: offers) {
            try check(snd_pcm_hw_params_set_format(pcm, handle, format.alsaFormat), "snd_pcm_hw_params_set_format")
            return format
        }
        let offered = (0...SND_PCM_FORMAT_LAST.rawValue)
            .map { snd_pcm_format_t(rawValue: $0) }
            .filter { snd_pcm_hw_params_test_format(pcm, handle, $0) == 0 }
            .map(PCMEncoding.name(of:))
        let wanted = PCMEncoding.capturePreference.map(\.name).joined(separator: ", ")
        throw .unsupportedFormat(
            name: device,
            detail: "it offers the sample formats \(offered.joined(separator: ", ")) but none of \(wanted)")
    }

    private func offers(_ format: PCMEncoding) -> Bool {
        snd_pcm_hw_params_test_format(pcm, handle, format.alsaFormat) == 0
    }

    /// 16 kHz if offered, else the lowest rate above it (downsampling keeps the whole
    /// speech band), else the highest below it.
    private func chooseRate() throws(CaptureError) {
        let target = UInt32(pipelineSampleRate)
        if snd_pcm_hw_params_test_rate(pcm, handle, target, 0) == 0 {
            try check(snd_pcm_hw_params_set_rate(pcm, handle, target, 0), "snd_pcm_hw_params_set_rate")
            return
        }
        let trial = try HardwareParameters(pcm: pcm, device: device)
        snd_pcm_hw_params_copy(trial.handle, handle)
        var minimum = target
        var rate: UInt32 = 0
        if snd_pcm_hw_params_set_rate_min(pcm, trial.handle, &minimum, nil) == 0 {
            try check(
                snd_pcm_hw_params_set_rate_first(pcm, trial.handle, &rate, nil), "snd_pcm_hw_params_set_rate_first")
        } else {
            snd_pcm_hw_params_copy(trial.handle, handle)
            try check(snd_pcm_hw_params_set_rate_last(pcm, trial.handle, &rate, nil), "snd_pcm_hw_params_set_rate_last")
        }
        try check(snd_pcm_hw_params_set_rate(pcm, handle, rate, 0), "snd_pcm_hw_params_set_rate")
    }

    private func installedFormat(_ sampleFormat: PCMEncoding) throws(CaptureError) -> CaptureFormat {
        var rate: UInt32 = 0
        var channels: UInt32 = 0
        var periodFrames: snd_pcm_uframes_t = 0
        var bufferFrames: snd_pcm_uframes_t = 0
        try check(snd_pcm_hw_params_get_rate(handle, &rate, nil), "snd_pcm_hw_params_get_rate")
        try check(snd_pcm_hw_params_get_channels(handle, &channels), "snd_pcm_hw_params_get_channels")
        try check(snd_pcm_hw_params_get_period_size(handle, &periodFrames, nil), "snd_pcm_hw_params_get_period_size")
        try check(snd_pcm_hw_params_get_buffer_size(handle, &bufferFrames), "snd_pcm_hw_params_get_buffer_size")
        return CaptureFormat(
            sampleRate: Int(rate), channels: Int(channels), sampleFormat: sampleFormat.name,
            periodFrames: Int(periodFrames), bufferFrames: Int(bufferFrames))
    }

    private func check(_ code: Int32, _ call: String) throws(CaptureError) {
        guard code < 0 else { return }
        throw CaptureError.classify(code, device: device, call: call)
    }
}
