import AudioInput
import HotwordDetection

/// Runs hotword detection over audio files, one stream per file, reporting events as it goes.
///
/// A file that cannot be read is reported as an `error` event and the run goes on with the next.
public struct FileDetectionRun {
    /// Samples per frame handed to the detector (480 = 30 ms at 16 kHz).
    public var frameLength: Int
    /// Called with the file and the fraction of it done, now and then during long files.
    public var progress: ((String, Double) -> Void)?

    public init(frameLength: Int = 480, progress: ((String, Double) -> Void)? = nil) {
        self.frameLength = frameLength
        self.progress = progress
    }

    /// Expands folders, runs `detector` over every file (reset before each) and returns the totals.
    public func run(paths: [String], detector: HotwordDetector, report: (ListenEvent) -> Void) -> RunSummary {
        let stream = HotwordStream(detector: detector)
        var summary = RunSummary()
        let startCPU = CPUClock.processSeconds()
        for entry in AudioFileDiscovery.audioFiles(in: paths) {
            summary.files += 1
            switch entry {
            case .failure(let error):
                summary.failedFiles += 1
                report(.error(ErrorEvent(file: error.path, message: error.problem)))
            case .success(let path):
                do {
                    let outcome = try detect(in: path, stream: stream, report: report)
                    summary.audioSeconds += outcome.audioSeconds
                    summary.hits += outcome.hits
                } catch let error as AudioInputError {
                    summary.failedFiles += 1
                    report(.error(ErrorEvent(file: error.path ?? path, message: error.problem)))
                } catch {
                    summary.failedFiles += 1
                    report(.error(ErrorEvent(file: path, message: String(describing: error))))
                }
            }
        }
        summary.cpuSeconds = CPUClock.processSeconds() - startCPU
        summary.peakResidentBytes = MemoryUsage.peakResidentBytes()
        return summary
    }

    private func detect(in path: String, stream: HotwordStream,
                        report: (ListenEvent) -> Void) throws -> (audioSeconds: Double, hits: Int) {
        let reader = try AudioFileReader(path: path, frameLength: frameLength)
        try stream.restart(source: .file(path))
        let progressStep = 60.0
        var nextProgress = progressStep
        var hits = 0
        while let frame = try reader.nextFrame() {
            for event in try stream.process(frame) {
                if case .hotword = event { hits += 1 }
                report(event)
            }
            if stream.seconds >= nextProgress, let progress, let duration = reader.sourceFormat.durationSeconds, duration > 0 {
                progress(path, min(1, stream.seconds / duration))
                nextProgress += progressStep
            }
        }
        return (stream.seconds, hits)
    }
}
