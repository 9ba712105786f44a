/// Sample rate, in Hz, of every frame the pipeline hands on.
///
/// PocketSphinx's acoustic models are trained on 16 kHz speech, so everything
/// is converted to this rate before it reaches the keyword spotter.
package let pipelineSampleRate = 16_000

/// What audio at `rate` Hz, below ``pipelineSampleRate``, lacks, for a warning that follows
/// "recorded at … Hz" or "captures at … Hz".
package func narrowBandConsequence(ofRate rate: Int) -> String {
    "so it holds nothing above \(rate / 2) Hz, where the acoustic model (trained on 16 kHz speech) listens too: "
        + "expect far fewer hotwords and words heard"
}
