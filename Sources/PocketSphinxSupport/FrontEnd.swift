internal import CPocketSphinx

/// A PocketSphinx front end (`fe_t`) of its own, made with a decoder's settings
/// (`Decoder.twinFrontEnd()`): it turns 16-bit samples into the cepstra that decoder's own front
/// end would, but keeps its own running noise estimate (`-remove_noise`), which outlives an
/// utterance. Audio a decoder hears through it (`Decoder.process(_:)` with `Cepstra`) leaves the
/// decoder's own estimate, and so what it hears next, as it was.
///
/// The only owner of the handle, which it frees in `deinit`; used on one thread at a time, like
/// its decoder.
package final class FrontEnd<Failure: DecoderFailureReporting> {
    private let handle: OpaquePointer
    /// Values in one frame's cepstrum.
    private let width: Int

    init(handle: OpaquePointer) {
        self.handle = handle
        width = Int(fe_get_output_size(handle))
    }

    deinit { fe_free(handle) }

    /// Starts a new stream: the noise estimate starts afresh, as the decoder's does at
    /// `Decoder.startStream()`.
    package func startStream() {
        fe_start_stream(handle)
    }

    /// The cepstra of `samples` heard as one whole utterance, computed the way the decoder
    /// computes them for `Decoder.process(_:wholeUtterance: true)`; the noise estimate learns
    /// from them.
    package func cepstra(of samples: [Int16]) throws(Failure) -> Cepstra {
        var sampleCount = samples.count
        var capacity: Int32 = 0
        guard fe_process_frames(handle, nil, &sampleCount, nil, &capacity, nil) >= 0 else {
            throw .decoderFailure("could not size the cepstra of \(samples.count) samples")
        }
        // One frame more for the part-frame that ends the utterance.
        var values = [Float](repeating: 0, count: (Int(capacity) + 1) * width)
        var frames: Int32 = capacity
        var tail: Int32 = 0
        let status = values.withUnsafeMutableBufferPointer { cepstra -> Int32 in
            var rows = (0...Int(capacity)).map { Optional(cepstra.baseAddress! + $0 * width) }
            return samples.withUnsafeBufferPointer { buffer -> Int32 in
                var next = buffer.baseAddress
                sampleCount = buffer.count
                fe_start_utt(handle)
                let processed = rows.withUnsafeMutableBufferPointer { rowPointers in
                    fe_process_frames(handle, &next, &sampleCount, rowPointers.baseAddress, &frames, nil)
                }
                guard processed >= 0 else { return processed }
                return fe_end_utt(handle, rows[Int(frames)], &tail)
            }
        }
        guard status >= 0 else { throw .decoderFailure("could not compute the cepstra of \(samples.count) samples") }
        let frameCount = Int(frames + tail)
        return Cepstra(values: Array(values.prefix(frameCount * width)), width: width)
    }
}

/// Cepstra a `FrontEnd` computed: one row of `width` values a frame, in order.
package struct Cepstra: Sendable, Equatable {
    /// Every frame's values, frame after frame.
    let values: [Float]
    /// Values in one frame.
    let width: Int

    /// How many frames there are.
    package var frameCount: Int { width == 0 ? 0 : values.count / width }
}
