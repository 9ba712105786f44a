import AudioInput
import FoundationEssentials
import Glibc
import PocketSphinxSupport
import TextFormatting

/// PocketSphinx keyword spotting behind the `HotwordDetector` protocol.
///
/// Owns one PocketSphinx decoder and frees it in `deinit`. Only the keyphrase words are loaded
/// into the decoder's dictionary, so start-up takes milliseconds. Every pronunciation of a
/// keyphrase is spotted (PocketSphinx would otherwise use only a word's first), and the
/// best-scoring one speaks for the keyphrase. Voice-activity detection inside
/// PocketSphinx is off; the spotter does not hear a room that has been quiet for a while
/// (`QuietRoomGate`), and places PocketSphinx's frames back on the stream's own sample count.
package final class KeywordSpotter: HotwordDetector {
    /// PocketSphinx analyses 100 frames a second at 16 kHz.
    static let samplesPerFrame = 160

    /// The keyphrases with the thresholds they were given.
    package let thresholds: [KeywordThreshold]
    /// Always empty: spotting alone decides on its score, with no candidates to explain.
    package let candidateVerdicts: [CandidateVerdict] = []
    /// The pronunciations of the keyphrase words.
    let lexicon: PronunciationLexicon
    private let decoder: Decoder<HotwordDetectionError>
    private let converter: SampleConverter
    /// Samples fed since the stream (or the last reset) began.
    private var samplesSeen = 0
    /// Seconds of audio kept in ``recentAudio``: the longest keyword plus the spotter's reporting
    /// delay fit easily, and so does a command's lead-in after the keyword.
    static let recentSeconds = 4
    /// The last ``recentSeconds`` of the stream as fed.
    package private(set) var recentAudio = RecentAudio(capacity: recentSeconds * pipelineSampleRate)
    package var gain: Float { converter.gain }
    /// Stream position at which the current PocketSphinx utterance began.
    private var utteranceStart = 0
    /// Keeps a quiet room from the decoder.
    private var quietRoomGate: QuietRoomGate
    /// Samples the decoder has heard in this stream: the stream's own, less the quiet spells.
    private(set) var samplesHeard = 0
    /// Where the samples the decoder heard lie on the stream: from each entry's count of samples
    /// heard on, the stream position is that count plus the entry's offset. PocketSphinx numbers
    /// its frames by the samples it heard, and each quiet spell moves the stream on without them.
    private var heardToStream: [(heard: Int, offset: Int)] = [(0, 0)]
    /// Stream position up to which the decoder has heard the stream.
    private var heardUpTo: Int { streamPosition(ofHeard: samplesHeard) }
    /// Whether hits are candidates for a second stage, which says when to restart (`restart()`).
    private let proposingCandidates: Bool
    /// Where the latest candidate proposed for each pronunciation (`jarvis(2)`) ended, in the
    /// current utterance. PocketSphinx keeps every detection of an utterance and moves one to a
    /// later, better-scoring end as the keyphrase goes on; a detection is proposed again only
    /// once it ends `proposalAdvanceFrames` later than before.
    private var proposedEndFrames: [String: Int] = [:]
    /// The running mean over the stream's first sound, which starts from the normalisation as
    /// the decoder was loaded (the model's `-cmninit`, no frames heard) for every new stream, so
    /// that a stream's results do not depend on what was heard before it; nil without a running
    /// normalisation.
    private var streamStartMean: StreamStartCepstralMean?

    /// A spotter that reports every keyphrase clearing the threshold its sensitivity maps to.
    package convenience init(configuration: KeywordSpotterConfiguration) throws(HotwordDetectionError) {
        try self.init(configuration: configuration, proposingCandidates: false)
    }

    /// A spotter for `configuration`; with `proposingCandidates` it reports everything above the
    /// permissive candidate thresholds, for a second stage to decide on.
    init(configuration: KeywordSpotterConfiguration, proposingCandidates: Bool) throws(HotwordDetectionError) {
        try configuration.validate()
        try configuration.modelFiles.validate()
        let dictionaries = [configuration.modelFiles.keywordDictionary, configuration.modelFiles.generalDictionary].compactMap { $0 }
        let lexicon = try PronunciationLexicon(keyphrases: configuration.keywords.map(\.keyphrase), userPronunciations: configuration.pronunciations,
                                               dictionaries: dictionaries, phoneSet: AcousticModelPhoneSet(acousticModel: configuration.modelFiles.acousticModel))
        thresholds = configuration.keywords.map { setting in
            let keyphrase = PronunciationLexicon.words(of: setting.keyphrase).joined(separator: " ")
            return KeywordThreshold(keyphrase: keyphrase, sensitivity: setting.sensitivity,
                                    phoneCount: lexicon.phoneCount(of: keyphrase))
        }
        self.lexicon = lexicon
        self.proposingCandidates = proposingCandidates
        converter = SampleConverter(gain: Float(configuration.gain))
        quietRoomGate = QuietRoomGate(sampleRate: pipelineSampleRate, gain: configuration.gain)
        decoder = try Self.makeDecoder(acousticModel: configuration.modelFiles.acousticModel,
                                       lexicon: lexicon, thresholds: thresholds,
                                       candidates: proposingCandidates)
        streamStartMean = decoder.cepstralMean.map(StreamStartCepstralMean.init(initial:))
        try decoder.startUtterance()
    }

    package func process(_ frame: [Float]) throws(HotwordDetectionError) -> [HotwordHit] {
        let frameStart = samplesSeen
        samplesSeen += frame.count
        recentAudio.append(frame, endingAt: samplesSeen)
        guard quietRoomGate.admits(frame, endingAt: samplesSeen) else { return [] }
        var start = frameStart
        if heardUpTo < frameStart {
            // The room was quiet and is heard again, from a little before. The utterance goes on:
            // on both sides of the spell lies the room's own quiet, which no keyphrase spans.
            start = max(heardUpTo, frameStart - quietRoomGate.prerollSamples, recentAudio.firstSample)
            heardToStream.append((samplesHeard, start - samplesHeard))
            // A keyphrase lasts far less than the recent audio kept: older entries place nothing.
            while heardToStream.count > 1, heardToStream[1].heard <= samplesHeard - recentAudio.capacity {
                heardToStream.removeFirst()
            }
        }
        let samples = converter.int16Samples(start == frameStart ? frame : recentAudio.samples(from: start), startingAt: start)
        // A stream's first sound sets the mean (the quiet heard again before a loud frame does not).
        if start == frameStart && quietRoomGate.lastFrameWasLoud {
            try decoder.process(samples, learningInto: &streamStartMean)
        } else {
            try decoder.process(samples)
        }
        samplesHeard += samples.count
        let hits = detectedHits()
        if !hits.isEmpty, !proposingCandidates || proposals >= Self.proposalsPerUtterance { try restart() }
        return hits
    }

    /// Candidates proposed before the utterance restarts on its own: a bound on the detections
    /// PocketSphinx lists (and this spotter reads) every frame.
    static let proposalsPerUtterance = 32
    /// How much later (in 10 ms frames) a detection must end to be proposed again: more than the
    /// three frames a phone lasts at the least in the acoustic model's three-state HMMs.
    static let proposalAdvanceFrames = 5
    /// Candidates proposed in the current utterance.
    private var proposals = 0

    /// Ends the PocketSphinx utterance and starts the next, which clears its detections. A
    /// spotter proposing candidates restarts on its own only after `proposalsPerUtterance` of
    /// them; otherwise its second stage says when (see `TwoStageHotwordDetector`).
    func restart() throws(HotwordDetectionError) {
        try decoder.startUtterance()
        proposedEndFrames.removeAll()
        proposals = 0
        utteranceStart = samplesSeen
    }

    /// The stream position of the decoder's heard sample `heard`.
    private func streamPosition(ofHeard heard: Int) -> Int {
        heard + (heardToStream.last { $0.heard <= heard } ?? heardToStream[0]).offset
    }

    package func reset() throws(HotwordDetectionError) {
        // A new stream also restarts PocketSphinx's frame count, on which hits are placed, and
        // its running cepstral mean (which carries over between utterances of one stream).
        try decoder.startStream(learningAfresh: &streamStartMean)
        try decoder.startUtterance()
        samplesSeen = 0
        recentAudio.removeAll()
        utteranceStart = 0
        quietRoomGate.reset()
        samplesHeard = 0
        heardToStream = [(0, 0)]
        proposedEndFrames.removeAll()
        proposals = 0
    }

    /// The keyphrases PocketSphinx reports in the current utterance, placed on the stream's count.
    private func detectedHits() -> [HotwordHit] {
        // The keyword search's text hypothesis holds detections ending strictly before its
        // reporting delay, its segments also one ending exactly there: the text decides, so that
        // such a detection is proposed a frame later, once settled.
        guard decoder.hasHypothesis else { return [] }
        let detections = decoder.hypothesisWords()
        let logBase = decoder.logBase
        var hits: [HotwordHit] = []
        for detection in detections {
            if let end = proposedEndFrames[detection.entry], detection.endFrame < end + Self.proposalAdvanceFrames { continue }
            proposedEndFrames[detection.entry] = detection.endFrame
            proposals += 1
            guard let keyphrase = lexicon.keyphrase(ofEntry: detection.entry) else { continue }
            // With several keyphrases searched, PocketSphinx 5prealpha's keyword search at times
            // reports a hit whose start lies after its end, when it comes soon after an utterance
            // restart (with `Decoder`'s frame count, twice in the 80 single devdata
            // "jarvis" recordings with "computer" and "jarvis" searched at 0.9). The
            // keyphrase is then placed where it ends by the time it is reported, at 0.1 s a
            // phone, but never before the utterance began: the audio before the restart (often
            // the keyword just heard) is not part of this detection.
            let span: Range<Int>
            if detection.startFrame <= detection.endFrame {
                span = streamPosition(ofHeard: detection.startFrame * Self.samplesPerFrame)..<streamPosition(ofHeard: (detection.endFrame + 1) * Self.samplesPerFrame)
            } else {
                let phones = threshold(of: keyphrase)?.phoneCount ?? 1
                span = max(utteranceStart, samplesSeen - phones * Self.samplesPerFrame * 10)..<samplesSeen
            }
            let hit = HotwordHit(keyword: keyphrase, startSample: span.lowerBound, endSample: span.upperBound,
                                 detectionSample: samplesSeen,
                                 score: Self.log10Ratio(detection.probability, logBase: logBase))
            // Two pronunciations of one keyphrase can clear their threshold at once: one hit.
            if let same = hits.firstIndex(where: { $0.keyword == hit.keyword }) {
                if hit.score > hits[same].score { hits[same] = hit }
            } else {
                hits.append(hit)
            }
        }
        // "hey google" said, "ok google" can clear its own threshold in the same frame.
        return hits.sorted { margin($0) > margin($1) }
    }

    /// How far a hit's score clears its keyphrase's threshold.
    private func margin(_ hit: HotwordHit) -> Double {
        hit.score - (threshold(of: hit.keyword)?.log10Threshold ?? 0)
    }

    /// The threshold of one of the keyphrases listened for.
    func threshold(of keyphrase: String) -> KeywordThreshold? {
        thresholds.first { $0.keyphrase == keyphrase }
    }

    /// PocketSphinx (5prealpha) reports a detection's keyword-versus-phone-loop score less a
    /// constant of 1500, in the decoder's log base shifted down by its 10-bit senone-score
    /// shift; this gives log10 of the likelihood ratio, the scale the threshold is set on.
    private static func log10Ratio(_ score: Int32, logBase: Double) -> Double {
        let reportedOffset = 1500.0
        return (Double(score) + reportedOffset) * 1024 * log10(logBase)
    }

    private static func makeDecoder(acousticModel: String, lexicon: PronunciationLexicon,
                                    thresholds: [KeywordThreshold], candidates: Bool) throws(HotwordDetectionError) -> Decoder<HotwordDetectionError> {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("susi-listen-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dictionaryPath = folder.appendingPathComponent("keywords.dict").path
        let keyphrasePath = folder.appendingPathComponent("keyphrases.kws").path
        let keyphraseText = thresholds.flatMap { threshold in
            let text = KeywordThreshold.text(log10: candidates ? threshold.log10CandidateThreshold : threshold.log10Threshold)
            return lexicon.keyphrasePronunciations(of: threshold.keyphrase).map { "\($0.entry) /\(text)/" }
        }.joined(separator: "\n") + "\n"
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try lexicon.dictionaryText.write(toFile: dictionaryPath, atomically: true, encoding: .utf8)
            try keyphraseText.write(toFile: keyphrasePath, atomically: true, encoding: .utf8)
        } catch {
            throw .decoderFailure("could not write its keyphrase files in \(folder.path): \(FileSystemFailure.reason(error))")
        }
        do {
            return try Decoder(arguments: ["-hmm", acousticModel, "-dict", dictionaryPath, "-kws", keyphrasePath])
        } catch .rejectedArguments(let arguments) {
            throw .decoderFailure("rejected the arguments \(arguments)")
        } catch {
            throw .decoderFailure("could not load the acoustic model from \(acousticModel)")
        }
    }
}
