import Foundation
import Testing
@testable import Pipeline

@Suite struct ConfigurationChangesTests {
    /// A value other than the default for every key a configuration file can set.
    static let changedValues: [String: String] = [
        "capture.device": "\"hw:1,0\"", "capture.alsa_config": "\"/etc/asound.conf\"", "capture.period_ms": "20", "capture.channel": "0",
        "hotword.keywords": "\"computer\"", "hotword.sensitivity": "0.3", "hotword.pronunciations": "\"susi=S UW Z IY\"",
        "hotword.gain": "2", "hotword.decision": "\"spotting\"", "hotword.recogniser_vocabulary": "\"full\"",
        "hotword.acoustic_model": "\"/models/en\"",
        "hotword.dictionary": "\"/models/en.dict\"", "hotword.keyword_dictionary": "\"/models/keywords.dict\"",
        "transcription.enabled": "false", "transcription.model": "\"general\"", "transcription.sentence_end": "false", "transcription.trailing_silence_s": "1.5",
        "transcription.max_duration_s": "5", "transcription.no_speech_timeout_s": "2", "chat.enabled": "false",
        "chat.server": "\"http://localhost:4000\"", "chat.language": "\"de\"", "chat.latitude": "52.5", "chat.longitude": "13.4",
        "chat.country_code": "\"DE\"", "chat.country_name": "\"Germany\"", "chat.device_type": "\"kiosk\"",
        "chat.access_token": "\"token\"", "chat.access_token_file": "\"/etc/susi-listen/access_token\"", "chat.spool_dir": "\"/var/spool/susi\"", "chat.timeout_s": "5",
        "playback.device": "\"plughw:1,0\"", "playback.sounds": "false", "playback.speech": "false",
        "playback.hotword_sound": "\"/usr/share/sounds/ding.wav\"", "playback.done_sound": "\"/usr/share/sounds/dong.wav\"", "playback.echo_cancellation": "false",
        "log.level": "\"debug\"", "log.json": "true", "log.candidates": "true",
        "log.save_audio_dir": "\"/var/lib/susi-listen/wakes\"", "log.save_audio_max_files": "20",
        "events.socket": "\"/run/susi-listen/events.sock\"", "events.socket_group": "\"audio\"",
        "serve.uri": "\"unix:///run/susi-listen/wyoming.sock\"", "serve.max_clients": "4", "serve.idle_timeout_s": "30",
        "serve.zeroconf": "\"kitchen\"",
    ]

    /// The defaults with `key` set to its changed value.
    private func changing(_ key: String) throws -> Configuration {
        let value = try #require(Self.changedValues[key], "no changed value for \(key)")
        let parts = key.split(separator: ".")
        var configuration = Configuration()
        _ = try configuration.apply(ConfigurationFile.parse("[\(parts[0])]\n\(parts[1]) = \(value)\n", path: "c.toml"), from: "c.toml")
        return configuration
    }

    @Test(arguments: Setting.all.map(\.key))
    func namesEachChangedKeyOnceAsAppliedOrNeedingARestart(_ key: String) throws {
        let started = Configuration()
        let changes = ConfigurationChanges(started: started, current: started, next: try changing(key))
        #expect(changes.applied + changes.needsRestart == [key])
        let live = key.hasPrefix("hotword.") || (key.hasPrefix("chat.") && !["chat.enabled", "chat.spool_dir"].contains(key))
        #expect(changes.applied == (live ? [key] : []))
        #expect(changes.rebuildsDetector == key.hasPrefix("hotword."))
        #expect(changes.changesChat == (live && key.hasPrefix("chat.")))
    }

    @Test func keepsNamingAChangeThatWaitsForARestartUntilItIsUndone() throws {
        let started = Configuration()
        let moved = try changing("capture.device")
        // Read a second time, the new device still waits; read back as it was, it is no change.
        #expect(ConfigurationChanges(started: started, current: moved, next: moved).needsRestart == ["capture.device"])
        #expect(ConfigurationChanges(started: started, current: moved, next: started).needsRestart.isEmpty)
    }

    @Test func namesTheSensitivityOnlyWhenAKeyphraseIsHeardMoreOrLessEagerly() throws {
        func configuration(_ hotword: String) throws -> Configuration {
            var configuration = Configuration()
            _ = try configuration.apply(ConfigurationFile.parse("[hotword]\n\(hotword)\n", path: "c.toml"), from: "c.toml")
            return configuration
        }
        func changes(_ old: String, _ new: String) throws -> [String] {
            let started = try configuration(old)
            return ConfigurationChanges(started: started, current: started, next: try configuration(new)).applied
        }
        #expect(try changes("keywords = \"susi\"", "keywords = [\"susi\", \"computer\"]") == ["hotword.keywords"])
        #expect(try changes("keywords = [\"susi\", \"computer\"]\nsensitivity = [0.3, 0.7]",
                            "keywords = [\"susi\", \"computer\"]\nsensitivity = [0.7, 0.3]") == ["hotword.sensitivity"])
        #expect(try changes("keywords = \"susi\"", "keywords = \"computer\"\nsensitivity = 0.7") == ["hotword.keywords", "hotword.sensitivity"])
    }

    @Test func writesAReloadWithTheKeysAndWhatDetectionListensForNow() throws {
        let changes = ConfigurationChanges(started: Configuration(), current: Configuration(), next: try changing("chat.access_token"))
        let event = ListenEvent.reloaded(ReloadEvent(changes: changes, detection: nil))
        #expect(event.json.text == #"{"type":"reloaded","applied":["chat.access_token"],"needs_restart":[]}"#)
        #expect(event.readableLine == "configuration reloaded: applied chat.access_token")
        #expect(!event.isTrouble)
        let failed = ListenEvent.reloadFailed(ErrorEvent(file: nil, message: "c.toml:2: key \"hotword.gain\": expected a number above 0, got 0"))
        #expect(failed.json.text == #"{"type":"reload_failed","error":"c.toml:2: key \"hotword.gain\": expected a number above 0, got 0"}"#)
        #expect(failed.isTrouble)
    }
}
