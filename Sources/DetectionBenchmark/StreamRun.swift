import AudioInput
import HotwordDetection
import Pipeline

/// What one detector heard over a sequence of files played as one stream.
package struct StreamRun: Sendable {
    /// Where each file starts in the stream (seconds) and how long it is.
    package var placements: [String: (start: Double, duration: Double)]
    /// Every hit, with times on the stream.
    package var hits: [HotwordEvent]
    /// Every candidate a second stage decided on, heard or turned down, with times on the stream
    /// (none for keyword spotting alone).
    package var candidates: [CandidateEvent]
    /// Seconds of audio in the stream.
    package var audioSeconds: Double
    /// CPU seconds the detecting thread spent (reading, converting and detecting).
    package var cpuSeconds: Double

    /// Plays `files` in order through `detector`; with `resetBetweenFiles` each file starts a
    /// fresh stream (a live stream never does that, so it is off by default). `shouldStop` is
    /// asked before every frame; when it says so, the run ends with `BenchmarkError.stopped`.
    package static func run(files: [String], detector: HotwordDetector, resetBetweenFiles: Bool = false,
                           frameLength: Int = 480, shouldStop: () -> Bool = { false }) throws(BenchmarkError) -> StreamRun {
        var run = StreamRun(placements: [:], hits: [], candidates: [], audioSeconds: 0, cpuSeconds: 0)
        let startCPU = CPUClock.threadSeconds()
        var streamSamples = 0
        var detectorOrigin = 0
        // Samples read but not yet heard, less than a frame: over a continuous stream, frames
        // run across the joins between files, as a microphone's would.
        var pending = FrameAssembler(frameLength: frameLength)
        func hear(_ frame: [Float], from file: String) throws {
            if shouldStop() { throw BenchmarkError.stopped }
            // Detector positions count from its last reset; the stream's from its start.
            for hit in try detector.process(frame) {
                run.hits.append(HotwordEvent(hit: hit.shifted(by: detectorOrigin), sampleRate: pipelineSampleRate, source: .file(file)))
            }
            for verdict in detector.candidateVerdicts {
                run.candidates.append(CandidateEvent(verdict: verdict.shifted(by: detectorOrigin), sampleRate: pipelineSampleRate,
                                                     source: .file(file)))
            }
        }
        do {
            for (index, file) in files.enumerated() {
                if resetBetweenFiles {
                    try detector.reset()
                    detectorOrigin = streamSamples
                }
                let reader = try AudioFileReader(path: file, frameLength: frameLength)
                let fileStart = streamSamples
                while let frame = try reader.nextFrame() {
                    streamSamples += frame.count
                    pending.append(frame)
                    while let whole = pending.nextFrame() { try hear(whole, from: file) }
                }
                // A stream's last samples, less than a frame, are heard at its end.
                if resetBetweenFiles || index == files.count - 1, let rest = pending.nextFrameOrRest() {
                    try hear(rest, from: file)
                }
                run.placements[file] = (Double(fileStart) / Double(pipelineSampleRate),
                                        Double(streamSamples - fileStart) / Double(pipelineSampleRate))
            }
        } catch let error as BenchmarkError {
            throw error
        } catch {
            throw .audio(String(describing: error))
        }
        run.audioSeconds = Double(streamSamples) / Double(pipelineSampleRate)
        run.cpuSeconds = CPUClock.threadSeconds() - startCPU
        return run
    }
}
