import Foundation
import Testing
import AudioInput
@testable import HotwordDetection

/// Detection on real recorded speech from `shared/devdata` (beside the repository).
@Suite(.enabled(if: FileManager.default.fileExists(atPath: Fixtures.devdata.appendingPathComponent("positives/computer").path),
                "needs ../shared/devdata beside the repository"))
struct RealSpeechDetectionTests {
    /// The first `count` recordings of `keyword`, sorted by name.
    private func recordings(of keyword: String, count: Int) throws -> [String] {
        let folder = Fixtures.devdata.appendingPathComponent("positives/\(keyword)")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".flac") }
            .sorted().prefix(count).map { folder.appendingPathComponent($0).path }
    }

    /// How many of the first `count` recordings of `keyword` a detector deciding by `decision`
    /// finds at the default sensitivity, heard with `gain`, each recording a fresh stream giving
    /// at most one hit.
    private func found(_ keyword: String, decision: KeywordDecision, gain: Double = 1, count: Int = 20) throws -> Int {
        let detector = try HotwordDetectorFactory.detector(configuration: Fixtures.spotter([KeywordSetting(keyphrase: keyword)], gain: gain, decision: decision))
        var found = 0
        for file in try recordings(of: keyword, count: count) {
            try detector.reset()
            let hits = try Fixtures.hits(in: try Fixtures.samples(of: file), with: detector)
            #expect(hits.count <= 1, "\(file): one utterance gave \(hits.count) hits")
            found += hits.isEmpty ? 0 : 1
        }
        return found
    }

    @Test func theSecondStageFindsMoreRealRecordingsThanSpottingAlone() throws {
        var spotting: [String: Int] = [:], twoStage: [String: Int] = [:]
        for keyword in ["computer", "jarvis"] {
            spotting[keyword] = try found(keyword, decision: .spotting)
            twoStage[keyword] = try found(keyword, decision: .twoStage)
        }
        let summary = "spotting alone \(spotting), two-stage \(twoStage), of 20 each"
        // Measured on these 20 each: spotting alone 15 ("computer") and 15 ("jarvis"), two-stage 17 and 18.
        for keyword in ["computer", "jarvis"] {
            #expect(twoStage[keyword, default: 0] >= spotting[keyword, default: 0], "\(summary)")
            #expect(twoStage[keyword, default: 0] >= 12, "\(summary)")
        }
        #expect(twoStage.values.reduce(0, +) > spotting.values.reduce(0, +), "\(summary)")
    }

    /// A keyword said in a stream's first seconds (a short recording, a Wyoming satellite's stream
    /// after its last wake word) is heard whatever the recording's level, as the spotter's
    /// cepstral mean follows the stream's first sound (`StreamStartCepstralMean`). With the
    /// acoustic model's initial mean throughout, which fits speech far quieter than these
    /// recordings (speech peaks of -25 to -5 dBFS), two-stage detection found 29 of the first 40
    /// "computer" at their own level; with the mean following the first sound, 34 at their own
    /// level and 35 at a tenth of it.
    @Test func aKeywordAtAStreamsStartIsHeardWhateverTheRecordingsLevel() throws {
        let atOwnLevel = try found("computer", decision: .twoStage, count: 40)
        let atATenth = try found("computer", decision: .twoStage, gain: 0.1, count: 40)
        let summary = "found \(atOwnLevel) of 40 at their own level, \(atATenth) at a tenth of it"
        #expect(atOwnLevel >= 33, "\(summary)")
        #expect(atATenth >= 33, "\(summary)")
    }

    /// Before the spotter went on listening after a turned-down candidate, this "computer" (the
    /// 21st of `streams/pos_computer`) was lost: the spotter listed it squeezed into its first
    /// syllables, the recogniser turned that down, and the restart cut the rest of the keyword.
    @Test func aKeywordWhosePrematureCandidateWasTurnedDownIsStillHeard() throws {
        let streams = Fixtures.devdata.appendingPathComponent("streams")
        let label = try #require(try String(contentsOf: streams.appendingPathComponent("pos_computer.tsv"), encoding: .utf8)
            .split(separator: "\n").dropFirst().map { $0.split(separator: "\t") }.dropFirst(20).first)
        let (start, end) = (try #require(Double(label[1])), try #require(Double(label[2])))
        let stream = try Fixtures.samples(of: streams.appendingPathComponent("pos_computer.flac").path)
        let detector = try HotwordDetectorFactory.detector(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "computer")]))
        let times = try Fixtures.hits(in: Array(stream[..<Int((end + 2) * 16_000)]), with: detector)
            .map { Double($0.detectionSample) / 16_000 }
        #expect(times.contains { $0 >= start && $0 <= end + 1.5 }, "keyword at \(start)-\(end) s; hits at \(times)")
    }

    /// Two slow "jarvis" of the tuning half of `streams/pos_jarvis_spliced` (the 9th and 10th
    /// keywords, at 51.2 s and 55.7 s, said over 0.8–1 s and spliced into running speech) are
    /// heard as "jobless", two edits off, where the spotter scores them below the inexact floor:
    /// they are heard because a slow candidate within the ordinary allowance needs no floor.
    @Test func slowKeywordsHeardAsNearWordsNeedNoScoreFloor() throws {
        let streams = Fixtures.devdata.appendingPathComponent("streams")
        let spans = try String(contentsOf: streams.appendingPathComponent("pos_jarvis_spliced.tsv"), encoding: .utf8)
            .split(separator: "\n").dropFirst().prefix(10).map { row in
                let fields = row.split(separator: "\t")
                return (start: try #require(Double(fields[1])), end: try #require(Double(fields[2])))
            }
        let stream = try Fixtures.samples(of: streams.appendingPathComponent("pos_jarvis_spliced.flac").path)
        let detector = try TwoStageHotwordDetector(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "jarvis")]))
        let threshold = try #require(detector.thresholds.first)
        let (hits, verdicts) = try Fixtures.decisions(in: Array(stream[..<Int((spans[9].end + 2) * 16_000)]), with: detector)
        let unfloored = verdicts.filter { $0.reason == .nearWords && $0.candidate.score < threshold.log10InexactFloor }
        #expect(unfloored.count == 2, "\(verdicts.map { "\($0.reason.rawValue) \($0.heardWords ?? []) \($0.candidate.score)" })")
        for (verdict, span) in zip(unfloored, spans[8...]) {
            let seconds = Double(verdict.candidate.endSample - verdict.candidate.startSample) / 16_000
            #expect(seconds >= SensitivityCalibration.slowPhoneSeconds * Double(threshold.phoneCount))
            #expect((verdict.phoneEdits ?? .max) <= threshold.phoneEditsAllowed)
            let time = Double(verdict.candidate.detectionSample) / 16_000
            #expect(time >= span.start && time <= span.end + 1.5, "a hit at \(time) s for the keyword at \(span)")
            #expect(hits.contains(verdict.candidate))
        }
    }

    /// A slow "jarvis" (the 38th recording of `positives/jarvis`, in the tuning half of
    /// `streams/pos_jarvis`) is proposed before it ends and heard there, with all 72,545 words, as
    /// "johnson's", too far. Heard a second time, from its start to 0.4 s after it was proposed,
    /// it is "jarvis" exactly.
    @Test func aKeywordTurnedDownBeforeItEndedIsHeardLonger() throws {
        let file = Fixtures.devdata.appendingPathComponent("positives/jarvis/wwb_1824fe16-0a87-43bc-8d25-bf30310f8e4f.flac").path
        let detector = try HotwordDetectorFactory.detector(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "jarvis")], vocabulary: .full))
        let (hits, verdicts) = try Fixtures.decisions(in: try Fixtures.samples(of: file), with: detector)
        let longer = try #require(verdicts.first { $0.reason == .heardLonger }, "\(verdicts)")
        let first = verdicts.filter { $0.reason != .heardLonger }
        #expect(!first.isEmpty && first.allSatisfy { !$0.isHeard }, "\(verdicts)")
        #expect(longer.heardWords == ["jarvis"] && longer.phoneEdits == 0)
        #expect(hits == [longer.candidate])
        let proposed = try #require(first.first { $0.candidate.startSample == longer.candidate.startSample }, "\(verdicts)")
        // Reported at the end of the frame that reached 0.4 s after the proposal, as every hit is
        // at the end of the frame in which it is decided.
        let reached = proposed.candidate.detectionSample + 6_400
        #expect(longer.candidate.detectionSample % 480 == 0)
        #expect((reached..<(reached + 480)).contains(longer.candidate.detectionSample), "\(longer.candidate.detectionSample)")
        // The hit ends where the recogniser heard the keyword end: after the candidate proposed
        // before it, and no later than the moment it is reported.
        #expect(proposed.candidate.endSample < longer.candidate.endSample)
        #expect(longer.candidate.endSample <= longer.candidate.detectionSample)
    }

    /// Telephone callers saying "wildfire" slowly inside their own sentences (six keywords of the
    /// first half of `streams/ctx_wildfire.tsv`, each heard from 3 s of the caller's speech
    /// before it to 2 s after): at the default sensitivity the spotter proposes some of them
    /// before their end, the recogniser hears "wild" or "while" there, and 0.3 s after the
    /// candidate's end it hears the whole keyword. Which ones moves with the audio's start and
    /// the build (two or three of the six here); without the second hearing none is heard so.
    @Test func aKeywordProposedBeforeItsEndIsHeardAgainWithTheRestOfIt() throws {
        let streams = Fixtures.devdata.appendingPathComponent("streams")
        let labels = try String(contentsOf: streams.appendingPathComponent("ctx_wildfire.tsv"), encoding: .utf8)
            .split(separator: "\n").dropFirst().map { $0.split(separator: "\t") }
        let stream = try Fixtures.samples(of: streams.appendingPathComponent("ctx_wildfire.flac").path)
        var heardAgain: [Int] = [], report: [String] = []
        for row in [35, 40, 60, 87, 114, 115] {
            let (start, end) = (try #require(Double(labels[row][1])), try #require(Double(labels[row][2])))
            let clipStart = Int((start - 3) * 16_000)
            // A detector of its own: a stream's cepstral mean carries over a reset.
            let detector = try HotwordDetectorFactory.detector(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "wildfire")]))
            let (hits, verdicts) = try Fixtures.decisions(in: Array(stream[clipStart..<Int((end + 2) * 16_000)]), with: detector)
            report.append("row \(row): \(verdicts.map { "\($0.reason.rawValue) \($0.heardWords ?? [])" })")
            for started in verdicts where started.reason == .heardItsStart {
                // Every candidate held is heard again, from its start, in the frame that reaches
                // 0.3 s after its end.
                let due = started.candidate.endSample + 4_800
                let again = try #require(verdicts.first { (due..<(due + 480)).contains($0.candidate.detectionSample) },
                                         "row \(row)")
                #expect(again.candidate.startSample == started.candidate.startSample)
                #expect(again.reason != .heardItsStart)
                let window = Int(start * 16_000) - clipStart...Int((end + 1.5) * 16_000) - clipStart
                if again.isHeard, hits.map(\.detectionSample) == [again.candidate.detectionSample], window.contains(again.candidate.detectionSample) {
                    #expect(again.candidate.endSample > started.candidate.endSample)
                    heardAgain.append(row)
                }
            }
        }
        #expect(heardAgain.count >= 2, "heard again: \(heardAgain); \(report.joined(separator: "; "))")
    }

    /// A keyword said 0.3 s after other speech: the recogniser's lead-in (0.6 s) then begins in
    /// the middle of a word. Each of the first 20 recordings of each keyword is cut to start 0.3 s
    /// before the keyword, and heard once alone and once after half a second of read speech.
    @Test func aKeywordAfterSpeechAndAShortPauseIsHeardAsOftenAsAfterThePauseAlone() throws {
        let speech = try Fixtures.samples(of: Fixtures.devdata.appendingPathComponent("background/librispeech_1081-125237-0000.flac").path)
        let before = Array(speech[(speech.count / 2 - 8_000)..<(speech.count / 2)])
        var summary: [String] = []
        for keyword in ["computer", "jarvis"] {
            let detector = try HotwordDetectorFactory.detector(configuration: Fixtures.spotter([KeywordSetting(keyphrase: keyword)]))
            var alone = 0, afterSpeech = 0
            for file in try recordings(of: keyword, count: 20) {
                let recording = try Fixtures.samples(of: file)
                let pauseAndKeyword = Array(recording[max(0, Self.onset(of: recording) - 4_800)...])
                try detector.reset()
                alone += try Fixtures.hits(in: pauseAndKeyword, with: detector).isEmpty ? 0 : 1
                try detector.reset()
                afterSpeech += try Fixtures.hits(in: before + pauseAndKeyword, with: detector).isEmpty ? 0 : 1
            }
            summary.append("\(keyword): \(alone) alone, \(afterSpeech) after speech, of 20")
            #expect(afterSpeech >= alone - 1, "\(summary)")
        }
    }

    /// The first sample of the first 10 ms within 25 dB of a recording's loudest: where its
    /// keyword begins.
    private static func onset(of samples: [Float]) -> Int {
        let powers = AnalysisWindow.powers(of: samples[...])
        let loudest = powers.max() ?? 0
        return (powers.firstIndex { $0 >= loudest / 316 } ?? 0) * AnalysisWindow.length
    }

    @Test func findsNothingForAKeywordThatIsNotSpoken() throws {
        let spotter = try HotwordDetectorFactory.detector(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "jarvis")]))
        for file in try recordings(of: "computer", count: 20) {
            try spotter.reset()
            #expect(try Fixtures.hits(in: try Fixtures.samples(of: file), with: spotter).isEmpty, "\(file)")
        }
    }
}
