import AudioInput
import HotwordDetection

/// Runs the pipeline over audio files, one stream per file, reporting events as it goes:
/// hotword, then (with a transcriber) the command, then (with a forwarder) SUSI's answer.
///
/// A file that cannot be read is reported as an `error` event and the run goes on with the next.
public struct FileDetectionRun {
    /// Samples per frame handed to the stages (480 = 30 ms at 16 kHz).
    public var frameLength: Int
    /// Called with the file and the fraction of it done, now and then during long files.
    public var progress: ((String, Double) -> Void)?

    public init(frameLength: Int = 480, progress: ((String, Double) -> Void)? = nil) {
        self.frameLength = frameLength
        self.progress = progress
    }

    /// Expands folders, runs `stream` over every file (restarted for each) and returns the totals.
    public func run(paths: [String], stream: ListeningStream, forwarder: ChatForwarder? = nil,
                    report: (ListenEvent) -> Void) async -> RunSummary {
        var summary = RunSummary()
        let startCPU = CPUClock.processSeconds()
        if let forwarder { (await forwarder.start()).forEach(report) }
        for entry in AudioFileDiscovery.audioFiles(in: paths) {
            summary.files += 1
            switch entry {
            case .failure(let error):
                summary.failedFiles += 1
                report(.error(ErrorEvent(file: error.path, message: error.problem)))
            case .success(let path):
                do {
                    try await run(path: path, stream: stream, forwarder: forwarder, summary: &summary, report: report)
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

    private func run(path: String, stream: ListeningStream, forwarder: ChatForwarder?,
                     summary: inout RunSummary, report: (ListenEvent) -> Void) async throws {
        let reader = try AudioFileReader(path: path, frameLength: frameLength)
        try stream.restart(source: .file(path))
        var nextProgress = 60.0
        while let frame = try reader.nextFrame() {
            try await handle(try stream.process(frame), forwarder: forwarder, summary: &summary, report: report)
            if stream.seconds >= nextProgress, let progress, let duration = reader.sourceFormat.durationSeconds, duration > 0 {
                progress(path, min(1, stream.seconds / duration))
                nextProgress += 60
            }
        }
        try await handle(try stream.finish(), forwarder: forwarder, summary: &summary, report: report)
        summary.audioSeconds += stream.seconds
    }

    /// Reports `events`; a final command goes to SUSI, whose answer is reported before the
    /// stream goes on (a file has no microphone to fall behind).
    private func handle(_ events: [ListenEvent], forwarder: ChatForwarder?,
                        summary: inout RunSummary, report: (ListenEvent) -> Void) async throws {
        for event in events {
            report(event)
            switch event {
            case .hotword: summary.hits += 1
            case .final(let command):
                guard let forwarder else { continue }
                for outcome in await forwarder.forward(command.text) {
                    if case .query(let query) = outcome, query.status != .sent { summary.unansweredQueries += 1 }
                    report(outcome)
                }
            default: break
            }
        }
    }
}
