import AudioInput
import AudioTestSupport
import Foundation
import SocketTestSupport
import Testing

/// The daemon tells of a capture device whose audio cannot work for detection: digital
/// silence (a capture switch off) and clipping (a capture volume or a gain too high).
extension DaemonTests {
    static func fixture(_ name: String) throws -> [Float] {
        try AudioFileReader(path: CommandRunner.repository.appendingPathComponent("TestAudio/" + name).path).remainingSamples()
    }

    /// The device events in `output` so far, as their statuses.
    func deviceStatuses(in output: URL) -> [String] {
        ((try? events(in: output)) ?? []).filter { $0["type"] as? String == "device" }.compactMap { $0["status"] as? String }
    }

    @Test func saysTheDeviceIsSilentWhileItDeliversDigitalZerosAndListensAgainWhenSoundComes() throws {
        let systemd = try SystemdNotifySocket(path: folder.appendingPathComponent("notify").path)
        let daemon = try startListening(configuration: "", environment: ["NOTIFY_SOCKET": systemd.address])
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        // The capture switch off: every sample 0.
        let zeros = [Float](repeating: 0, count: 480)
        #expect(try playSilence(into: daemon.writer, until: "\"status\":\"silent\"", in: daemon.output, within: 30, playing: zeros).found,
                "\(daemon.log)")
        let silent = try #require(try events(in: daemon.output).first { $0["status"] as? String == "silent" })
        let message = try #require(silent["message"] as? String)
        #expect(message.hasPrefix("every sample exactly 0 for 10.0 s: digital silence, not a quiet room; "), "\(message)")
        #expect(message.contains("`alsamixer`"), "\(message)")
        #expect(daemon.log.split(separator: "\n").contains { $0.contains(" warning ") && $0.contains("fixture: every sample exactly 0 for 10.0 s") },
                "\(daemon.log)")
        let status = try #require(systemd.message { $0["STATUS"]?.hasPrefix("fixture: every sample exactly 0 for 10.0 s") == true }, "\(systemd.messages)")

        // Someone switches capture on and speaks: sound, then the hotword, and listening again.
        let before = systemd.messages.count
        try play(try Self.fixture("commands/hotword_02_slt.flac"), into: daemon.writer)
        #expect(try playSilence(into: daemon.writer, until: "\"type\":\"hotword\"", in: daemon.output, within: 30).found, "\(daemon.log)")
        #expect(systemd.message(after: before) { $0["STATUS"] == "listening on fixture for \"susi\"" }.map { $0.time > status.time } == true,
                "\(systemd.messages)")
        #expect(terminate(daemon.process).status == 0, "\(daemon.log)")
        try daemon.writer.close()
        let types = try events(in: daemon.output).map { "\($0["type"] ?? "")" + ($0["status"].map { " \($0)" } ?? "") }
        #expect(types == ["device opened", "start", "device silent", "device sound", "hotword", "summary"], "\(types)")
        let sound = try events(in: daemon.output).first { $0["status"] as? String == "sound" }
        let after = (sound?["message"] as? String).flatMap { Double($0.split(separator: " ")[3]) }
        #expect(after.map { $0 >= 10 } == true, "\(sound ?? [:])")
    }

    /// Speech twenty times too loud clips at the device; at a normal level with a gain of 16, as
    /// the detector hears it. Either is a warning, once however long it goes on.
    @Test(arguments: [(20, 1, "fixture clips: "), (1, 16, "gain 16 makes fixture clip as the detector hears it: ")])
    func warnsOnceOfSpeechThatClips(louder: Float, gain: Int, warning: String) throws {
        let daemon = try startListening(configuration: "[hotword]\ngain = \(gain)\n")
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        let speech = try Self.fixture("commands/long_01_rms.flac").map { max(-1, min(1, $0 * louder)) }
        // 13 s, then the same again: two windows that clip, one warning.
        try play(speech, into: daemon.writer)
        #expect(try playSilence(into: daemon.writer, until: warning, in: daemon.errors, within: 30).found, "\(daemon.log)")
        try play(speech + Signal.quietRoom(samples: 16_000), into: daemon.writer)
        _ = try playSilence(into: daemon.writer, until: "never", in: daemon.output, within: 1)
        #expect(terminate(daemon.process).status == 0, "\(daemon.log)")
        try daemon.writer.close()
        let warnings = daemon.log.split(separator: "\n").filter { $0.contains(" clip") }
        #expect(warnings.count == 1 && warnings[0].contains(" warning "), "\(daemon.log)")
        #expect(warnings.first?.contains(louder > 1 ? "lower its capture volume in `alsamixer`" : "lower --gain") == true, "\(daemon.log)")
        #expect(deviceStatuses(in: daemon.output) == ["opened"])
    }

    /// Speech at a normal level with its noise floor, and the quiet fixtures, are heard without a word about levels.
    @Test func saysNothingOfLevelsForSpeechAtANormalLevelAndQuietFixtures() throws {
        let daemon = try startListening(configuration: "")
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        let quiet = try FileManager.default.contentsOfDirectory(atPath: CommandRunner.repository.appendingPathComponent("TestAudio/spoken").path)
            .filter { $0.hasSuffix("_quiet.flac") }.sorted().map { "spoken/" + $0 }
        let names = quiet + ["commands/silence_01.flac", "commands/long_01_rms.flac", "commands/hotword_02_slt.flac"]
        try play(try names.flatMap(Self.fixture) + Signal.quietRoom(samples: 16_000), into: daemon.writer)
        _ = try playSilence(into: daemon.writer, until: "never", in: daemon.output, within: 1)
        #expect(terminate(daemon.process).status == 0, "\(daemon.log)")
        try daemon.writer.close()
        #expect(deviceStatuses(in: daemon.output) == ["opened"], "\(daemon.log)")
        #expect(!daemon.log.contains(" clip"), "\(daemon.log)")
        let summary = try #require(try events(in: daemon.output).last)
        #expect((summary["audio_s"] as? Double ?? 0) > 40, "\(summary)")
    }
}
