import ArgumentParser
import Foundation
import HotwordDetection
import Pipeline
import Transcription

/// Options that set up the keyword spotter, shared by every command that detects. Each one
/// given overrides the configuration file.
struct DetectorOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: ArgumentHelp("Keyphrase to listen for; repeat for several (default: susi).", valueName: "keyphrase"))
    var keyword: [String] = []

    @Option(name: .long, help: ArgumentHelp("0...1, higher = more detections and more false alarms; one value for all keywords or one per --keyword, in order (default: 0.5).", valueName: "s"))
    var sensitivity: [Double] = []

    @OptionGroup var userPronunciations: PronunciationOptions

    @Option(name: .long, help: ArgumentHelp("Multiplier applied to the audio before detection, clipped to full scale (default: 1.0).", valueName: "g"))
    var gain: Double?

    @OptionGroup var models: ModelOptions

    @OptionGroup var decisionOptions: DecisionOptions

    func validate() throws {
        if !keyword.isEmpty { try checkSensitivityCount(keyphrases: keyword.count) }
        try Self.check(keywords: keyword, sensitivities: sensitivity, gain: gain)
    }

    /// The checks every command that detects makes of its keyword, sensitivity and gain flags.
    static func check(keywords: [String], sensitivities: [Double], gain: Double?) throws {
        for value in sensitivities where !(0...1).contains(value) {
            throw ValidationError("--sensitivity \(value) is outside 0...1")
        }
        if let gain, !(gain.isFinite && gain > 0) {
            throw ValidationError("--gain \(gain) must be a finite number above 0")
        }
        for phrase in keywords where PronunciationLexicon.words(of: phrase).isEmpty {
            throw ValidationError("--keyword must not be empty")
        }
    }

    /// Puts the options that were given into `configuration`. Without `--keyword`, several
    /// sensitivities must match the configuration's keyphrases; with `--keyword` and no
    /// `--sensitivity`, a sensitivity the configuration gives every keyphrase carries over.
    func apply(to configuration: inout Configuration) throws {
        if !keyword.isEmpty || !sensitivity.isEmpty {
            let configured = configuration.keywords
            let phrases = keyword.isEmpty ? configured.map(\.keyphrase) : keyword
            try checkSensitivityCount(keyphrases: phrases.count)
            let shared = Set(configured.map(\.sensitivity)).count == 1 ? configured[0].sensitivity : KeywordSetting.defaultSensitivity
            let values = sensitivity.isEmpty ? (keyword.isEmpty ? configured.map(\.sensitivity) : [shared]) : sensitivity
            configuration.keywords = KeywordSetting.settings(keyphrases: phrases, sensitivities: values)
        }
        if !userPronunciations.pronunciations.isEmpty { configuration.pronunciations = userPronunciations.pronunciations }
        if let gain { configuration.gain = gain }
        if let decision = decisionOptions.decision { configuration.decision = decision }
        models.apply(to: &configuration.modelFiles)
    }

    /// Several sensitivities are one per keyphrase.
    private func checkSensitivityCount(keyphrases: Int) throws {
        if sensitivity.count > 1 && sensitivity.count != keyphrases {
            throw ValidationError("give one --sensitivity for all keywords or one per keyword (\(keyphrases)), not \(sensitivity.count)")
        }
    }
}

extension Configuration {
    /// The transcriber, when the command is transcribed; exit code 2 when its models are missing.
    func makeTranscriber() throws -> PocketSphinxTranscriber? {
        guard transcribe else { return nil }
        return try Self.settingUp { try PocketSphinxTranscriber(configuration: transcriber) }
    }

    /// The chat forwarder, when commands go to SUSI; exit code 2 when its spool folder is unusable.
    func makeForwarder() throws -> ChatForwarder? {
        guard forwardsCommands else { return nil }
        return try Self.settingUp { try ChatForwarder(configuration: chat) }
    }

    /// The detector, or exit code 2 with the reason on standard error.
    func makeDetector() throws -> any HotwordDetector {
        try Self.settingUp { try HotwordDetectorFactory.detector(configuration: spotterConfiguration) }
    }

    /// What `make` sets up, or exit code 2 with the reason on standard error (64 for a
    /// keyphrase beyond the documented limits: a bad argument).
    private static func settingUp<Part>(_ make: () throws -> Part) throws -> Part {
        do {
            return try make()
        } catch {
            StandardError.write("susi-listen: \(error)")
            throw ExitCode((error as? HotwordDetectionError)?.exceedsKeyphraseLimits == true ? 64 : 2)
        }
    }
}
