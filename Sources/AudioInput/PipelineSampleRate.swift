/// Sample rate, in Hz, of every frame the pipeline hands on.
///
/// PocketSphinx's acoustic models are trained on 16 kHz speech, so everything
/// is converted to this rate before it reaches the keyword spotter.
package let pipelineSampleRate = 16_000
