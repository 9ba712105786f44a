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
/// down cut the keyword, which then was never proposed whole. So a turned-down candidate is heard
/// a second time, with the audio after it: when the recogniser heard only the keyphrase's start
/// ("wild" for "wildfire", said slowly inside a sentence), `rehearingDelaySeconds` after the
/// candidate's end, and decided on again; otherwise, for a keyphrase of at least
/// `longerHearingLeastPhones` phones, `longerHearingSeconds` after it was proposed, every word the
/// recogniser hears there counting; either is decided on by the same rules as a first hearing. A
/// second hearing goes through a front end of its own (`KeywordVerifier.heardAgain`), so that it
/// never moves the verdicts on other candidates.
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
    /// How long after a turned-down candidate was proposed the recogniser hears it again, when it
    /// heard more than the keyphrase's start: the rest of a keyword the spotter proposed before it
    /// ended (such candidates on the development data end up to 0.55 s before the keyword does).
    static let longerHearingSeconds = 0.4
    private let longerHearingSamples = Int(longerHearingSeconds * Double(pipelineSampleRate))
    /// Keyphrases with fewer phones get no longer hearing. Real words one phone from a short
    /// keyphrase are many ("sushi", "sousa", "juicy" for "susi"), and over the longer span the
    /// recogniser's keyphrase alias outweighed them: the project's near-miss fixtures of "sousa"
    /// and "sushi" fired on their second hearing.
    static let longerHearingLeastPhones = 6
    /// Turned-down candidates waiting to be heard a second time.
    private var awaitingRehearing: [SecondHearing] = []
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

    package var gain: Float { converter.gain }

    package func process(_ frame: [Float]) throws(HotwordDetectionError) -> [HotwordHit] {
        candidateVerdicts = []
        for candidate in try spotter.process(frame) {
            let verdict = try decide(on: candidate)
            candidateVerdicts.append(verdict)
            if !verdict.isHeard { restartDue = recentAudio.endSample + settleSamples }
            if let hearing = secondHearing(after: verdict) { awaitingRehearing.append(hearing) }
        }
        if !candidateVerdicts.contains(where: \.isHeard) {
            while let due = awaitingRehearing.firstIndex(where: { $0.hearingEnd <= recentAudio.endSample }) {
                guard let verdict = try hear(awaitingRehearing.remove(at: due)) else { continue }
                candidateVerdicts.append(verdict)
                if verdict.isHeard { break }
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

    /// The second hearing `verdict`'s candidate gets, if any.
    private func secondHearing(after verdict: CandidateVerdict) -> SecondHearing? {
        let candidate = verdict.candidate
        if verdict.reason == .heardItsStart {
            return SecondHearing(candidate: candidate, hearingEnd: candidate.endSample + rehearingDelaySamples, kind: .itsRest)
        }
        guard verdict.reason.isHeardLonger,
              let phones = spotter.threshold(of: candidate.keyword)?.phoneCount, phones >= Self.longerHearingLeastPhones else { return nil }
        return SecondHearing(candidate: candidate, hearingEnd: candidate.detectionSample + longerHearingSamples, kind: .longer)
    }

    /// The verdict of a second hearing; nil for a longer hearing that turned the candidate down
    /// again (its first verdict stands).
    private func hear(_ hearing: SecondHearing) throws(HotwordDetectionError) -> CandidateVerdict? {
        switch hearing.kind {
        case .itsRest:
            return try decide(on: hearing.candidate, hearingUntil: hearing.hearingEnd)
        case .longer:
            let verdict = try decide(on: hearing.candidate, hearingUntil: hearing.hearingEnd, everyWordCounting: true)
            guard verdict.isHeard else { return nil }
            return CandidateVerdict(candidate: verdict.candidate, heardWords: verdict.heardWords, phoneEdits: verdict.phoneEdits,
                                    reason: .heardLonger)
        }
    }

    /// What the recogniser hears over `candidate`, and the candidate as heard. On its first hearing
    /// (`end` nil): from its start to the moment it was proposed, the words at least half inside
    /// its span. On a second hearing: from its start to `end`, the words at least half inside the
    /// span stretched to `end`, or every word; the candidate then ends where the recogniser's words
    /// end, and is reported now, at the end of the frame that reached `end`.
    private func heard(_ candidate: HotwordHit, until end: Int? = nil,
                       everyWordCounting: Bool = false) throws(HotwordDetectionError) -> (HeardSpeech, HotwordHit) {
        let recent = recentAudio
        let audioStart = max(candidate.startSample, recent.firstSample)
        let audio = converter.int16Samples(recent.samples(from: audioStart, upTo: end), startingAt: audioStart)
        guard let end else {
            return (try verifier.heard(audio, candidate: (candidate.startSample - audioStart)..<(candidate.endSample - audioStart)), candidate)
        }
        let counted = (everyWordCounting ? 0 : candidate.startSample - audioStart)..<(end - audioStart)
        let heard = try verifier.heardAgain(audio, candidate: counted)
        return (heard, HotwordHit(keyword: candidate.keyword, startSample: candidate.startSample,
                                  endSample: heard.wordsEnd.map { audioStart + $0 } ?? end, detectionSample: recent.endSample, score: candidate.score))
    }

    /// Whether `candidate` is heard, and why: the recogniser's words over it, measured in phone
    /// edits against the keyphrase, and its spotting score decide (see `KeywordThreshold.decide`).
    /// The recogniser hears the audio from the candidate's start to the moment it was proposed,
    /// or on a second hearing to `hearingUntil`, with the candidate's span stretched to it (or
    /// every word it hears counting).
    private func decide(on candidate: HotwordHit, hearingUntil: Int? = nil,
                        everyWordCounting: Bool = false) throws(HotwordDetectionError) -> CandidateVerdict {
        let seconds = Double(candidate.endSample - candidate.startSample) / Double(pipelineSampleRate)
        guard let threshold = spotter.threshold(of: candidate.keyword),
              threshold.isWorthVerifying(score: candidate.score, seconds: seconds) else {
            return CandidateVerdict(candidate: candidate, heardWords: nil, phoneEdits: nil, reason: .shortAndWeak)
        }
        let (heard, heardCandidate) = try self.heard(candidate, until: hearingUntil, everyWordCounting: everyWordCounting)
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

/// A turned-down candidate waiting to be heard a second time, with the audio after it.
private struct SecondHearing {
    /// How a second hearing decides.
    enum Kind {
        /// The recogniser heard only the keyphrase's start: the candidate is decided on again over
        /// the longer span, by the same rules.
        case itsRest
        /// The recogniser heard something else: the candidate is decided on again over the longer
        /// span, every word the recogniser hears there counting, and only a hit is reported.
        case longer
    }

    /// The candidate as the spotter proposed it.
    let candidate: HotwordHit
    /// The stream position up to which it is heard, and at which it is heard.
    let hearingEnd: Int
    /// How the hearing decides.
    let kind: Kind
}
