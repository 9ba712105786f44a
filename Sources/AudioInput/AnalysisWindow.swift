import Glibc

/// Loudness measured over 10 ms windows, the frame step of PocketSphinx's front end: the unit of
/// every stage that looks at levels (where speech ends, the pause before a keyword).
package enum AnalysisWindow {
    /// Samples in a window: 10 ms at the pipeline's rate.
    package static let length = pipelineSampleRate / 100

    /// Mean power of `samples` (a full-scale square wave is 1); 0 for no samples.
    package static func power(of samples: some Collection<Float>) -> Double {
        samples.isEmpty ? 0 : samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)
    }

    /// A mean power in dB relative to full scale, with digital silence at −120 dB rather than
    /// −infinity.
    package static func decibels(ofPower power: Double) -> Double {
        10 * log10(max(power, 1e-12))
    }

    /// The mean power of each whole window of `samples`, in order; a part window at the end is left out.
    package static func powers(of samples: ArraySlice<Float>) -> [Double] {
        stride(from: samples.startIndex, to: samples.endIndex - length + 1, by: length).map { start in
            power(of: samples[start..<(start + length)])
        }
    }
}
