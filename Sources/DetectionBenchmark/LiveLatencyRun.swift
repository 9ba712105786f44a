import AudioCapture
import AudioInput
import Dispatch
import HotwordDetection
import KeywordLabels
import Pipeline
import TextFormatting

/// Latency through the live path: labelled audio is played into a real ALSA capture device
/// in real time, so capture buffering counts, and each hit's latency is measured on the wall
/// clock from the moment the keyword's last sample was handed to ALSA.
package struct LiveLatencyRun {
    /// What was measured.
    package struct Report: Sendable {
        /// Stream-time scoring (detection sample against label end), as `bench` reports it.
        package var score: DetectionScore
        /// Wall-clock latencies (seconds) from the keyword's end being written to the hit, sorted.
        package var wallLatencies: [Double]
        /// Seconds of audio played.
        package var audioSeconds: Double
        /// The capture device's period, in frames.
        package var periodFrames: Int

        /// The wall-clock latency at `fraction` (0...1) of the sorted latencies; nil with no hit.
        package func wallLatency(quantile fraction: Double) -> Double? {
            DetectionScore.quantile(fraction, ofSorted: wallLatencies)
        }

        /// The report for a person.
        package var text: String {
            func ms(_ value: Double?) -> String { value.map { String(printf: "%.0f ms", $0 * 1000) } ?? "-" }
            return """
                live: \(String(printf: "%.1f", audioSeconds)) s of audio played in real time through ALSA capture (period \(periodFrames) frames)
                hits \(score.hits)/\(score.labels), false alarms \(score.falseAlarmsInPositives)
                latency from keyword end, wall clock: p50 \(ms(wallLatency(quantile: 0.5))), p95 \(ms(wallLatency(quantile: 0.95))), max \(ms(wallLatencies.last))
                latency from keyword end, stream time: p50 \(ms(score.latency(quantile: 0.5))), p95 \(ms(score.latency(quantile: 0.95))), max \(ms(score.latencies.last))
                """
        }
    }

    /// Labelled keywords; the files labelled with ``keyword`` are played, in order of first appearance.
    package var labels: [KeywordLabel]
    /// The keyphrase measured.
    package var keyword: String
    /// The detector's configuration, its keyword and sensitivity included.
    package var spotter: KeywordSpotterConfiguration

    /// A run of the files labelled with `keyword` through a detector set up from `spotter`.
    package init(labels: [KeywordLabel], keyword: String, spotter: KeywordSpotterConfiguration) {
        self.labels = labels
        self.keyword = keyword
        self.spotter = spotter
    }

    /// Plays the audio in real time (as long as it lasts) and scores the hits.
    package func run() throws -> Report {
        var source: [Float] = []
        var placements: [String: (start: Double, duration: Double)] = [:]
        for file in labels.filter({ $0.keyword == keyword }).map(\.file) where placements[file] == nil {
            let samples = try AudioFileReader(path: file).remainingSamples()
            placements[file] = (Double(source.count) / Double(pipelineSampleRate), Double(samples.count) / Double(pipelineSampleRate))
            source += samples
        }
        let streamLabels = try KeywordLabel.placed(labels, keyword: keyword, on: placements)
        guard !source.isEmpty else { throw BenchmarkError.nothingToMeasure("no labelled audio for \"\(keyword)\"") }
        let detector = try HotwordDetectorFactory.detector(configuration: spotter)
        let stream = ListeningStream(detector: detector)
        let feed = try FIFOCaptureFeed()
        feed.startWriting(source, totalSamples: source.count, paced: true)
        let device = try feed.openDevice()
        var detections: [(time: Double, wall: UInt64)] = []
        while stream.samples < source.count {
            let events = try stream.process(try device.readFrame())
            let now = DispatchTime.now().uptimeNanoseconds
            for case .hotword(let hit) in events { detections.append((hit.time, now)) }
        }
        let score = DetectionScore(detections: detections.map(\.time), labels: streamLabels)
        // The same pairing as the score's, so that each wall-clock latency is its hit's.
        let hit = DetectionScore.labelsHit(by: detections.map(\.time), labels: streamLabels)
        let wall = zip(detections, hit).compactMap { detection, index -> Double? in
            guard let index, let written = feed.writeTime(ofSample: Int(streamLabels[index].end * Double(pipelineSampleRate))) else { return nil }
            return Double(Int64(detection.wall) - Int64(written)) / 1e9
        }
        return Report(score: score, wallLatencies: wall.sorted(), audioSeconds: Double(source.count) / Double(pipelineSampleRate),
                      periodFrames: device.hardwareFormat.periodFrames)
    }
}
