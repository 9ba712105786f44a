import AudioInput
import PocketSphinxSupport

/// Keyword spotting that proposes candidates, and a recogniser that decides on them.
///
/// The spotter runs at the permissive candidate thresholds. Every candidate worth it
/// (`KeywordThreshold.isWorthVerifying`) is played, from the spotter's recent audio, to the
/// `KeywordVerifier`: its own span as the spotter placed it, from its start to the moment it was
/// proposed, and nothing of the speech before it. The phones of
/// the words the recogniser hears there, and the spotting score, decide whether the candidate is
/// heard (`KeywordThreshold.decide`).
///
/// People do not pause around a hotword ("okay susi what time is it"). Played with the words
/// before it, a keyword in running speech was heard merged with them ("olympians computer",
/// "the shining" for "jarvis") and turned down; played alone, it is heard as itself (see
/// docs/detection.md, "What the recogniser hears").
///
/// The spotter restarts when a candidate is heard, and `settleSeconds` after the last one turned
/// down. At the permissive candidate threshold, PocketSphinx often lists a keyword before it
/// ends, squeezed into its first syllables; restarting at once when the recogniser turned that
/// down cut the keyword, which then was never proposed whole. When the recogniser heard only the
/// keyphrase's start over such a candidate ("wild" for "wildfire", said slowly inside a sentence),
/// it hears the candidate again `rehearingDelaySeconds` after its end, with the rest of the
/// keyword.
package final class TwoStageHotwordDetector: HotwordDetector {
    /// The decision this detector makes (`.verified` or `.twoStage`).
    package let decision: KeywordDecision
    /// The keyphrases with their thresholds.
    package var thresholds: [KeywordThreshold] { spotter.thresholds }

    private let spotter: KeywordSpotter
    private let verifier: KeywordVerifier
    private let converter: SampleConverter
    /// How long the spotter goes on after a candidate is turned down before it restarts, so that
    /// a keyword the candidate was a premature part of can reach its end and be proposed again.
    static let settleSeconds = 0.15
    private let settleSamples = Int(settleSeconds * Double(pipelineSampleRate))
    /// Stream position at which the spotter restarts, after the last candidate turned down.
    private var restartDue: Int?
    /// How long after a candidate's end the recogniser hears it again, when it heard only the
    /// keyphrase's start the first time: the rest of a keyword said slowly (the devdata callers'
    /// "wildfire" last up to a second). A hit heard so comes this much later.
    static let rehearingDelaySeconds = 0.3
    private let rehearingDelaySamples = Int(rehearingDelaySeconds * Double(pipelineSampleRate))
    /// The fewest phones of the keyphrase the recogniser must hear, and the fewest still to come,
    /// for a second hearing. A start of one or two phones is the start of too many words; a
    /// keyphrase with one or two phones still to come is a short one ("susi"), whose near misses
    /// ("sousa", heard as "says") the second hearing took for it.
    static let leastStartPhones = 3
    /// Candidates waiting to be heard again, with the stream position up to which they will be,
    /// oldest first.
    private var awaitingRehearing: [(candidate: HotwordHit, hearingEnd: Int)] = []
    /// The candidates decided on in the last `process` call, heard or turned down, in the order
    /// the spotter proposed them, then any heard a second time.
    package private(set) var candidateVerdicts: [CandidateVerdict] = []

    /// Loads both stages. A configuration that asks for `.spotting` is verified as `.twoStage`:
    /// use `KeywordSpotter` (or `HotwordDetectorFactory`) for spotting alone.
    package init(configuration: KeywordSpotterConfiguration) throws(HotwordDetectionError) {
        decision = configuration.decision == .verified ? .verified : .twoStage
        spotter = try KeywordSpotter(configuration: configuration, proposingCandidates: true)
        verifier = try KeywordVerifier(acousticModel: configuration.modelFiles.acousticModel,
                                       vocabulary: configuration.modelFiles.verifierFiles,
                                       lexicon: spotter.lexicon)
        converter = SampleConverter(gain: Float(configuration.gain))
    }

    /// The spotter's: candidates are played to the recogniser from it.
    package var recentAudio: RecentAudio { spotter.recentAudio }

    package func process(_ frame: [Float]) throws(HotwordDetectionError) -> [HotwordHit] {
        candidateVerdicts = []
        for candidate in try spotter.process(frame) {
            let verdict = try decide(on: candidate)
            candidateVerdicts.append(verdict)
            if !verdict.isHeard { restartDue = recentAudio.endSample + settleSamples }
            if verdict.reason == .heardItsStart {
                awaitingRehearing.append((candidate, candidate.endSample + rehearingDelaySamples))
            }
        }
        if !candidateVerdicts.contains(where: \.isHeard) {
            while let first = awaitingRehearing.first, first.hearingEnd <= recentAudio.endSample {
                awaitingRehearing.removeFirst()
                candidateVerdicts.append(try decide(on: first.candidate, hearingUntil: first.hearingEnd))
            }
        }
        let heard = candidateVerdicts.filter(\.isHeard).map(\.candidate)
        if !heard.isEmpty { awaitingRehearing = [] }
        if !heard.isEmpty || restartDue.map({ recentAudio.endSample >= $0 }) == true {
            try spotter.restart()
            restartDue = nil
        }
        return heard
    }

    package func reset() throws(HotwordDetectionError) {
        try spotter.reset()
        try verifier.startStream()
        restartDue = nil
        awaitingRehearing = []
    }

    /// Whether `candidate` is heard, and why: the recogniser's words over it, measured in phone
    /// edits against the keyphrase, and its spotting score decide (see `KeywordThreshold.decide`).
    /// The recogniser hears the audio from the candidate's start to the moment it was proposed,
    /// or on a second hearing to `hearingUntil`, with the candidate's span stretched to it; a
    /// candidate heard so ends where the recogniser's words end, and is reported then.
    private func decide(on candidate: HotwordHit, hearingUntil: Int? = nil) throws(HotwordDetectionError) -> CandidateVerdict {
        let seconds = Double(candidate.endSample - candidate.startSample) / Double(pipelineSampleRate)
        guard let threshold = spotter.threshold(of: candidate.keyword),
              threshold.isWorthVerifying(score: candidate.score, seconds: seconds) else {
            return CandidateVerdict(candidate: candidate, heardWords: nil, phoneEdits: nil, reason: .shortAndWeak)
        }
        let recent = recentAudio
        let audioStart = max(candidate.startSample, recent.firstSample)
        let heard = try verifier.heard(
            converter.int16Samples(recent.samples(from: audioStart, upTo: hearingUntil), startingAt: audioStart),
            candidate: (candidate.startSample - audioStart)..<((hearingUntil ?? candidate.endSample) - audioStart))
        let heardCandidate = hearingUntil.map { end in
            HotwordHit(keyword: candidate.keyword, startSample: candidate.startSample,
                       endSample: heard.wordsEnd.map { audioStart + $0 } ?? end, detectionSample: end, score: candidate.score)
        } ?? candidate
        let match = nearness(of: heard.phones, to: candidate.keyword)
        let verdict = { (reason: CandidateVerdict.Reason) in
            CandidateVerdict(candidate: heardCandidate, heardWords: heard.words, phoneEdits: match.phoneEdits, reason: reason)
        }
        let keyphraseAmongWords = heard.words.containsRun(PronunciationLexicon.words(of: candidate.keyword))
        let reason = threshold.decide(score: candidate.score, phoneEdits: match.phoneEdits, everyWordHeard: match.everyWordHeard,
                                      keyphraseAmongWords: keyphraseAmongWords, seconds: seconds, decision: decision)
        guard reason.isHeard else {
            let heardOnlyItsStart = hearingUntil == nil
                && heard.isStart(of: spotter.lexicon.keyphrasePronunciations(of: candidate.keyword), leastPhones: Self.leastStartPhones)
            return verdict(heardOnlyItsStart ? .heardItsStart : reason)
        }
        // With several keyphrases, the recogniser may have heard another of them ("hey susi" is
        // proposed as "okay susi" too, two edits off): if what it heard is nearer that one and
        // would confirm it on the recogniser's word alone, that one's own candidate speaks for it.
        let nearerAnother = spotter.thresholds.contains { other in
            guard other.keyphrase != candidate.keyword else { return false }
            let otherMatch = nearness(of: heard.phones, to: other.keyphrase)
            return otherMatch.phoneEdits < match.phoneEdits
                && other.isHeard(phoneEdits: otherMatch.phoneEdits, everyWordHeard: otherMatch.everyWordHeard, seconds: seconds)
        }
        return verdict(nearerAnother ? .nearerAnotherKeyphrase : reason)
    }

    /// How near `heard` is to `keyphrase`: phone edits to its nearest pronunciation, and whether
    /// none of its words was missed entirely (`PhoneEdits.everyWordHeard`).
    private func nearness(of heard: [String], to keyphrase: String) -> (phoneEdits: Int, everyWordHeard: Bool) {
        let ways = spotter.lexicon.keyphrasePronunciations(of: keyphrase)
        return (ways.map { PhoneEdits.count(from: heard, to: $0.phones) }.min() ?? spotter.lexicon.phoneCount(of: keyphrase),
                ways.contains { PhoneEdits.everyWordHeard(heard, words: $0.wordPhones) })
    }
}

extension Array where Element == String {
    /// Whether `run` occurs in these words, whole and in order, with no word between.
    func containsRun(_ run: [String]) -> Bool {
        guard !run.isEmpty, run.count <= count else { return false }
        return (0...(count - run.count)).contains { self[$0..<($0 + run.count)].elementsEqual(run) }
    }
}
