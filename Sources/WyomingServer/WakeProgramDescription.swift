import HotwordDetection
import JSONText

/// What `describe` answers: one wake program, `susi-listen`, with one model per keyphrase.
package struct WakeProgramDescription: Sendable {
    /// The keyphrases, each a model named by the keyphrase itself.
    package let keywords: [KeywordSetting]
    /// How detections are decided, for the descriptions.
    package let decision: KeywordDecision
    /// The program's version.
    package let version: String

    package init(keywords: [KeywordSetting], decision: KeywordDecision, version: String) {
        self.keywords = keywords
        self.decision = decision
        self.version = version
    }

    /// The model names, as `detect` and `detection` use them.
    package var modelNames: [String] { keywords.map(\.keyphrase) }

    /// The `info` event.
    package var info: WyomingEvent {
        let models = keywords.map { keyword in
            JSONValue.object([
                ("name", .string(keyword.keyphrase)),
                ("attribution", Self.attribution(name: "CMU PocketSphinx (en-us acoustic model)", url: "https://github.com/cmusphinx/pocketsphinx")),
                ("installed", .bool(true)),
                ("description", .string("\"\(keyword.keyphrase)\" at sensitivity \(keyword.sensitivity) (\(decision.rawValue))")),
                ("version", .string(version)),
                ("languages", .array([.string("en")])),
                ("phrase", .string(keyword.keyphrase)),
            ])
        }
        let program = JSONValue.object([
            ("name", .string("susi-listen")),
            ("attribution", Self.attribution(name: "SUSI.AI", url: "https://susi.ai")),
            ("installed", .bool(true)),
            ("description", .string("PocketSphinx keyword spotting for any keyphrase typed as text")),
            ("version", .string(version)),
            ("models", .array(models)),
        ])
        return WyomingEvent(type: "info", data: [
            ("asr", .array([])), ("tts", .array([])), ("handle", .array([])), ("intent", .array([])),
            ("wake", .array([program])), ("mic", .array([])), ("snd", .array([])),
        ])
    }

    private static func attribution(name: String, url: String) -> JSONValue {
        .object([("name", .string(name)), ("url", .string(url))])
    }
}
