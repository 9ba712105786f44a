import ArgumentParser
import HotwordDetection

extension KeywordDecision: ExpressibleByArgument {}

/// How detections are decided, shared by `detect` and `bench`.
struct DecisionOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: ArgumentHelp("How a detection is decided: two-stage (spotting proposes candidates; the words a recogniser hears over each, and the spotting score, decide), verified (the recogniser's words alone decide) or spotting (keyword spotting alone). (default: two-stage)", valueName: "method"))
    var decision: KeywordDecision?
}
