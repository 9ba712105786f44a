import CSoxr

/// Band-limited streaming sample-rate converter for one channel of Float samples.
///
/// Wraps a libsoxr stream at its high-quality preset: its anti-aliasing filter keeps
/// everything above the output Nyquist frequency far below -100 dB, so the keyword
/// spotter never hears aliases of content the output rate cannot carry.
/// The instance is the only owner of its soxr handle and frees it in deinit.
package final class Resampler {
    /// Input rate in Hz.
    package let inputRate: Double
    /// Output rate in Hz.
    package let outputRate: Double
    private let handle: soxr_t
    /// Output samples per input sample, used to size output buffers.
    private let ratio: Double

    /// Extra output room per call, since soxr may release a little more than
    /// `input × ratio` once its filter has filled.
    private static let outputSlack = 256
    /// Most output samples asked of soxr per call; larger pieces are taken in several calls,
    /// which keeps buffer sizes sane for extreme ratios.
    private static let maximumOutputPerCall = 1 << 20
    /// Widest conversion accepted either way. libsoxr would accept any ratio, but no audio
    /// conversion needs more, and a wider one points to a mistaken rate.
    package static let maximumRatio = 4_096.0

    /// Creates a mono stream resampler.
    /// - Throws: ``AudioInputError/resamplerSetupFailed(inputRate:outputRate:reason:)``
    ///   when a rate is not positive and finite, the rates differ by more than
    ///   ``maximumRatio``, or libsoxr cannot set up the filter.
    package init(inputRate: Double, outputRate: Double = Double(pipelineSampleRate)) throws(AudioInputError) {
        guard inputRate.isFinite, outputRate.isFinite, inputRate > 0, outputRate > 0 else {
            throw .resamplerSetupFailed(
                inputRate: inputRate, outputRate: outputRate, reason: "rates must be positive and finite")
        }
        let ratio = outputRate / inputRate
        guard (1 / Self.maximumRatio...Self.maximumRatio).contains(ratio) else {
            throw .resamplerSetupFailed(
                inputRate: inputRate, outputRate: outputRate,
                reason: "the rates may differ by a factor of at most \(Int(Self.maximumRatio))")
        }
        var ioSpec = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var qualitySpec = soxr_quality_spec(UInt(SOXR_HQ), 0)
        var error: soxr_error_t?
        let created = soxr_create(inputRate, outputRate, 1, &error, &ioSpec, &qualitySpec, nil)
        guard let created, error == nil else {
            if let created { soxr_delete(created) }
            throw .resamplerSetupFailed(
                inputRate: inputRate, outputRate: outputRate,
                reason: error.map { String(cString: $0) } ?? "libsoxr returned no resampler")
        }
        self.inputRate = inputRate
        self.outputRate = outputRate
        self.handle = created
        self.ratio = ratio
    }

    deinit {
        soxr_delete(handle)
    }

    /// Resamples the next piece of the stream.
    ///
    /// The filter delays its output, so the samples returned lag the input; call
    /// ``flush()`` at the end of the stream to get the rest.
    package func process(_ input: [Float]) -> [Float] {
        // An empty buffer has no base address, and a nil input would tell soxr the stream ended.
        guard !input.isEmpty else { return [] }
        return input.withUnsafeBufferPointer { samples in
            drain(from: samples.baseAddress, count: samples.count)
        }
    }

    /// `samples`, a whole stream, from `inputRate` to `outputRate`.
    package static func resampled(_ samples: [Float], from inputRate: Double,
                                 to outputRate: Double = Double(pipelineSampleRate)) throws(AudioInputError) -> [Float] {
        let resampler = try Resampler(inputRate: inputRate, outputRate: outputRate)
        return resampler.process(samples) + resampler.flush()
    }

    /// Drains the filter's delay line at end of stream and readies the resampler for a new stream.
    package func flush() -> [Float] {
        let tail = drain(from: nil, count: 0)
        soxr_clear(handle)
        return tail
    }

    /// Runs soxr until it has consumed `count` samples from `input` and has no output left
    /// to give; a nil `input` marks the end of the stream.
    private func drain(from input: UnsafePointer<Float>?, count: Int) -> [Float] {
        var output: [Float] = []
        var consumed = 0
        while true {
            let remaining = count - consumed
            let wanted = (Double(remaining) * ratio).rounded(.up)
            let room = Int(min(wanted, Double(Self.maximumOutputPerCall))) + Self.outputSlack
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: room))
            var used = 0
            var produced = 0
            let error = output.withUnsafeMutableBufferPointer { buffer in
                soxr_process(
                    handle, input.map { $0 + consumed }, remaining, &used,
                    buffer.baseAddress.map { $0 + start }, room, &produced)
            }
            output.removeLast(room - produced)
            consumed += used
            // soxr only fails on invalid arguments; stop rather than spin if it does.
            let madeProgress = used > 0 || produced > 0
            let mayHaveMore = consumed < count || produced == room
            if error != nil || !madeProgress || !mayHaveMore { return output }
        }
    }
}
