import Foundation
import Testing
import AudioInput
import AudioTestSupport
import KeywordLabels
@testable import HotwordDetection

/// The gate that keeps a quiet room from keyword spotting, on synthetic room noise and tones,
/// and the spotter behind it on a real keyword after a quiet spell.
struct QuietRoomGateTests {
    static let frame = 480

    /// Seeded white noise at `rms`, as a quiet room's microphone gives it.
    static func roomNoise(seconds: Double, rms: Float, seed: UInt64) -> [Float] {
        var state = seed
        // Uniform in -1...1 has an rms of 1/sqrt(3).
        let scale: Float = rms * Float(3).squareRoot()
        return (0..<Int(seconds * 16_000)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let uniform = Float(state >> 40) / Float(1 << 24)
            return (uniform * 2 - 1) * scale
        }
    }

    /// Whether the gate admits each 30 ms frame of `samples`.
    static func admitted(_ samples: [Float], gate: inout QuietRoomGate) -> [Bool] {
        stride(from: 0, to: samples.count, by: frame).map { start in
            let end = min(start + frame, samples.count)
            return gate.admits(Array(samples[start..<end]), endingAt: end)
        }
    }

    @Test func aSteadyQuietRoomClosesTheGateAfterTheHangover() {
        var gate = QuietRoomGate(sampleRate: 16_000, gain: 1)
        let open = Self.admitted(Self.roomNoise(seconds: 6, rms: 0.001, seed: 1), gate: &gate)
        let hangoverFrames = Int(QuietRoomGate.hangoverSeconds * 16_000) / Self.frame
        #expect(open.prefix(hangoverFrames).allSatisfy { $0 })
        #expect(open.dropFirst(hangoverFrames + 1).allSatisfy { !$0 }, "open in \(open.dropFirst(hangoverFrames + 1).filter { $0 }.count) frames")
    }

    @Test func aSoundOpensItAtOnceAndItClosesAgainAfterTheHangover() {
        var gate = QuietRoomGate(sampleRate: 16_000, gain: 1)
        let noise = Self.roomNoise(seconds: 4, rms: 0.001, seed: 2)
        _ = Self.admitted(noise, gate: &gate)
        // A syllable's worth of tone, 30 dB above the room, then the room again.
        let tone = Signal.tone(frequency: 300, amplitude: 0.045, sampleRate: 16_000, frames: 16_000 / 5)
        let open = Self.admitted(tone + Self.roomNoise(seconds: 3, rms: 0.001, seed: 3), gate: &gate)
        let toneFrames = tone.count / Self.frame, hangoverFrames = Int(QuietRoomGate.hangoverSeconds * 16_000) / Self.frame
        // The frame the tone ends in, and the smoothing reaching back over the tone after it.
        let lastLoudFrame = toneFrames + Int(QuietRoomGate.smoothingSeconds * 16_000) / Self.frame + 1
        #expect(open.first == true)
        #expect(open.prefix(toneFrames + hangoverFrames).allSatisfy { $0 })
        #expect(open.dropFirst(lastLoudFrame + hangoverFrames + 1).allSatisfy { !$0 })
        #expect(open.filter { $0 }.count <= lastLoudFrame + hangoverFrames + 1)
    }

    @Test func runningSpeechKeepsItOpenAndTheMicrophonesLevelDoesNotMatter() {
        // Syllables of 0.2 s with pauses of 0.6 s between, over the room's noise.
        var speech: [Float] = []
        for index in 0..<20 {
            speech += Signal.tone(frequency: 200 + Double(index % 5) * 40, amplitude: 0.05, sampleRate: 16_000, frames: 3_200)
            speech += Self.roomNoise(seconds: 0.6, rms: 0.001, seed: UInt64(index))
        }
        for level in [Float(1), 0.01] {
            var gate = QuietRoomGate(sampleRate: 16_000, gain: 1)
            let open = Self.admitted(speech.map { $0 * level }, gate: &gate)
            #expect(open.allSatisfy { $0 }, "closed at level \(level)")
        }
    }

    @Test func aNoisyRoomKeepsItOpenAndSoDoesAQuietOneHeardWithGain() {
        // Steady noise at -34 dBFS: quiet for a second and more, but above the quiet room's ceiling.
        var noisy = QuietRoomGate(sampleRate: 16_000, gain: 1)
        #expect(Self.admitted(Self.roomNoise(seconds: 6, rms: 0.02, seed: 6), gate: &noisy).allSatisfy { $0 })
        // A quiet room at -60 dBFS, heard 20 dB louder.
        var amplified = QuietRoomGate(sampleRate: 16_000, gain: 10)
        #expect(Self.admitted(Self.roomNoise(seconds: 6, rms: 0.001, seed: 7), gate: &amplified).allSatisfy { $0 })
    }

    @Test func resetOpensItAgain() {
        var gate = QuietRoomGate(sampleRate: 16_000, gain: 1)
        let noise = Self.roomNoise(seconds: 3, rms: 0.001, seed: 4)
        #expect(Self.admitted(noise, gate: &gate).last == false)
        gate.reset()
        #expect(Self.admitted(Array(noise.prefix(Self.frame)), gate: &gate) == [true])
    }

    /// A real "susi" after eight seconds of a quiet room: the spotter does not hear most of the
    /// quiet, hears the keyword with the half second before it, and places it on the stream.
    @Test func aKeywordAfterAQuietSpellIsHeardWhereItWasSaid() throws {
        let file = "positive_alone_slt_z_norm_noise.wav"
        let keyword = try Self.label(of: file)
        let quiet = 8.0
        // The fixture's own noise floor is about -61 dBFS: the room before it is as quiet.
        let stream = Self.roomNoise(seconds: quiet, rms: 0.0009, seed: 5) + (try Fixtures.samples(of: Fixtures.testAudio.appendingPathComponent(file).path))
        let spotter = try KeywordSpotter(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "susi")], decision: .spotting))
        let hits = try Fixtures.hits(in: stream, with: spotter)
        let hit = try #require(hits.first, "no hit")
        let start = Double(hit.startSample) / 16_000, end = Double(hit.endSample) / 16_000
        #expect(start >= quiet + keyword.start - 0.15 && end <= quiet + keyword.end + 0.15,
                "heard \(start)-\(end) s, said \(quiet + keyword.start)-\(quiet + keyword.end) s")
        #expect(spotter.samplesHeard < stream.count - Int(quiet - QuietRoomGate.hangoverSeconds - QuietRoomGate.prerollSeconds - 0.5) * 16_000,
                "heard \(spotter.samplesHeard) of \(stream.count) samples")
    }

    /// The label of the one keyword in a fixture of `TestAudio/labels.tsv`.
    static func label(of file: String) throws -> KeywordLabel {
        try #require(try LabelFile.read(Fixtures.testAudio.appendingPathComponent("labels.tsv").path)
            .first { URL(fileURLWithPath: $0.file).lastPathComponent == file })
    }
}
