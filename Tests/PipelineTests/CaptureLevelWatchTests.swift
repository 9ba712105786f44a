import AudioInput
import AudioTestSupport
import Foundation
import Testing
@testable import Pipeline

@Suite struct CaptureLevelWatchTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// One 30 ms period at 16 kHz, as the daemon takes them.
    static let period = 480

    /// Every change `samples` make, fed a period at a time as heard with `gain`, each with the
    /// second of audio (from the watch's start) at whose frame it came.
    static func changes(of samples: [Float], gain: Float = 1, in watch: inout CaptureLevelWatch, startingAt start: Int = 0)
        -> [(second: Double, change: CaptureLevelWatch.Change)] {
        stride(from: 0, to: samples.count, by: period).flatMap { offset in
            watch.heard(Array(samples[offset..<min(offset + period, samples.count)]), gain: gain).map {
                (Double(start + offset + period) / Double(pipelineSampleRate), $0)
            }
        }
    }

    static func fixture(_ name: String) throws -> [Float] {
        try AudioFileReader(path: repository.appendingPathComponent("TestAudio/" + name).path).remainingSamples()
    }

    /// `samples` repeated until they last `seconds`.
    static func looped(_ samples: [Float], seconds: Int) -> [Float] {
        let count = seconds * pipelineSampleRate
        return (0..<count).map { samples[$0 % samples.count] }
    }

    @Test func reportsDigitalSilenceOnceAfterTenSecondsAndSoundOnceWhenItEnds() {
        var watch = CaptureLevelWatch()
        let silence = Self.changes(of: [Float](repeating: 0, count: 60 * pipelineSampleRate), in: &watch)
        // However long it lasts, a silence is reported once, at the frame that makes it 10 s.
        #expect(silence.map(\.change) == [.silent(seconds: 10.02)], "\(silence)")
        #expect(silence.first?.second == 10.02)
        // The first sample other than 0 ends it.
        var frame = [Float](repeating: 0, count: Self.period)
        frame[240] = 1 / 32768
        #expect(watch.heard(frame, gain: 1) == [.sound(afterSeconds: 60.015)])
        #expect(Self.changes(of: Signal.quietRoom(samples: 30 * pipelineSampleRate), in: &watch).isEmpty)
        // And the next silence is reported again (counted from the room tone's last sample other than 0).
        let again = Self.changes(of: [Float](repeating: 0, count: 11 * pipelineSampleRate), in: &watch).map(\.change)
        guard case .silent(let seconds) = again.first, again.count == 1 else { Issue.record("\(again)"); return }
        #expect((10...10.05).contains(seconds), "\(seconds)")
    }

    @Test func aQuietRoomAndZerosBrokenByASampleAreNotSilence() {
        var watch = CaptureLevelWatch()
        #expect(Self.changes(of: Signal.quietRoom(samples: 60 * pipelineSampleRate), in: &watch).isEmpty)
        // Zeros for 9.99 s at a time, then one sample of sound: never 10 s of digital silence.
        var almost = [Float](repeating: 0, count: 10 * pipelineSampleRate)
        almost[almost.count - 1] = -1 / 32768
        #expect(Self.changes(of: Array([[Float]](repeating: almost, count: 6).joined()), in: &watch).isEmpty)
    }

    @Test func warnsOfAClippedSineAsTheDevicesAndAtMostOnceInFiveMinutes() {
        var watch = CaptureLevelWatch()
        // 440 Hz at twice full scale, clipped as a converter clips it: about two thirds of its
        // samples at full scale.
        let sine = (0..<(pipelineSampleRate / 40)).map { Float(max(-1, min(1, 2 * sin(2 * Double.pi * 440 * Double($0) / Double(pipelineSampleRate))))) }
        let changes = Self.changes(of: Self.looped(sine, seconds: 600), in: &watch)
        #expect(changes.map(\.second) == [10.02, 310.62], "\(changes)")
        for (_, change) in changes {
            guard case .clipping(let share, .device) = change else { Issue.record("\(change)"); continue }
            #expect((0.6...0.7).contains(share), "\(share)")
        }
    }

    @Test func speechAtANormalLevelWithItsNoiseFloorAndQuietFixturesNeverWarn() throws {
        let folder = Self.repository.appendingPathComponent("TestAudio")
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".wav") || $0.hasSuffix(".flac") }.sorted()
        #expect(names.count > 100)
        // All of it as one stream, as a device would deliver it day long.
        var watch = CaptureLevelWatch()
        var heard = 0
        for name in names {
            let samples = try Self.fixture(name)
            let changes = Self.changes(of: samples, in: &watch, startingAt: heard)
            #expect(changes.isEmpty, "\(name): \(changes)")
            heard += samples.count
        }
    }

    @Test func blamesTheGainWhenTheDeviceDoesNotClipButTheDetectorHearsItClipped() throws {
        let speech = Self.looped(try Self.fixture("positive_sentence_okay-susi-what-is-the-weather-in-berlin_rms_noise.wav"), seconds: 20)
        var unchanged = CaptureLevelWatch()
        #expect(Self.changes(of: speech, gain: 2, in: &unchanged).isEmpty)
        var gained = CaptureLevelWatch()
        let changes = Self.changes(of: speech, gain: 16, in: &gained).map(\.change)
        guard case .clipping(let share, .gain(16)) = changes.first, changes.count == 1 else { Issue.record("\(changes)"); return }
        #expect(share > 0.01, "\(share)")
        #expect(changes[0].message(device: "plughw:1,0").hasPrefix("gain 16 makes plughw:1,0 clip as the detector hears it: "), "\(changes)")

        // Twenty times louder at the device: the device's fault, whatever the gain.
        var loud = CaptureLevelWatch()
        let clipped = Self.changes(of: speech.map { max(-1, min(1, $0 * 20)) }, gain: 16, in: &loud).map(\.change)
        guard case .clipping(_, .device) = clipped.first, clipped.count == 1 else { Issue.record("\(clipped)"); return }
        #expect(clipped[0].message(device: "plughw:1,0").contains("lower its capture volume in `alsamixer -c 1`"), "\(clipped)")
    }

    @Test(arguments: [("hw:1,0", "alsamixer -c 1"), ("plughw:CARD=Device,DEV=0", "alsamixer -c Device"), ("dsnoop:Device", "alsamixer -c Device"),
                      ("default", "alsamixer"), ("sysdefault:CARD=1", "alsamixer -c 1"), ("fixture", "alsamixer"), ("hw:DEV=1", "alsamixer")])
    func namesTheCardsMixer(device: String, mixer: String) {
        #expect(CaptureLevelWatch.mixerCommand(forDevice: device) == mixer)
    }

    @Test func saysWhatToDoAboutDigitalSilence() {
        let message = CaptureLevelWatch.Change.silent(seconds: 10.02).message(device: "plughw:CARD=Device,DEV=0")
        #expect(message.hasPrefix("every sample exactly 0 for 10.0 s: digital silence, not a quiet room; "), "\(message)")
        #expect(message.contains("`alsamixer -c Device`"), "\(message)")
    }
}
