import ArgumentParser
import AudioCapture
import AudioInput
import DetectionBenchmark
import FoundationEssentials
import HotwordDetection
import KeywordLabels
import Pipeline

/// `susi-listen bench`: detection accuracy, latency and cost on labelled audio.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure hits, misses, false alarms per hour, latency and CPU on labelled audio.",
        discussion: """
            Positives are labelled keywords (tab-separated, header with keyword, start_s, end_s and file), \
            or recordings that each hold the keyword said once (your own voice: --recordings). Their files \
            are played as one continuous stream, as a microphone would deliver them, and so are the \
            negatives. A detection counts as a hit when it falls between a label's start and 1.5 s after \
            its end (in a recording: anywhere in it, or within 1.5 s after it); every other detection is a \
            false alarm. Each keyword and sensitivity runs on its own spotter; runs share the processor \
            cores. After the figures come the thresholds and phone edits each sensitivity maps to (the \
            calibration). The configuration file's hotword settings apply (its keywords only where no \
            labels name them), under the flags given; its sensitivity does not: bench sweeps its own. \
            With --detections, no detector runs: detections made elsewhere (another engine's, or an \
            earlier detect --json run's) are scored against the same labels and negatives by the same \
            rules.
            """)

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Labels: LABELS.tsv (rows name their files, relative to it) or AUDIO=LABELS.tsv (all rows belong to AUDIO). Several may follow one flag, and the flag may be repeated.", valueName: "spec"))
    var positives: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Audio files or folders of recordings that each hold the keyword said once, with no labels: --keyword's, else the configuration's (one keyword). No latency is measured on them.", valueName: "path"))
    var recordings: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Audio files or folders with no keyword, for false alarms per hour.", valueName: "path"))
    var negatives: [String] = []

    @Option(name: .long, help: ArgumentHelp("Keyphrase to measure; repeatable (default: every keyword in the labels; without labels, the configuration's keywords).", valueName: "keyphrase"))
    var keyword: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Score detections made elsewhere instead of running the detector: files of JSON lines, each hotword line naming its audio file (as the labels or --negatives name it, relative to the working folder), keyword and time (seconds from the file's start), as detect --file … --json writes them. Each file is one setting, a row per keyword.", valueName: "file"))
    var detections: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Sensitivities to sweep (default: 0.1 0.3 0.5 0.7 0.9; with --live, 0.5).", valueName: "s"))
    var sensitivity: [Double] = []

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("False alarms per hour an operating point must meet (default: 1).", valueName: "rate"))
    var targetFaPerHour: Double?

    @Flag(name: .long, help: "Start every file as a fresh stream instead of one continuous stream.")
    var perFile = false

    @Flag(name: .long, help: "Also score the first half of each keyword's labels and of each negative file apart from the rest, and report the sensitivity chosen on the first half with its figures on the second (tune on one half, report the other).")
    var halves = false

    @Option(name: .long, help: ArgumentHelp("Write an SVG plot of miss rate against false alarms per hour here.", valueName: "file.svg"))
    var plot: String?

    @Flag(name: .long, help: "Print the result as one JSON object instead of a table.")
    var json = false

    @Flag(name: .long, help: "Play the positives in real time through a file-backed ALSA capture device and measure latency on the wall clock (capture buffering included), at one sensitivity.")
    var live = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Audio gain (default: the configuration's, else 1.0).", valueName: "g"))
    var gain: Double?

    @OptionGroup var userPronunciations: PronunciationOptions

    @OptionGroup var models: ModelOptions

    @OptionGroup var decisionOptions: DecisionOptions

    @OptionGroup var configurationFile: ConfigurationOptions

    func validate() throws {
        if positives.isEmpty && recordings.isEmpty && negatives.isEmpty {
            throw ValidationError("give labelled audio with --positives, recordings of the keyword with --recordings, and/or negatives with --negatives")
        }
        if !recordings.isEmpty && keyword.count > 1 {
            throw ValidationError("--recordings hold one keyword each: give one --keyword, not \(keyword.count)")
        }
        var measured = spotterSettings
        measured.add(.keywords, keyword)
        try measured.validate()
        // The sensitivities are a sweep, each run for every keyword: each is checked on its own,
        // not matched one per keyphrase as `--sensitivity` of `detect` is.
        if let twice = sensitivities.first(where: { value in sensitivities.filter { $0 == value }.count > 1 }) {
            throw ValidationError("--sensitivity: \(twice) is given twice; each sensitivity is measured once")
        }
        for value in sensitivities {
            var swept = CommandLineSettings()
            swept.add(.sensitivity, value)
            try swept.validate()
        }
        if let targetFaPerHour, !(targetFaPerHour.isFinite && targetFaPerHour >= 0) {
            throw ValidationError("--target-fa-per-hour must be a finite number, 0 or more")
        }
        if let plot {
            // Found out before the benchmark runs, not after it.
            var isFolder = false
            let folder = URL(fileURLWithPath: plot).deletingLastPathComponent().path
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder else {
                throw ValidationError("--plot: no folder \(folder) to write \(plot) in")
            }
        }
        if live { try validateLive() }
        if !detections.isEmpty { try validateDetections() }
    }

    /// `--detections` runs no detector, so the options that set one up would be silently unused.
    private func validateDetections() throws {
        let given = [("--sensitivity", !sensitivity.isEmpty), ("--live", live), ("--per-file", perFile), ("--config", configurationFile.config != nil)]
            .filter(\.1).map(\.0) + spotterSettings.flagNames
        if let option = given.first {
            throw ValidationError("--detections scores detections made elsewhere, and runs no detector: \(option) does not apply")
        }
    }

    /// `--live` plays the positives at one sensitivity and prints its own report; it would
    /// silently ignore the options of the table.
    private func validateLive() throws {
        if positives.isEmpty { throw ValidationError("--live plays the positives: give --positives") }
        if !recordings.isEmpty { throw ValidationError("--live times each keyword from its label's end, which recordings do not give: leave out --recordings") }
        let given: [(option: String, isGiven: Bool)] = [("--negatives", !negatives.isEmpty), ("--json", json),
                                                        ("--plot", plot != nil), ("--per-file", perFile), ("--halves", halves),
                                                        ("--target-fa-per-hour", targetFaPerHour != nil)]
        if let option = given.first(where: \.isGiven)?.option { throw ValidationError("--live does not use \(option)") }
        if sensitivities.count != 1 {
            throw ValidationError("--live measures at one sensitivity: give one --sensitivity, not \(sensitivities.count)")
        }
    }

    /// The settings of every spotter measured, but its keyword and sensitivity.
    private var spotterSettings: CommandLineSettings {
        var given = CommandLineSettings()
        given.add(userPronunciations.settings)
        given.add(.gain, gain)
        given.add(models.settings)
        given.add(decisionOptions.settings)
        return given
    }

    /// The sensitivities given, or the default sweep (the default sensitivity alone with `--live`).
    private var sensitivities: [Double] {
        guard sensitivity.isEmpty else { return sensitivity }
        return live ? [KeywordSetting.defaultSensitivity] : [0.1, 0.3, 0.5, 0.7, 0.9]
    }

    /// Refuses negatives that would count twice or count keywords as false alarms: a file
    /// given twice (its halves would be split wrong too), or one with labelled keywords.
    private static func checkNegatives(_ files: [String], labels: [KeywordLabel]) throws(BenchmarkError) {
        let seen = try realPaths(of: files, givenAs: "negatives")
        if let label = labels.first(where: { seen.contains(realPath($0.file)) }) {
            throw .nothingToMeasure("\(label.file): labelled with keywords (\(label.origin)), so not negatives: its false alarms are counted between its labels")
        }
    }

    /// The real paths of `files`; a file given twice (as `kind`) is refused, since it would count twice.
    private static func realPaths(of files: [String], givenAs kind: String) throws(BenchmarkError) -> Set<String> {
        var seen = Set<String>()
        if let twice = files.first(where: { !seen.insert(realPath($0)).inserted }) {
            throw .nothingToMeasure("\(twice): given twice as \(kind)")
        }
        return seen
    }

    /// The recordings found in `recordings`, each labelled whole with `keyword`; a file given
    /// twice, or one the labels of `--positives` name, is refused.
    private func recordingLabels(of keyword: String, besides labels: [KeywordLabel]) throws -> [KeywordLabel] {
        var files: [String] = []
        for entry in AudioFileDiscovery.audioFiles(in: recordings) {
            files.append(try entry.get())
        }
        let seen = try Self.realPaths(of: files, givenAs: "recordings")
        if let label = labels.first(where: { seen.contains(realPath($0.file)) }) {
            throw BenchmarkError.nothingToMeasure("\(label.file): labelled (\(label.origin)) and given as a recording")
        }
        return files.map { KeywordLabel(recording: $0, keyword: keyword) }
    }

    /// The keyword the recordings hold: `--keyword`, else the one keyphrase `measurable` holds
    /// (the configuration's, or with `--detections` the one detected).
    private func recordedKeyword(measurable: [String]) throws -> String {
        if let given = keyword.first { return given.lowercased() }
        guard measurable.count == 1 else {
            let source = detections.isEmpty ? "the configuration has" : "the detections are of"
            StandardError.write("susi-listen bench: --recordings hold one keyword each, and \(source) \(measurable.count): give one --keyword")
            throw ExitStatus.badArguments.exitCode
        }
        return measurable[0]
    }

    /// `recorded` with each detection's audio file spelt as `plan` spells the same file (the
    /// same real path), so that "TestAudio/x.wav" and "./TestAudio/x.wav" are one file; a file
    /// the plan does not hold keeps its spelling, and scoring leaves it out.
    private static func spelledAsIn(_ plan: BenchmarkPlan, _ recorded: RecordedDetections) -> RecordedDetections {
        var spelling: [String: String] = [:]
        for file in plan.labels.map(\.file) + plan.negatives { spelling[realPath(file)] = file }
        var respelt = recorded
        for index in respelt.detections.indices {
            respelt.detections[index].audioFile = spelling[realPath(respelt.detections[index].audioFile)] ?? respelt.detections[index].audioFile
        }
        return respelt
    }

    func run() throws {
        // Detections made elsewhere were made with settings of their own: no configuration applies.
        var settings = detections.isEmpty ? try configurationFile.loadForMeasuring(by: "bench") : Configuration()
        do {
            let recorded = try detections.map { path throws(BenchmarkError) in try RecordedDetections(path: path) }
            // Without --keyword or labels, the keywords detected elsewhere are those measured.
            var detected = Set<String>()
            let detectedKeywords = recorded.flatMap(\.detections).map(\.keyword).filter { detected.insert($0).inserted }
            let measurable = detections.isEmpty ? settings.keywords.map(\.keyphrase) : detectedKeywords
            var labels = try LabelFile.read(specs: positives)
            if !recordings.isEmpty {
                labels += try recordingLabels(of: try recordedKeyword(measurable: measurable), besides: labels)
            }
            var negativeFiles: [String] = []
            for entry in AudioFileDiscovery.audioFiles(in: negatives) {
                negativeFiles.append(try entry.get())
            }
            try Self.checkNegatives(negativeFiles, labels: labels)
            var labelled = Set<String>()
            // Without --keyword: the keywords labelled; for negatives alone, the configuration's (with --detections, those detected).
            let keywords = !keyword.isEmpty ? keyword.map { $0.lowercased() }
                : positives.isEmpty && recordings.isEmpty ? measurable
                : labels.map(\.keyword).filter { labelled.insert($0).inserted }
            // A keyword misspelt, or labelled otherwise, would be measured on the negatives alone.
            if !labels.isEmpty, let unlabelled = keywords.first(where: { keyword in !labels.contains { $0.keyword == keyword } }) {
                let named = Set(labels.map(\.keyword)).sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                throw BenchmarkError.nothingToMeasure("no labelled audio for \"\(unlabelled)\" in the positives (their keywords: \(named))")
            }
            try spotterSettings.merge(into: &settings)
            ModelsFolder.useProjectModels(in: &settings.modelFiles, decision: settings.decision)
            var spotter = settings.spotterConfiguration
            spotter.keywords = []
            let plan = BenchmarkPlan(labels: labels, negatives: negativeFiles, keywords: keywords, sensitivities: sensitivities,
                                     resetBetweenFiles: perFile, spotter: spotter, targetFalseAlarmsPerHour: targetFaPerHour ?? 1,
                                     splitsHalves: halves)
            if live {
                for keyword in keywords {
                    var configuration = spotter
                    configuration.keywords = [KeywordSetting(keyphrase: keyword, sensitivity: sensitivities[0])]
                    StandardError.write("bench: playing the \(keyword) positives in real time")
                    try StandardOutput.writeReport("\(keyword) at sensitivity \(sensitivities[0]):")
                    try StandardOutput.writeReport(try LiveLatencyRun(labels: labels, keyword: keyword, spotter: configuration).run().text)
                }
                return
            }
            let result = recorded.isEmpty ? try BenchmarkRunner.run(plan) { StandardError.write($0) }
                : try BenchmarkRunner.score(plan, detections: recorded.map { Self.spelledAsIn(plan, $0) }) { StandardError.write($0) }
            try StandardOutput.writeReport(json ? result.json.text : result.table)
            if let plot {
                if let failure = DescriptorWriter.write(DetectionCurvePlot(result: result).svg, toFile: plot) {
                    StandardError.write("susi-listen bench: cannot write the plot to \(plot) (\(failure))")
                    throw ExitStatus.outputFailed.exitCode
                }
                StandardError.write("bench: plot written to \(plot)")
            }
        } catch where error is BenchmarkError || error is LabelFileError || error is AudioInputError || error is CaptureError || error is HotwordDetectionError {
            // Models or keywords that cannot be set up: 2 (64 beyond the keyphrase limits);
            // bad labels, audio or capture device: 1.
            StandardError.write("susi-listen bench: \(error)")
            switch error {
            case let error as HotwordDetectionError, BenchmarkError.detector(let error):
                throw ExitStatus.detectionNotSetUp(error).exitCode
            default:
                throw ExitStatus.unreadableInput.exitCode
            }
        }
    }
}
