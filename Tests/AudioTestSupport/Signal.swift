import Foundation

/// Test signals, and measurements of what comes out of the audio stages.
public enum Signal {
    public static func tone(frequency: Double, amplitude: Double, sampleRate: Int, frames: Int) -> [Float] {
        (0..<frames).map { Float(amplitude * sin(2 * .pi * frequency * Double($0) / Double(sampleRate))) }
    }

    /// A quiet room as a microphone gives it: a few least significant bits of 16-bit noise
    /// (about −80 dBFS), the same every time. Not digital silence, which the daemon warns about.
    public static func quietRoom(samples count: Int) -> [Float] {
        var state: UInt32 = 2_026
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(Int(state >> 29) - 4) / 32_768
        }
    }

    /// Steady broadband noise, as of a fan, a kettle or a running tap: seeded white noise made
    /// pink (Paul Kellet's three-pole filter) and high-passed at 100 Hz, as a microphone hears it,
    /// with an RMS level of `level` dBFS. The same for each seed.
    public static func steadyNoise(samples count: Int, level: Double, sampleRate: Int, seed: UInt32 = 1) -> [Float] {
        var state = seed
        var poles = (0.0, 0.0, 0.0)
        var previousPink = 0.0, highPassed = 0.0
        let highPass = exp(-2 * .pi * 100 / Double(sampleRate))
        let noise = (0..<count).map { _ -> Double in
            state = state &* 1_664_525 &+ 1_013_904_223
            let white = Double(state >> 8) / Double(1 << 24) - 0.5
            poles = (0.99765 * poles.0 + white * 0.0990460, 0.96300 * poles.1 + white * 0.2965164,
                     0.57000 * poles.2 + white * 1.0526913)
            let pink = poles.0 + poles.1 + poles.2 + white * 0.1848
            highPassed = highPass * (highPassed + pink - previousPink)
            previousPink = pink
            return highPassed
        }
        let rms = sqrt(noise.reduce(0) { $0 + $1 * $1 } / Double(max(count, 1)))
        let gain = rms > 0 ? pow(10, level / 20) / rms : 0
        return noise.map { Float($0 * gain) }
    }

    /// Linear sweep from `from` to `to` Hz, faded in and out over `fade` seconds so its
    /// start and end do not click.
    public static func sweep(from: Double, to: Double, amplitude: Double, sampleRate: Int, seconds: Double, fade: Double)
        -> [Float]
    {
        let frames = Int(seconds * Double(sampleRate))
        return (0..<frames).map { index in
            let t = Double(index) / Double(sampleRate)
            let phase = 2 * .pi * (from * t + (to - from) * t * t / (2 * seconds))
            let edge = min(t, seconds - t) / fade
            let envelope = edge >= 1 ? 1 : 0.5 - 0.5 * cos(.pi * edge)
            return Float(amplitude * envelope * sin(phase))
        }
    }

    /// Interleaves equally long channels.
    public static func interleave(_ channels: [[Float]]) -> [Float] {
        guard let frames = channels.first?.count else { return [] }
        var result = [Float](repeating: 0, count: frames * channels.count)
        for (channel, samples) in channels.enumerated() {
            for frame in 0..<frames {
                result[frame * channels.count + channel] = samples[frame]
            }
        }
        return result
    }

    public static func rms(_ samples: ArraySlice<Float>) -> Double {
        guard !samples.isEmpty else { return 0 }
        return sqrt(samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(samples.count))
    }

    public static func decibels(_ ratio: Double) -> Double {
        20 * log10(ratio)
    }

    /// Frequency from the spacing of upward zero crossings, interpolated between samples.
    public static func frequency(of samples: ArraySlice<Float>, sampleRate: Int) -> Double {
        var crossings: [Double] = []
        var previous = samples.startIndex
        for index in samples.indices.dropFirst() {
            if samples[previous] < 0 && samples[index] >= 0 {
                let fraction = Double(-samples[previous]) / Double(samples[index] - samples[previous])
                crossings.append(Double(previous) + fraction)
            }
            previous = index
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
        return Double(crossings.count - 1) * Double(sampleRate) / (last - first)
    }

    /// The samples without `seconds` at either end, where filters ring.
    public static func middle(_ samples: [Float], trimming seconds: Double, sampleRate: Int) -> ArraySlice<Float> {
        let edge = Int(seconds * Double(sampleRate))
        guard samples.count > 2 * edge else { return [] }
        return samples[edge..<(samples.count - edge)]
    }
}
