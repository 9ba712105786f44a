import ArgumentParser
import AudioInput
import DetectionBenchmark
import Dispatch
import Glibc
import HotwordDetection
import Pipeline

/// `susi-listen soak`: hours of audio through the capture path, for memory growth and CPU.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Push audio through a file-backed ALSA capture device and the spotter faster than real time; report RSS and CPU.")

    @Option(name: .long, help: ArgumentHelp("Seconds of audio to push, 60 to 2,592,000 (an hour by default).", valueName: "seconds"))
    var seconds: Double = 3600

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Audio files or folders to loop (in the working folder).", valueName: "path"))
    var audio: [String] = ["TestAudio"]

    @OptionGroup var detector: DetectorOptions

    @OptionGroup var configurationFile: ConfigurationOptions

    func validate() throws {
        let range = CaptureSoak.secondsRange
        if !range.contains(seconds) { throw ValidationError("--seconds must be from \(Int(range.lowerBound)) to \(Int(range.upperBound)) (30 days)") }
    }

    func run() throws {
        var settings = try configurationFile.loadForMeasuring(by: "soak")
        try detector.apply(to: &settings)
        var source: [Float] = []
        do {
            for entry in AudioFileDiscovery.audioFiles(in: audio) {
                source += try AudioFileReader(path: try entry.get()).remainingSamples()
            }
        } catch {
            StandardError.write("susi-listen soak: \(error)")
            throw ExitStatus.unreadableInput.exitCode
        }
        let soak = CaptureSoak(source: source, seconds: seconds, spotter: settings.spotterConfiguration)
        // SIGTERM or SIGINT ends the soak with its report, and its FIFO is removed, as at its end.
        let stop = StopSignal()
        let signalSources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { stop.raise() }
            source.resume()
            return source
        }
        defer { signalSources.forEach { $0.cancel() } }
        let report: CaptureSoak.Report
        do {
            report = try soak.run(stop: stop) { StandardError.write($0) }
        } catch {
            // Models or keywords that cannot be set up: as for the other commands; anything
            // else (the capture device, a run that fails): 1.
            StandardError.write("susi-listen soak: \(error)")
            if let error = error as? HotwordDetectionError { throw ExitStatus.detectionNotSetUp(error).exitCode }
            throw ExitStatus.unreadableInput.exitCode
        }
        try StandardOutput.writeReport(report.text)
    }
}
