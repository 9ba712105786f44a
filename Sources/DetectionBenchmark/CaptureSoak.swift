import AudioCapture
import AudioInput
import HotwordDetection
import Pipeline
import TextFormatting

/// Pushes a long stretch of audio through the real capture path (ALSA `file` PCM over a FIFO,
/// the capture code, the keyword spotter) faster than real time, and reports memory and CPU.
package struct CaptureSoak {
    /// What a soak measured.
    package struct Report: Sendable {
        /// Seconds of audio pushed through.
        package var audioSeconds: Double
        /// CPU seconds of the thread that reads the device and detects (the feed's writer, which
        /// a microphone does not need, is left out).
        package var cpuSeconds: Double
        /// Keywords detected.
        package var hits: Int
        /// Resident memory once the device and spotter were running, and at the end.
        package var residentBytesAtStart: Int?
        package var residentBytesAtEnd: Int?
        /// Capture overruns (audio lost because it was not read in time).
        package var overruns: Int
        /// The looped source audio, held in memory for the feed: part of every RSS figure.
        package var sourceBytes: Int

        /// CPU seconds per second of audio.
        package var cpuPerAudioSecond: Double { audioSeconds > 0 ? cpuSeconds / audioSeconds : 0 }

        /// The report for a person.
        package var text: String {
            func megabytes(_ bytes: Int?) -> String { bytes.map { String(printf: "%.1f MB", Double($0) / 1_048_576) } ?? "unknown" }
            let growth = residentBytesAtStart.flatMap { start in residentBytesAtEnd.map { String(printf: "%+.2f MB", Double($0 - start) / 1_048_576) } } ?? "unknown"
            return """
                soak: \(String(printf: "%.0f", audioSeconds)) s of audio through ALSA capture and hotword detection
                CPU \(String(printf: "%.1f", cpuSeconds)) s: \(String(printf: "%.4f", cpuPerAudioSecond)) s per second of audio (\(String(printf: "%.2f", cpuPerAudioSecond * 100)) % of one core in real time)
                RSS at start \(megabytes(residentBytesAtStart)), at end \(megabytes(residentBytesAtEnd)), growth \(growth) (of it, \(megabytes(sourceBytes)) is the looped audio held in memory for the feed)
                hits \(hits), overruns \(overruns)
                """
        }
    }

    /// How long a soak may be, in seconds: from a minute (the memory is measured after the first)
    /// to 30 days (far longer ones would overflow the sample count).
    package static let secondsRange = 60.0...2_592_000.0

    /// Looped source audio (16 kHz mono) and how much of it to push.
    package var source: [Float]
    package var seconds: Double
    /// The detector's configuration.
    package var spotter: KeywordSpotterConfiguration

    /// A soak of `seconds` of `source`, looped, through a detector set up from `spotter`.
    package init(source: [Float], seconds: Double, spotter: KeywordSpotterConfiguration) {
        self.source = source
        self.seconds = seconds
        self.spotter = spotter
    }

    /// Runs the soak; `progress` gets a line every ten minutes of audio. Raising `stop` ends it
    /// early, with the report of the audio pushed so far.
    package func run(stop: StopSignal = StopSignal(), progress: (String) -> Void = { _ in }) throws -> Report {
        precondition(Self.secondsRange.contains(seconds), "soak seconds outside \(Self.secondsRange)")
        let detector = try HotwordDetectorFactory.detector(configuration: spotter)
        let feed = try FIFOCaptureFeed()
        let totalSamples = Int(seconds * Double(pipelineSampleRate))
        feed.startWriting(source, totalSamples: totalSamples, paced: false)
        let device = try feed.openDevice()
        let stream = ListeningStream(detector: detector, source: .device(FIFOCaptureFeed.deviceName))
        let startCPU = CPUClock.threadSeconds()
        var report = Report(audioSeconds: 0, cpuSeconds: 0, hits: 0, residentBytesAtStart: nil, residentBytesAtEnd: nil, overruns: 0,
                            sourceBytes: source.count * MemoryLayout<Float>.stride)
        var nextProgress = 600.0
        while stream.samples < totalSamples, !stop.isRaised {
            for event in try stream.process(try device.readFrame()) {
                if case .hotword = event { report.hits += 1 }
            }
            // Measured after the first minute, once buffers and the decoder have settled.
            if report.residentBytesAtStart == nil, stream.seconds >= 60 { report.residentBytesAtStart = MemoryUsage.residentBytes() }
            if stream.seconds >= nextProgress {
                progress("soak: \(Int(stream.seconds)) s, RSS \(MemoryUsage.residentBytes().map { String(printf: "%.1f MB", Double($0) / 1_048_576) } ?? "?")")
                nextProgress += 600
            }
        }
        report.audioSeconds = stream.seconds
        report.cpuSeconds = CPUClock.threadSeconds() - startCPU
        report.residentBytesAtEnd = MemoryUsage.residentBytes()
        report.overruns = device.statistics.overrunsRecovered
        // The feed, and with it the FIFO's folder, lasts until the reading is done, then goes.
        withExtendedLifetime(feed) {}
        return report
    }
}
