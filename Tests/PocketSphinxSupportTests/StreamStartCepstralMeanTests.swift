import Testing
import PocketSphinxSupport

/// A decoder's cepstral mean over a stream's first sound, as a value: what it makes of the
/// sums PocketSphinx's running normalisation keeps.
struct StreamStartCepstralMeanTests {
    static let modelMean: [Float] = [41, -5, 0]

    /// Sums after `frames` more frames whose coefficients are `frame`, on top of `sums`.
    static func adding(_ frames: Int, of frame: [Float], to sums: CepstralSums) -> CepstralSums {
        CepstralSums(sums: zip(sums.sums, frame).map { $0 + Float(frames) * $1 }, frames: sums.frames + frames)
    }

    @Test func theLogEnergyFollowsTheFirstSyllableAndTheSpectrumMoreSlowly() throws {
        var learned = StreamStartCepstralMean(initial: CepstralMeanState(mean: Self.modelMean))
        let before = CepstralSums(sums: [0, 0, 0], frames: 0)
        let loudSpeech: [Float] = [61, 5, 10]
        let after = Self.adding(30, of: loudSpeech, to: before)
        let learnedMean = learned.mean(learningFrom: before, to: after, frameLimit: 30)
        let mean = try #require(learnedMean)
        // 50 frames of the model's weight against 30 of speech for the log energy, 200 for the rest.
        #expect(abs(mean[0] - (50 * 41 + 30 * 61) / 80) < 1e-4)
        #expect(abs(mean[1] - (200 * -5 + 30 * 5) / 230) < 1e-4)
        #expect(abs(mean[2] - (200 * 0 + 30 * 10) / 230) < 1e-4)
    }

    @Test func itLearnsFromTheStreamsFirstSoundOnlyAndAgainAfterAReset() throws {
        var learned = StreamStartCepstralMean(initial: CepstralMeanState(mean: Self.modelMean))
        var sums = CepstralSums(sums: [0, 0, 0], frames: 0)
        var frames = 0
        while learned.isLearning {
            let next = Self.adding(3, of: [50, 0, 0], to: sums)
            let mean = learned.mean(learningFrom: sums, to: next, frameLimit: 4)
            #expect(mean != nil)
            sums = next
            frames += 3
        }
        #expect(frames == StreamStartCepstralMean.learningFrames)
        let afterLearning = learned.mean(learningFrom: sums, to: Self.adding(3, of: [50, 0, 0], to: sums), frameLimit: 4)
        #expect(afterLearning == nil)
        learned.reset()
        #expect(learned.isLearning)
        let afterReset = learned.mean(learningFrom: sums, to: Self.adding(3, of: [71, -5, 0], to: sums), frameLimit: 4)
        let mean = try #require(afterReset)
        #expect(abs(mean[0] - (50 * 41 + 3 * 71) / 53) < 1e-4, "\(mean)")
    }

    @Test func sumsPocketSphinxRescaledInBetweenTeachNothing() {
        var learned = StreamStartCepstralMean(initial: CepstralMeanState(mean: Self.modelMean))
        let before = CepstralSums(sums: [41_000, 0, 0], frames: 801)
        // Past 800 frames PocketSphinx keeps its sums as if over 500 frames.
        let rescaled = CepstralSums(sums: [25_600, 0, 0], frames: 500)
        let fromRescaled = learned.mean(learningFrom: before, to: rescaled, frameLimit: 4)
        #expect(fromRescaled == nil)
        // More frames than the audio heard can hold: not one stretch's sums.
        let fromTooMany = learned.mean(learningFrom: CepstralSums(sums: [0, 0, 0], frames: 0),
                                       to: CepstralSums(sums: [800, 0, 0], frames: 20), frameLimit: 4)
        #expect(fromTooMany == nil)
        #expect(learned.isLearning)
    }
}
