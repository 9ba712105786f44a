import ArgumentParser
import HotwordDetection

extension KeywordDecision: ExpressibleByArgument {}

/// How detections are decided, shared by `detect` and `bench`.
struct DecisionOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("How a detection is decided: two-stage (spotting, with a recogniser confirming the less certain candidates), verified (the recogniser confirms every candidate) or spotting (keyword spotting alone). (default: two-stage)", valueName: "method"))
    var decision: KeywordDecision?
}
