import ArgumentParser
import HotwordDetection
import Pipeline

extension KeywordDecision: ExpressibleByArgument {}

/// How detections are decided, shared by `detect` and `bench`.
struct DecisionOptions: ParsableArguments, Sendable {
    @Option(name: Setting.decision.flagName, help: Setting.decision.argumentHelp)
    var decision: KeywordDecision?

    /// The settings these options give.
    var settings: CommandLineSettings {
        var given = CommandLineSettings()
        given.add(.decision, decision?.rawValue)
        return given
    }
}
