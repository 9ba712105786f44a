/// A source of mono frames at ``pipelineSampleRate`` with samples in -1...1.
package protocol AudioFrameSource: AnyObject {
    /// The next frame: `frameLength` samples, the last one may be shorter; nil at end of stream.
    func nextFrame() throws(AudioInputError) -> [Float]?
}
