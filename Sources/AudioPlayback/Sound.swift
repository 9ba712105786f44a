import AudioInput
import Glibc

/// A sound to play: mono samples in -1...1 at ``pipelineSampleRate``, with a name for the log.
package struct Sound: Sendable, Equatable {
    /// What the sound is, for messages: a file's path, "hotword chime", "speech".
    package var name: String
    package var samples: [Float]

    package init(name: String, samples: [Float]) {
        self.name = name
        self.samples = samples
    }

    /// Length in seconds.
    package var seconds: Double { Double(samples.count) / Double(pipelineSampleRate) }

    /// The audio file at `path` (any format libsndfile reads), mixed to mono and converted to
    /// the pipeline's rate.
    package init(contentsOf path: String) throws(AudioInputError) {
        name = path
        samples = try AudioFileReader(path: path).remainingSamples()
    }

    /// A chime of short tones one after another, each with a smooth rise and decay so it does
    /// not click: the default sounds are made this way rather than shipped as files.
    package static func chime(named name: String, frequencies: [Double], toneSeconds: Double = 0.09,
                             level: Float = 0.3) -> Sound {
        let toneLength = Int(toneSeconds * Double(pipelineSampleRate))
        let attack = max(1, toneLength / 10)
        let samples = frequencies.flatMap { frequency in
            (0..<toneLength).map { index -> Float in
                let rise = Float(min(1, Double(index) / Double(attack)))
                let decay = Float(exp(-3 * Double(index) / Double(toneLength)))
                let phase = 2 * Double.pi * frequency * Double(index) / Double(pipelineSampleRate)
                return level * rise * decay * Float(sin(phase))
            }
        }
        return Sound(name: name, samples: samples)
    }

    /// The default sound on the hotword: two rising tones (A5, E6).
    package static let hotwordChime = chime(named: "hotword chime", frequencies: [880, 1318.5])
    /// The default sound once the command is complete: two falling tones (E6, A5).
    package static let doneChime = chime(named: "done chime", frequencies: [1318.5, 880])
}
