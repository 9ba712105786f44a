import AudioInput
import AudioTestSupport
import EchoCancellation
import Foundation
import SpeechSynthesis
import Testing

/// Speex's canceller run for real on an answer spoken by espeak-ng, heard back as a room would
/// give it: later, quieter and with reflections.
struct EchoCancellerTests {
    /// `played` as the microphone hears it: `delay` seconds later, `gain` dB, two reflections.
    static func roomEcho(of played: [Float], delay: Double, gain: Double) -> [Float] {
        let rate = Double(pipelineSampleRate)
        let direct = Float(pow(10, gain / 20))
        let paths: [(delay: Double, level: Float)] = [(delay, direct), (delay + 0.011, direct * 0.4), (delay + 0.027, direct * 0.2)]
        var heard = [Float](repeating: 0, count: played.count)
        for path in paths {
            let shift = Int(path.delay * rate)
            for index in shift..<played.count { heard[index] += path.level * played[index - shift] }
        }
        return heard
    }

    @Test(arguments: [(0.03, -6.0), (0.08, -12.0)])
    func removesMostOfTheEchoOfASpokenAnswer(delay: Double, gain: Double) throws {
        let speech = try SpeechSynthesizer.shared().speak(
            "Susi here. The weather in Berlin is sunny with twenty degrees, and tomorrow it will rain in the afternoon.",
            language: "en")
        let played = speech.samples
        let heard = Self.roomEcho(of: played, delay: delay, gain: gain)
        let canceller = EchoCanceller()
        var cleaned: [Float] = []
        for start in stride(from: 0, to: heard.count, by: 480) {
            let end = min(start + 480, heard.count)
            cleaned += canceller.cancel(Array(heard[start..<end]), played: Array(played[start..<end]))
        }
        // After the filter has had a second to learn the room.
        let settled = pipelineSampleRate..<heard.count
        let reduction = Signal.decibels(Signal.rms(heard[settled]) / Signal.rms(cleaned[settled]))
        #expect(reduction > 15, "echo reduced by \(reduction) dB")
    }

    @Test func passesSpeechThatIsNotTheEchoThrough() {
        let voice = Signal.sweep(from: 200, to: 2_000, amplitude: 0.3, sampleRate: pipelineSampleRate, seconds: 1, fade: 0.05)
        let canceller = EchoCanceller()
        let cleaned = canceller.cancel(voice, played: [Float](repeating: 0, count: voice.count))
        let change = Signal.decibels(Signal.rms(cleaned[...]) / Signal.rms(voice[...]))
        #expect(abs(change) < 1, "level changed by \(change) dB")
    }
}
