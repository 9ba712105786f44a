import AudioInput
import Testing

@Suite struct FrameAssemblerTests {
    /// Chunks of any size come out as whole frames, in order, and the rest only when asked for
    /// at a stream's end.
    @Test func cutsUnevenChunksIntoWholeFramesAndGivesTheRestAtTheEnd() {
        var assembler = FrameAssembler(frameLength: 3)
        var frames: [[Float]] = []
        for chunk: [Float] in [[0, 1], [2, 3, 4, 5, 6], [], [7]] {
            assembler.append(chunk)
            while let frame = assembler.nextFrame() { frames.append(frame) }
        }
        #expect(frames == [[0, 1, 2], [3, 4, 5]])
        #expect(assembler.count == 2 && !assembler.hasFrame)
        #expect(assembler.nextFrame() == nil)
        #expect(assembler.nextFrameOrRest() == [6, 7])
        #expect(assembler.nextFrameOrRest() == nil)
        #expect(assembler.count == 0)
    }
}
