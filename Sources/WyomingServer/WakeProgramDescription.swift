import HotwordDetection
import JSONText

/// What `describe` answers: one wake program, `susi-listen`, with one model per keyphrase.
package struct WakeProgramDescription: Sendable {
    /// The keyphrases, each a model named by the keyphrase itself (``modelNames``).
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

    /// The model names, as `info`, `detect` and `detection` use them: each keyphrase as the
    /// detector names its hits, its words lower-cased one space apart ("Hey  Susi" is "hey susi").
    package var modelNames: [String] { keywords.map { PronunciationLexicon.normalised($0.keyphrase) } }

    /// The model a `detect` name asks for, compared as wyoming-satellite and openWakeWord compare
    /// names: case aside, `_` for a space ("Hey_Computer" asks for "hey computer").
    static func modelName(requestedAs name: String) -> String {
        PronunciationLexicon.normalised(String(name.map { $0 == "_" ? " " : $0 }))
    }

    /// How each keyphrase is heard, for the program's description and the log:
    /// `susi at sensitivity 0.5, hey computer at sensitivity 0.6 (two-stage)`.
    package var settings: String {
        let keyphrases = zip(modelNames, keywords).map { "\($0) at sensitivity \($1.sensitivity)" }
        return "\(keyphrases.joined(separator: ", ")) (\(decision.rawValue))"
    }

    /// The `info` event. A model's description is its name alone: Home Assistant shows it as
    /// the wake word's name.
    package var info: WyomingEvent {
        let models = modelNames.map { name in
            JSONValue.object([
                ("name", .string(name)),
                ("attribution", Self.attribution(name: "CMU PocketSphinx (en-us acoustic model)", url: "https://github.com/cmusphinx/pocketsphinx")),
                ("installed", .bool(true)),
                ("description", .string(name)),
                ("version", .string(version)),
                ("languages", .array([.string("en")])),
                ("phrase", .string(name)),
            ])
        }
        let program = JSONValue.object([
            ("name", .string("susi-listen")),
            ("attribution", Self.attribution(name: "SUSI.AI", url: "https://susi.ai")),
            ("installed", .bool(true)),
            ("description", .string("PocketSphinx keyword spotting for any keyphrase typed as text: \(settings)")),
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
