import ArgumentParser
import Foundation
import HotwordDetection

/// Options that set up the keyword spotter, shared by every command that detects.
struct DetectorOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Keyphrase to listen for; repeat for several (default: susi).", valueName: "keyphrase"))
    var keyword: [String] = []

    @Option(name: .long, help: ArgumentHelp("0...1, higher = more detections and more false alarms; one value for all keywords or one per --keyword, in order (default: 0.5).", valueName: "s"))
    var sensitivity: [Double] = []

    @Option(name: .long, help: ArgumentHelp("Multiplier applied to the audio before detection, clipped to full scale (default: 1.0).", valueName: "g"))
    var gain: Double = 1.0

    @OptionGroup var models: ModelOptions

    func validate() throws {
        let keywords = keyword.isEmpty ? ["susi"] : keyword
        if sensitivity.count > 1 && sensitivity.count != keywords.count {
            throw ValidationError("give one --sensitivity for all keywords or one per --keyword (\(keywords.count)), not \(sensitivity.count)")
        }
        for value in sensitivity where !(0...1).contains(value) {
            throw ValidationError("--sensitivity \(value) is outside 0...1")
        }
        if !(gain.isFinite && gain > 0) {
            throw ValidationError("--gain \(gain) must be a finite number above 0")
        }
        for phrase in keywords where PronunciationLexicon.words(of: phrase).isEmpty {
            throw ValidationError("--keyword must not be empty")
        }
    }

    /// The spotter configuration these options describe.
    var spotterConfiguration: KeywordSpotterConfiguration {
        let keywords = keyword.isEmpty ? ["susi"] : keyword
        let settings = keywords.enumerated().map { index, phrase in
            KeywordSetting(keyphrase: phrase,
                           sensitivity: sensitivity.isEmpty ? 0.5 : sensitivity[sensitivity.count == 1 ? 0 : index])
        }
        return KeywordSpotterConfiguration(
            keywords: settings, gain: gain,
            modelFiles: models.modelFiles)
    }

    /// A spotter, or exit code 2 with the reason on standard error.
    func makeSpotter() throws -> KeywordSpotter {
        do {
            return try KeywordSpotter(configuration: spotterConfiguration)
        } catch {
            StandardError.write("susi-listen: \(error)")
            throw ExitCode(2)
        }
    }
}
