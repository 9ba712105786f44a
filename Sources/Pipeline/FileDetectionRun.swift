import AudioInput
import AudioPlayback
import HotwordDetection

/// Runs the pipeline over audio files, one stream per file, reporting events as it goes:
/// hotword, then (with a transcriber) the command, then (with a forwarder) SUSI's answer.
///
/// A file that cannot be read is reported as an `error` event and the run goes on with the next.
/// With an echo reference (what the device's speaker played while the file was recorded,
/// from the same instant on), each frame is heard as the live daemon hears it while it plays.
package struct FileDetectionRun {
    /// Samples per frame handed to the stages (480 = 30 ms at 16 kHz).
    package var frameLength: Int
    /// Called with the file and the fraction of it done, now and then during long files.
    package var progress: ((String, Double) -> Void)?
    /// Called with a file and its sample rate when it was recorded at less than the pipeline's
    /// 16 kHz: it lacks the upper band the acoustic model was trained on, so detection hears
    /// far less in it (at 8 kHz next to nothing).
    package var narrowBand: ((String, Int) -> Void)?
    /// An audio file of what was played while each file was recorded, sample-aligned to it.
    package var echoReference: String?
    /// The channels of each file heard (the echo reference is always mixed: it is what was played).
    package var channel: InputChannel

    package init(frameLength: Int = 480, channel: InputChannel = .mixed, echoReference: String? = nil,
                 progress: ((String, Double) -> Void)? = nil, narrowBand: ((String, Int) -> Void)? = nil) {
        self.frameLength = frameLength
        self.channel = channel
        self.echoReference = echoReference
        self.progress = progress
        self.narrowBand = narrowBand
    }

    /// Expands folders, runs `stream` over every file (restarted for each) and returns the totals.
    package func run(paths: [String], stream: ListeningStream, forwarder: ChatForwarder? = nil,
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
                    // The echo reference is read beside the file: an error in it says so.
                    let file = error.path ?? path
                    report(.error(ErrorEvent(file: file, message: (file == echoReference && file != path ? "the echo reference: " : "") + error.problem)))
                } catch {
                    summary.failedFiles += 1
                    report(.error(ErrorEvent(file: path, message: String(describing: error))))
                }
            }
        }
        summary.cpuSeconds = CPUClock.processSeconds() - startCPU
        summary.echoCancellationCPUSeconds = echoReference == nil ? nil : stream.echoCancellationSeconds
        summary.peakResidentBytes = MemoryUsage.peakResidentBytes()
        return summary
    }

    private func run(path: String, stream: ListeningStream, forwarder: ChatForwarder?,
                     summary: inout RunSummary, report: (ListenEvent) -> Void) async throws {
        let reader = try AudioFileReader(path: path, frameLength: frameLength, channel: channel)
        if reader.sourceFormat.sampleRate < pipelineSampleRate { narrowBand?(path, reader.sourceFormat.sampleRate) }
        var playback = try echoReference.map { try RecordedPlayback(path: $0, frameLength: frameLength) }
        try stream.restart(source: .file(path))
        var nextProgress = 60.0
        var readError: AudioInputError?
        while true {
            let frame: [Float], played: PlayedAudio
            do throws(AudioInputError) {
                guard let next = try reader.nextFrame() else { break }
                frame = next
                played = try playback?.played(count: frame.count) ?? .nothing
            } catch {
                readError = error
                break
            }
            try await handle(try stream.process(frame, played: played), forwarder: forwarder, summary: &summary, report: report)
            if stream.seconds >= nextProgress, let progress, let duration = reader.sourceFormat.durationSeconds, duration > 0 {
                progress(path, min(1, stream.seconds / duration))
                nextProgress += 60
            }
        }
        // A file that breaks off part-way ends as any stream ends (a command being spoken is
        // finished), and the audio heard before counts, before its error is reported.
        try await handle(try stream.finish(), forwarder: forwarder, summary: &summary, report: report)
        summary.audioSeconds += stream.seconds
        if let readError { throw readError }
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
                func record(_ outcomes: [ListenEvent]) {
                    for outcome in outcomes {
                        if case .query(let query) = outcome, query.status != .sent { summary.unansweredQueries += 1 }
                        report(outcome)
                    }
                }
                // The answer first; then the queries kept from before, sent again.
                let forwarded = await forwarder.forward(command.text)
                record(forwarded)
                record(await forwarder.resend(after: forwarded))
            default: break
            }
        }
    }
}

/// What the device's speaker played while a file was recorded, read frame by frame beside it:
/// the played samples, the echo reference, while they are audible and for
/// ``PlaybackTimeline/echoTail`` after; nothing once the room is quiet.
private struct RecordedPlayback {
    /// Quieter than this (-60 dBFS) is silence.
    static let audible: Float = 0.001
    private let reader: AudioFileReader
    private let tailSamples = Int(PlaybackTimeline.echoTail / .seconds(1) * Double(pipelineSampleRate))
    /// Samples since the last audible one, counted from the end of the last frame.
    private var quietSamples = Int.max / 2

    init(path: String, frameLength: Int) throws(AudioInputError) {
        reader = try AudioFileReader(path: path, frameLength: frameLength)
    }

    /// What was played over the next `count` samples (silence past the reference's end).
    mutating func played(count: Int) throws(AudioInputError) -> PlayedAudio {
        var samples = try reader.nextFrame() ?? []
        samples = Array(samples.prefix(count)) + [Float](repeating: 0, count: max(0, count - samples.count))
        let quietAtStart = quietSamples
        if let last = samples.lastIndex(where: { abs($0) >= Self.audible }) {
            quietSamples = count - 1 - last
            return .samples(samples)
        }
        quietSamples += count
        return quietAtStart < tailSamples ? .samples(samples) : .nothing
    }
}
