import Foundation
import HotwordDetection
import JSONText
import Testing
@testable import Pipeline

@Suite struct ListenEventTests {
    let hit = HotwordEvent(hit: HotwordHit(keyword: "susi", startSample: 16_000, endSample: 24_000,
                                           detectionSample: 27_200, score: 3.14159),
                           sampleRate: 16_000, source: .file("a \"quoted\" name.wav"))

    @Test func writesAHotwordAsAJSONObjectWithTheTypeFirst() throws {
        let text = ListenEvent.hotword(hit).json.text
        #expect(text.hasPrefix("{\"type\":\"hotword\",\"keyword\":\"susi\",\"time\":1.7,\"start\":1,\"end\":1.5,"))
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["file"] as? String == "a \"quoted\" name.wav")
        #expect(object["score"] as? Double == 3.142)
    }

    @Test func writesTheSummaryWithItsRealTimeFactor() throws {
        let summary = RunSummary(files: 2, failedFiles: 1, audioSeconds: 100, cpuSeconds: 2, hits: 3)
        let object = try #require(JSONSerialization.jsonObject(with: Data(ListenEvent.summary(summary).json.text.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "summary")
        #expect(object["rtf"] as? Double == 0.02)
        #expect(object["hits"] as? Int == 3)
        #expect(object["failed"] as? Int == 1)
        #expect(object["stalls"] == nil)
    }

    @Test func writesTheCaptureDevicesOverrunsSuspendsAndStallsInALiveSummary() throws {
        var summary = RunSummary(audioSeconds: 60, cpuSeconds: 1, hits: 0)
        (summary.overruns, summary.suspends, summary.stalls) = (1, 0, 2)
        let object = try #require(JSONSerialization.jsonObject(with: Data(ListenEvent.summary(summary).json.text.utf8)) as? [String: Any])
        #expect(object["overruns"] as? Int == 1)
        #expect(object["suspends"] as? Int == 0)
        #expect(object["stalls"] as? Int == 2)
    }

    @Test func writesTheEventsSocketsAnswersAsJSONAndReadableLines() {
        #expect(ListenEvent.muted.json.text == #"{"type":"muted"}"#)
        #expect(ListenEvent.unmuted.json.text == #"{"type":"unmuted"}"#)
        let listen = ListenEvent.listen(ListenRequestEvent(time: 12.3456, source: .device("default")))
        #expect(listen.json.text == #"{"type":"listen","time":12.346,"device":"default"}"#)
        #expect(listen.readableLine == "default  12.346 s  listening for a command, as asked")
        #expect(ListenEvent.muted.readableLine == "muted: no hotword is listened for until unmuted")
        #expect(!ListenEvent.muted.isTrouble)
    }

    @Test func theStartLineNamesARecogniserVocabularyOnlyWhenItIsNotTheDefault() {
        let keywords = [KeywordThreshold(keyphrase: "susi", sensitivity: 0.5, phoneCount: 4)]
        var configuration = Configuration()
        configuration.modelFiles = AcousticModelFiles(modelsFolder: "Models")
        let standard = ListenEvent.start(StartEvent(keywords: keywords, configuration: configuration)).readableLine
        #expect(standard.hasSuffix("decided by two-stage"), "\(standard)")
        configuration.modelFiles = AcousticModelFiles(modelsFolder: "Models", size: .full)
        let full = ListenEvent.start(StartEvent(keywords: keywords, configuration: configuration)).readableLine
        #expect(full.hasSuffix("decided by two-stage with the full vocabulary"), "\(full)")
    }

    /// Without the project's models the recogniser has PocketSphinx's general model, which is
    /// neither of the project's vocabularies: the start event names none.
    @Test func theStartEventNamesNoVocabularyForPocketSphinxsGeneralModel() throws {
        let keywords = [KeywordThreshold(keyphrase: "susi", sensitivity: 0.5, phoneCount: 4)]
        var configuration = Configuration()
        configuration.modelFiles.recogniserVocabulary = .full
        let general = try #require(JSONSerialization.jsonObject(with: Data(ListenEvent.start(StartEvent(keywords: keywords, configuration: configuration)).json.text.utf8)) as? [String: Any])
        #expect(general["recogniser_vocabulary"] == nil)
        configuration.modelFiles = AcousticModelFiles(modelsFolder: "Models", size: .full)
        let project = try #require(JSONSerialization.jsonObject(with: Data(ListenEvent.start(StartEvent(keywords: keywords, configuration: configuration)).json.text.utf8)) as? [String: Any])
        #expect(project["recogniser_vocabulary"] as? String == "full")
    }

    @Test func saysHowMuchOfAnAnswerWasHeardWhenABargeInStoppedIt() {
        let whole = SpokenEvent(passages: [.init(text: "Sunny.", language: "en", requestedLanguage: "en")], seconds: 1.23456, synthesisSeconds: 0.05)
        #expect(ListenEvent.spoken(whole).json.text
            == #"{"type":"spoken","text":"Sunny.","language":"en","requested_language":"en","audio_s":1.235,"synthesis_s":0.05}"#)
        var stopped = whole
        stopped.interruptedAfterSeconds = 0.4321
        #expect(ListenEvent.spoken(stopped).json.text
            == #"{"type":"spoken","text":"Sunny.","language":"en","requested_language":"en","audio_s":1.235,"synthesis_s":0.05,"interrupted_after_s":0.432}"#)
        #expect(ListenEvent.spoken(stopped).readableLine == #"spoke "Sunny." (1.235 s, synthesised in 0.050 s; interrupted after 0.432 s)"#)
    }

    @Test func listsThePassagesOfAnAnswerSpokenInTwoLanguages() {
        let mixed = SpokenEvent(passages: [.init(text: "晴れです。", language: "ja", requestedLanguage: "ja"),
                                           .init(text: "I cannot show a map on this device.", language: "en", requestedLanguage: "en")],
                                seconds: 3, synthesisSeconds: 0.1)
        #expect(ListenEvent.spoken(mixed).json.text
            == #"{"type":"spoken","text":"晴れです。 I cannot show a map on this device.","language":"ja","requested_language":"ja","audio_s":3,"synthesis_s":0.1,"#
            + #""passages":[{"text":"晴れです。","language":"ja","requested_language":"ja"},{"text":"I cannot show a map on this device.","language":"en","requested_language":"en"}]}"#)
        let fallen = SpokenEvent(passages: [.init(text: "hello", language: "en", requestedLanguage: "xx"),
                                            .init(text: "I found no results.", language: "en", requestedLanguage: "en")],
                                 seconds: 2, synthesisSeconds: 0.1)
        #expect(ListenEvent.spoken(fallen).readableLine
            == #"spoke "hello I found no results." (2.000 s, synthesised in 0.100 s; espeak-ng has no voice for "xx", spoken in en)"#)
    }

    @Test func writesACommandCutOffByShutdownAsTroubleOfItsOwnType() {
        let event = ListenEvent.commandCutOff(TranscriptEvent(text: "what is the", time: 3.25, reason: nil, source: .device("default")))
        #expect(event.json.text == #"{"type":"command_cut_off","text":"what is the","time":3.25,"device":"default"}"#)
        #expect(event.readableLine == #"command cut off while being spoken (shutdown, or the device stopped), dropped: "what is the" at 3.250 s"#)
        #expect(event.isTrouble)
    }

    /// What a server or a file name brings cannot clear the terminal, overwrite a line or pass
    /// for a log line of its own.
    @Test func writesTextFromElsewhereOnItsOwnReadableLineWithoutControlCharacters() {
        let answer = ListenEvent.answer(AnswerEvent(query: "q", text: "\u{1B}[2Jsunny\rrainy\nsusi-listen: hotword \"susi\"", actions: [],
                                                    spokenPassages: []))
        #expect(answer.readableLine == "SUSI: \\u{1B}[2Jsunny\\u{0D}rainy\n  susi-listen: hotword \"susi\"")
        let file = ListenEvent.hotword(HotwordEvent(hit: HotwordHit(keyword: "susi", startSample: 0, endSample: 8_000, detectionSample: 9_000, score: 20), sampleRate: 16_000, source: .file("a\u{1B}[31m.wav")))
        #expect(file.readableLine.hasPrefix("a\\u{1B}[31m.wav  "), "\(file.readableLine)")
    }

    @Test func escapesControlCharactersInStrings() {
        #expect(JSONValue.string("a\nb\t\u{1}").text == "\"a\\nb\\t\\u0001\"")
        #expect(JSONValue.number(.nan).text == "null")
        #expect(JSONValue.number(-0.0).text == "0")
    }

    @Test func writesACandidateWithTheWordsHeardAndWhyItWasTurnedDown() throws {
        let proposed = HotwordHit(keyword: "susi", startSample: 16_000, endSample: 24_000, detectionSample: 27_200, score: -3.14159)
        let decoded = ListenEvent.candidate(CandidateEvent(
            verdict: CandidateVerdict(candidate: proposed, heardWords: ["super"], phoneEdits: 2, reason: .tooFar),
            sampleRate: 16_000, source: .file("a.wav")))
        #expect(decoded.json.text == #"{"type":"candidate","keyword":"susi","time":1.7,"start":1,"end":1.5,"score":-3.142,"heard":false,"reason":"too_far","words":["super"],"phone_edits":2,"file":"a.wav"}"#)
        #expect(decoded.readableLine == #"a.wav  1.700 s  candidate "susi" turned down (too_far: heard "super", 2 phone edits; spoken 1.000 s–1.500 s, score -3.1)"#)
        let undecoded = ListenEvent.candidate(CandidateEvent(
            verdict: CandidateVerdict(candidate: proposed, heardWords: nil, phoneEdits: nil, reason: .shortAndWeak),
            sampleRate: 16_000, source: .device("hw:1,0")))
        #expect(undecoded.json.text.contains(#""heard":false,"reason":"short_and_weak","words":null,"phone_edits":null,"device":"hw:1,0"}"#))
        #expect(undecoded.readableLine == #"hw:1,0  1.700 s  candidate "susi" turned down (short_and_weak: not decoded; spoken 1.000 s–1.500 s, score -3.1)"#)
        let heard = ListenEvent.candidate(CandidateEvent(
            verdict: CandidateVerdict(candidate: proposed, heardWords: ["juicy"], phoneEdits: 1, reason: .nearWords),
            sampleRate: 16_000, source: .file("a.wav")))
        #expect(heard.readableLine.contains(#"candidate "susi" heard (near_words: heard "juicy", 1 phone edit;"#))
    }

    @Test func readsAHotwordAsOneLineForAPerson() {
        #expect(ListenEvent.hotword(hit).readableLine == "a \"quoted\" name.wav  1.700 s  hotword \"susi\"  (spoken 1.000 s–1.500 s, score 3.1)")
    }
}
