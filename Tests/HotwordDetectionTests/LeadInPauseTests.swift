import Foundation
import Testing
@testable import HotwordDetection

@Suite struct LeadInPauseTests {
    /// `seconds` of a 200 Hz tone at `decibels` below full scale: speech-like energy, or a quiet room.
    private func sound(_ seconds: Double, decibels: Double) -> [Float] {
        let amplitude: Double = pow(10, decibels / 20) * 2.0.squareRoot()
        return (0..<Int(seconds * 16_000)).map { index in
            let phase = 2 * Double.pi * 200 * Double(index) / 16_000
            return Float(amplitude * sin(phase))
        }
    }

    @Test func theAudioStartsWhereTheLastPauseBeforeTheKeywordBegins() {
        let speechThenPause = sound(0.25, decibels: -20) + sound(0.35, decibels: -60)
        #expect(LeadInPause.start(in: speechThenPause[...]) == 4_000)
        let twoPauses = sound(0.1, decibels: -20) + sound(0.15, decibels: -60) + sound(0.2, decibels: -25) + sound(0.15, decibels: -70)
        #expect(LeadInPause.start(in: twoPauses[...]) == 7_200)
    }

    @Test func aLeadInThatBeginsInTheLastPauseIsKeptWhole() {
        let pauseThenSpeech = sound(0.3, decibels: -65) + sound(0.3, decibels: -20)
        #expect(LeadInPause.start(in: pauseThenSpeech[...]) == 0)
        #expect(LeadInPause.start(in: sound(0.6, decibels: -70)[...]) == 0)
        #expect(LeadInPause.start(in: [Float](repeating: 0, count: 9_600)[...]) == 0)
        #expect(LeadInPause.start(in: [][...]) == 0)
    }

    @Test func aShortOrShallowDipIsNoPause() {
        let shortDip = sound(0.3, decibels: -20) + sound(0.08, decibels: -70) + sound(0.22, decibels: -20)
        #expect(LeadInPause.start(in: shortDip[...]) == 0)
        // Speech in pink noise at 10 dB SNR: the pauses lie about 10-16 dB below the loudest 10 ms.
        let shallowPause = sound(0.3, decibels: -20) + sound(0.3, decibels: -34)
        #expect(LeadInPause.start(in: shallowPause[...]) == 0)
    }

    @Test func theOffsetCountsFromTheStartOfTheSliceGiven() {
        let audio = sound(0.5, decibels: -20) + sound(0.25, decibels: -20) + sound(0.35, decibels: -60)
        #expect(LeadInPause.start(in: audio[8_000...]) == 4_000)
    }
}
