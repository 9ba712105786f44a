import AudioInput
import CSpeexDSP

/// Speex's acoustic echo canceller: what the microphone heard, with what the device's speaker
/// played at the same instants removed.
///
/// libspeexdsp's multidelay adaptive filter learns the path from speaker to microphone (delay,
/// level, the room's reflections) from the played samples, the echo reference, and subtracts
/// its estimate of the echo; the preprocessor then suppresses the echo left over (it does so
/// only with its noise suppression on, which is held to 1 dB; gain control stays off, so speech
/// reaches the detector as it was heard).
/// Works at ``pipelineSampleRate`` in blocks of ``blockLength`` samples. The only owner of its
/// `SpeexEchoState*` and `SpeexPreprocessState*`, freed in deinit: use it from one thread.
package final class EchoCanceller {
    /// Samples the canceller takes at a time: 10 ms.
    package static let blockLength = pipelineSampleRate / 100
    /// The longest echo it models, in seconds: the reference may lead the echo by up to this,
    /// reverberation included.
    package let tailSeconds: Double
    private let echo: OpaquePointer
    private let preprocessor: OpaquePointer
    private var heard = [Int16](repeating: 0, count: EchoCanceller.blockLength)
    private var played = [Int16](repeating: 0, count: EchoCanceller.blockLength)
    private var cleaned = [Int16](repeating: 0, count: EchoCanceller.blockLength)

    /// - Parameter tailSeconds: the longest echo to model, 0.01–1 s; longer costs more CPU and
    ///   learns a room more slowly (on espeak-ng speech through a simulated room, 128 ms
    ///   removed 21–27 dB, 192 ms 20–21 dB, 256 ms 15–18 dB; docs/talk-back.md).
    package init(tailSeconds: Double = 0.128) {
        precondition((0.01...1).contains(tailSeconds), "an echo tail of 0.01 to 1 s")
        self.tailSeconds = tailSeconds
        let block = Int32(Self.blockLength)
        echo = speex_echo_state_init(block, Int32(tailSeconds * Double(pipelineSampleRate)))
        preprocessor = speex_preprocess_state_init(block, Int32(pipelineSampleRate))
        var rate = Int32(pipelineSampleRate)
        speex_echo_ctl(echo, SPEEX_ECHO_SET_SAMPLING_RATE, &rate)
        var off: Int32 = 0, on: Int32 = 1, noiseSuppression: Int32 = -1
        speex_preprocess_ctl(preprocessor, SPEEX_PREPROCESS_SET_DENOISE, &on)
        speex_preprocess_ctl(preprocessor, SPEEX_PREPROCESS_SET_NOISE_SUPPRESS, &noiseSuppression)
        speex_preprocess_ctl(preprocessor, SPEEX_PREPROCESS_SET_AGC, &off)
        speex_preprocess_ctl(preprocessor, SPEEX_PREPROCESS_SET_ECHO_STATE, UnsafeMutableRawPointer(echo))
    }

    deinit {
        speex_preprocess_state_destroy(preprocessor)
        speex_echo_state_destroy(echo)
    }

    /// `captured` with the echo of `played` removed; both are the same length and cover the same
    /// instants. A length that is not a multiple of ``blockLength`` (the last frame of a file)
    /// is padded with silence for the canceller and cut back.
    package func cancel(_ captured: [Float], played reference: [Float]) -> [Float] {
        precondition(captured.count == reference.count, "captured and played samples cover the same instants")
        var output = [Float](repeating: 0, count: captured.count)
        let block = Self.blockLength
        for start in stride(from: 0, to: captured.count, by: block) {
            let end = min(start + block, captured.count)
            for index in 0..<block {
                heard[index] = start + index < end ? PCM16.value(captured[start + index]) : 0
                played[index] = start + index < end ? PCM16.value(reference[start + index]) : 0
            }
            speex_echo_cancellation(echo, heard, played, &cleaned)
            speex_preprocess_run(preprocessor, &cleaned)
            for index in start..<end {
                output[index] = Float(cleaned[index - start]) / 32_768
            }
        }
        return output
    }

    /// Forgets the echo path learnt: for a new stream, heard through another room or device.
    package func reset() {
        speex_echo_state_reset(echo)
    }
}
