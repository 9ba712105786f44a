import AudioInput
import Dispatch
import FoundationEssentials
import HotwordDetection
import KeywordLabels
import Pipeline
import TextFormatting
import Threading

/// Runs a `BenchmarkPlan`: one spotter per keyword and sensitivity, each on its own thread.
package enum BenchmarkRunner {
    /// Every row of the plan, sorted by keyword and sensitivity. `progress` is called from
    /// worker threads with a line for a person.
    package static func run(_ plan: BenchmarkPlan, progress: @Sendable (String) -> Void = { _ in }) throws(BenchmarkError) -> BenchmarkResult {
        try checkKeywords(of: plan)
        guard !plan.sensitivities.isEmpty else { throw .nothingToMeasure("no sensitivity to measure") }
        // A keyword that cannot be set up (a word without a pronunciation) is found out before
        // any audio is heard, not after the other keywords' runs.
        for keyword in plan.keywords {
            var configuration = plan.spotter
            configuration.keywords = [KeywordSetting(keyphrase: keyword, sensitivity: plan.sensitivities[0])]
            do {
                _ = try HotwordDetectorFactory.detector(configuration: configuration)
            } catch {
                throw .detector(error)
            }
        }
        _ = try checkFiles(of: plan, warn: progress)
        let jobs = plan.keywords.flatMap { keyword in plan.sensitivities.map { (keyword, $0) } }
        let results = ResultSlots(count: jobs.count)
        let wallStart = DispatchTime.now()
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let (keyword, sensitivity) = jobs[index]
            // Once one run has failed, the benchmark fails: the others stop at their next frame.
            let result = Result { () throws(BenchmarkError) -> BenchmarkRow in
                try measure(plan, keyword: keyword, sensitivity: sensitivity, shouldStop: results.hasFailure)
            }
            let finished = results.store(index, result)
            let outcome = switch result {
            case .success: "done"
            case .failure(.stopped): "stopped (another run failed)"
            case .failure: "failed"
            }
            progress("bench: \(keyword) at sensitivity \(sensitivity) \(outcome) (\(finished)/\(jobs.count))")
        }
        let rows = try results.values().sorted { ($0.keyword, $0.setting) < ($1.keyword, $1.setting) }
        let wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - wallStart.uptimeNanoseconds) / 1e9
        // `concurrentPerform` runs as many iterations at once as there are cores.
        return BenchmarkResult(rows: rows, targetFalseAlarmsPerHour: plan.targetFalseAlarmsPerHour,
                               peakResidentBytes: MemoryUsage.peakResidentBytes(),
                               concurrentRuns: min(jobs.count, ProcessInfo.processInfo.activeProcessorCount), wallSeconds: wallSeconds,
                               decision: plan.spotter.decision, recogniserVocabulary: plan.spotter.recogniserVocabulary)
    }

    /// Scores detections made elsewhere (`bench --detections`) against the plan's labels and
    /// negatives as the detector's own hits are scored: one row per keyword and file of
    /// detections, the files' positions placed on one stream of the positives and one of the
    /// negatives. The detections name the plan's files as the plan spells them; those in files
    /// the plan does not hold (a run over more files than are measured) are left out, with a
    /// line to `warn` saying so. One past its file's end is an error, and so is a file of
    /// detections none of which is of a keyword measured.
    package static func score(_ plan: BenchmarkPlan, detections sources: [RecordedDetections],
                              warn: (String) -> Void = { _ in }) throws(BenchmarkError) -> BenchmarkResult {
        try checkKeywords(of: plan)
        let wallStart = DispatchTime.now()
        var lengths = try checkFiles(of: plan, warn: warn)
        for (file, length) in lengths where length == .infinity {
            lengths[file] = try decodedLength(of: file)
        }
        var rows: [BenchmarkRow] = []
        for (index, whole) in sources.enumerated() {
            var source = whole
            source.detections = whole.detections.filter { lengths[$0.audioFile] != nil }
            if let first = whole.detections.first(where: { lengths[$0.audioFile] == nil }) {
                let count = whole.detections.count - source.detections.count
                warn("bench: warning: \(count) detection\(count == 1 ? "" : "s") of \(whole.path) lie in files neither labelled nor among the negatives, left out (the first: \(first.audioFile), \(first.origin))")
            }
            for detection in source.detections {
                guard let length = lengths[detection.audioFile] else { continue }
                // A detection is reported at the end of the frame that completed it, which may
                // run a frame past the file's last sample.
                if detection.time > length + 0.1 {
                    throw .detections("\(detection.origin): time \(detection.time) s is past the end of \(detection.audioFile) (\(String(printf: "%.3f", length)) s)")
                }
            }
            let named = Set(source.detections.map(\.keyword))
            if !named.isEmpty && named.isDisjoint(with: plan.keywords) {
                throw .detections("\(source.path): its detections are of \(Self.quoted(named.sorted())), none of the keywords measured (\(Self.quoted(plan.keywords)))")
            }
            for keyword in plan.keywords {
                rows.append(try row(of: keyword, in: source, numbered: index + 1, plan: plan, lengths: lengths))
            }
        }
        let wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - wallStart.uptimeNanoseconds) / 1e9
        return BenchmarkResult(rows: rows.sorted { ($0.keyword, $0.setting) < ($1.keyword, $1.setting) },
                               targetFalseAlarmsPerHour: plan.targetFalseAlarmsPerHour, peakResidentBytes: nil,
                               wallSeconds: wallSeconds, decision: nil, recogniserVocabulary: nil)
    }

    /// The row of `keyword` for the detections of `source`, the `number`-th file of them.
    private static func row(of keyword: String, in source: RecordedDetections, numbered number: Int, plan: BenchmarkPlan,
                            lengths: [String: Double]) throws(BenchmarkError) -> BenchmarkRow {
        let ofKeyword = source.detections.filter { $0.keyword == keyword }
        func times(on stream: [String: (start: Double, duration: Double)]) -> [Double] {
            ofKeyword.compactMap { detection in stream[detection.audioFile].map { $0.start + detection.time } }
        }
        let positives = placed(plan.positiveFiles(for: keyword), lengths: lengths)
        let detections = times(on: positives)
        let streamLabels = try KeywordLabel.placed(plan.labels, keyword: keyword, on: positives)
        let labelsEndWithTheKeyword = plan.labelsEndWithTheKeyword(keyword)
        let score = DetectionScore(detections: detections, labels: streamLabels, labelsEndWithTheKeyword: labelsEndWithTheKeyword)
        let negatives = placed(plan.negatives, lengths: lengths)
        let negativeDetections = plan.negatives.isEmpty ? nil : times(on: negatives)
        var row = BenchmarkRow(keyword: keyword, setting: .detections(file: source.path, index: number), score: score,
                               negativeFalseAlarms: negativeDetections?.count,
                               negativeHours: plan.negatives.isEmpty ? nil : negatives.values.map(\.duration).reduce(0, +) / 3600,
                               realTimeFactor: nil)
        if plan.splitsHalves {
            row.halves = RunHalves(labels: streamLabels, negativeFiles: Array(negatives.values), labelsEndWithTheKeyword: labelsEndWithTheKeyword)
                .rows(of: row, detections: detections, negativeDetections: negativeDetections)
        }
        return row
    }

    /// Where each of `files` lies on one stream of them played in order, by their `lengths`.
    private static func placed(_ files: [String], lengths: [String: Double]) -> [String: (start: Double, duration: Double)] {
        var stream: [String: (start: Double, duration: Double)] = [:]
        var start = 0.0
        for file in files {
            let duration = lengths[file] ?? 0
            stream[file] = (start, duration)
            start += duration
        }
        return stream
    }

    /// The length of `file` in seconds, read through: for a file whose header does not say.
    private static func decodedLength(of file: String) throws(BenchmarkError) -> Double {
        do {
            let reader = try AudioFileReader(path: file)
            var samples = 0
            while let frame = try reader.nextFrame() { samples += frame.count }
            return Double(samples) / Double(pipelineSampleRate)
        } catch {
            throw .audio(String(describing: error))
        }
    }

    /// `"a", "b"`.
    private static func quoted(_ words: [String]) -> String {
        words.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    /// Refuses a plan with no keyword, or a keyword with neither labelled audio nor negatives.
    private static func checkKeywords(of plan: BenchmarkPlan) throws(BenchmarkError) {
        // Keywords come from the labels unless given, so none at all means the labels were empty.
        guard !plan.keywords.isEmpty else {
            throw .nothingToMeasure(plan.labels.isEmpty ? "the labels hold no rows" : "no keyword to measure")
        }
        for keyword in plan.keywords where plan.positiveFiles(for: keyword).isEmpty && plan.negatives.isEmpty {
            throw .nothingToMeasure("no labelled audio and no negatives for \"\(keyword)\"")
        }
    }

    /// The longest recording of the keyword (`bench --recordings`) measured without a warning,
    /// in seconds: a take of the keyword with what is said around it.
    package static let longestRecording = 30.0

    /// Opens every file of the plan and checks every label against its file's length before
    /// any audio is heard: a missing or unreadable file, or a label past its file's end, found
    /// when its run reached it would have cost every run's minutes until then. A recording of
    /// the keyword longer than `longestRecording` counts as one keyword whatever is said in it,
    /// which a line to `warn` says. Returns each file's length in seconds as its header gives it
    /// (infinity where it does not say).
    private static func checkFiles(of plan: BenchmarkPlan, warn: (String) -> Void) throws(BenchmarkError) -> [String: Double] {
        var lengths: [String: Double] = [:]
        for file in plan.labels.map(\.file) + plan.negatives where lengths[file] == nil {
            do {
                lengths[file] = try AudioFileReader(path: file).sourceFormat.durationSeconds ?? .infinity
            } catch {
                throw .audio(String(describing: error))
            }
        }
        for keyword in plan.keywords {
            _ = try KeywordLabel.placed(plan.labels, keyword: keyword, on: lengths.mapValues { (0, $0) })
        }
        for label in plan.labels where label.spansWholeFile {
            if let seconds = lengths[label.file], seconds.isFinite, seconds > longestRecording {
                warn("bench: warning: \(label.file) lasts \(Int(seconds)) s, and a recording counts as one \"\(label.keyword)\" said once, however long: label longer audio with --positives")
            }
        }
        return lengths
    }

    private static func measure(_ plan: BenchmarkPlan, keyword: String, sensitivity: Double,
                                shouldStop: () -> Bool) throws(BenchmarkError) -> BenchmarkRow {
        if shouldStop() { throw .stopped }
        var configuration = plan.spotter
        configuration.keywords = [KeywordSetting(keyphrase: keyword, sensitivity: sensitivity)]
        let spotter: any HotwordDetector
        do {
            spotter = try HotwordDetectorFactory.detector(configuration: configuration)
        } catch {
            throw .detector(error)
        }
        let files = plan.positiveFiles(for: keyword)
        let positive = try StreamRun.run(files: files, detector: spotter, resetBetweenFiles: plan.resetBetweenFiles, shouldStop: shouldStop)
        let streamLabels = try KeywordLabel.placed(plan.labels, keyword: keyword, on: positive.placements)
        let detections = positive.hits.map(\.time)
        let labelsEndWithTheKeyword = plan.labelsEndWithTheKeyword(keyword)
        let score = DetectionScore(detections: detections, labels: streamLabels, labelsEndWithTheKeyword: labelsEndWithTheKeyword)
        var negativeRun: StreamRun?
        if !plan.negatives.isEmpty {
            do { try spotter.reset() } catch { throw .audio(String(describing: error)) }
            negativeRun = try StreamRun.run(files: plan.negatives, detector: spotter, resetBetweenFiles: plan.resetBetweenFiles,
                                            shouldStop: shouldStop)
        }
        let cpu = positive.cpuSeconds + (negativeRun?.cpuSeconds ?? 0)
        let audio = positive.audioSeconds + (negativeRun?.audioSeconds ?? 0)
        var row = BenchmarkRow(keyword: keyword, setting: .sensitivity(sensitivity), score: score,
                               negativeFalseAlarms: negativeRun?.hits.count, negativeHours: negativeRun.map { $0.audioSeconds / 3600 },
                               realTimeFactor: audio > 0 ? cpu / audio : 0,
                               calibration: spotter.thresholds.first { $0.keyphrase == keyword },
                               causes: configuration.decision == .spotting ? nil : DetectionCauses(
                                   missedLabels: score.missedLabels, positiveCandidates: positive.candidates,
                                   negativeCandidates: negativeRun?.candidates))
        if plan.splitsHalves {
            row.halves = RunHalves(labels: streamLabels, negativeFiles: negativeRun.map { Array($0.placements.values) } ?? [],
                                   labelsEndWithTheKeyword: labelsEndWithTheKeyword)
                .rows(of: row, detections: detections, negativeDetections: negativeRun?.hits.map(\.time))
        }
        return row
    }
}

/// Results written by worker threads, one slot each, behind a lock.
private final class ResultSlots: @unchecked Sendable {
    private let lock = Lock()
    private var slots: [Result<BenchmarkRow, BenchmarkError>?]
    private var finished = 0
    private var failed = false

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Keeps `result` and returns how many slots are filled now.
    func store(_ index: Int, _ result: Result<BenchmarkRow, BenchmarkError>) -> Int {
        lock.withLock {
            slots[index] = result
            finished += 1
            if case .failure = result { failed = true }
            return finished
        }
    }

    /// Whether a run has failed.
    func hasFailure() -> Bool { lock.withLock { failed } }

    /// Every row; or the error of the first run that failed on its own (not one stopped because of it).
    func values() throws(BenchmarkError) -> [BenchmarkRow] {
        let results = lock.withLock { slots.compactMap { $0 } }
        var rows: [BenchmarkRow] = []
        var stopped = false
        for result in results {
            switch result {
            case .success(let row): rows.append(row)
            case .failure(.stopped): stopped = true
            case .failure(let error): throw error
            }
        }
        if stopped { throw .stopped }
        return rows
    }
}
