import ArgumentParser
import Foundation
import HotwordDetection
import Pipeline

/// `susi-listen --file PATH...`: hotword detection over files.
struct DetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Detect the hotword in audio files (the default command).")

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Audio files or folders (searched recursively); each file is one stream.", valueName: "path"))
    var file: [String] = []

    @OptionGroup var detector: DetectorOptions

    @Flag(name: .long, help: "Write events as JSON lines.")
    var json = false

    func validate() throws {
        if file.isEmpty {
            throw ValidationError("give audio with --file PATH (live capture from a microphone is not in this version)")
        }
    }

    func run() throws {
        let spotter = try detector.makeSpotter()
        let output = EventPrinter(json: json)
        output.print(.start(StartEvent(keywords: spotter.thresholds, gain: detector.gain)))
        let run = FileDetectionRun(progress: { path, fraction in
            StandardError.write("susi-listen: \(path): \(Int(fraction * 100)) %")
        })
        let summary = run.run(paths: file, detector: spotter) { event in output.print(event) }
        output.print(.summary(summary))
        if summary.failedFiles > 0 { throw ExitCode(1) }
    }
}
