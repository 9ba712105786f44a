import AudioCapture
import Foundation
import HotwordDetection
import Logging
import ServiceLifecycle

/// Listens on an ALSA capture device until shut down: capture → hotword detection → events.
///
/// One thread owns the capture device and the detector and does the blocking reads. An
/// unplugged device is reopened with back-off while the service keeps running; a device that
/// cannot be opened at start ends the service with that error. Graceful shutdown (SIGTERM,
/// SIGINT through `ServiceGroup`) ends the loop after the frame being read and closes the device.
public struct LiveListeningService: Service {
    /// Device, period and detection settings.
    public let configuration: Configuration
    /// Called on the capture thread with every event, in order.
    public let report: @Sendable (ListenEvent) -> Void
    private let logger = Logger(label: "susi-listen.capture")

    /// Longest wait between attempts to reopen a device that went away.
    static let longestBackoff = 30.0

    public init(configuration: Configuration, report: @escaping @Sendable (ListenEvent) -> Void) {
        self.configuration = configuration
        self.report = report
    }

    public func run() async throws {
        let stop = StopSignal()
        try await withGracefulShutdownHandler {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                    let thread = Thread { [configuration, report, logger] in
                        do {
                            try CaptureLoop(configuration: configuration, report: report, logger: logger, stop: stop).run()
                            continuation.resume()
                        } catch {
                            continuation.resume(throwing: error)
                        }
                    }
                    thread.name = "susi-listen capture"
                    thread.start()
                }
            } onCancel: {
                stop.raise()
            }
        } onGracefulShutdown: {
            stop.raise()
        }
    }
}

/// The capture thread's work: it alone touches the device and the detector.
private struct CaptureLoop {
    let configuration: Configuration
    let report: @Sendable (ListenEvent) -> Void
    let logger: Logger
    let stop: StopSignal

    func run() throws {
        let startCPU = CPUClock.processSeconds()
        let spotter = try KeywordSpotter(configuration: KeywordSpotterConfiguration(
            keywords: configuration.keywords, gain: configuration.gain, modelFiles: configuration.modelFiles))
        let stream = HotwordStream(detector: spotter, source: .device(configuration.device))
        var device = try open()
        report(.start(StartEvent(keywords: spotter.thresholds, gain: configuration.gain)))
        var summary = RunSummary(files: 0)
        var statistics = CaptureStatistics()
        var backoff = 0.5
        while !stop.isRaised {
            do {
                let frame = try device.readFrame()
                for event in try stream.process(frame) {
                    if case .hotword = event { summary.hits += 1 }
                    report(event)
                }
                backoff = 0.5
            } catch let error as CaptureError {
                statistics.add(device.statistics)
                report(.device(DeviceEvent(device: configuration.device, status: .lost, format: nil, message: error.problem)))
                device = try reopen(after: error, backoff: &backoff) ?? device
                if stop.isRaised { break }
            }
        }
        statistics.add(device.statistics)
        summary.audioSeconds = stream.seconds
        summary.cpuSeconds = CPUClock.processSeconds() - startCPU
        summary.peakResidentBytes = MemoryUsage.peakResidentBytes()
        summary.overruns = statistics.overrunsRecovered
        summary.suspends = statistics.suspendsRecovered
        report(.summary(summary))
    }

    private func open() throws(CaptureError) -> CaptureDevice {
        let device: CaptureDevice
        if let file = configuration.alsaConfigurationFile {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw .alsa(device: configuration.device, call: "reading \(file)", code: -2, message: "cannot read the ALSA configuration file")
            }
            device = try CaptureDevice(configuration: text, name: configuration.device, periodMilliseconds: configuration.periodMilliseconds)
        } else {
            device = try CaptureDevice(name: configuration.device, periodMilliseconds: configuration.periodMilliseconds)
        }
        report(.device(DeviceEvent(device: device.name, status: .opened, format: device.hardwareFormat, message: nil)))
        return device
    }

    /// Tries to open the device again, waiting longer after each failure, until it opens or
    /// the service stops (nil).
    private func reopen(after error: CaptureError, backoff: inout Double) throws -> CaptureDevice? {
        logger.warning("\(configuration.device): \(error.problem); reopening")
        while !stop.wait(seconds: backoff) {
            backoff = min(backoff * 2, LiveListeningService.longestBackoff)
            do {
                return try open()
            } catch {
                logger.debug("\(configuration.device): still unavailable (\(error.problem)); next try in \(backoff) s")
            }
        }
        return nil
    }
}

extension CaptureStatistics {
    /// Adds the counts of a device that is being closed to the run's totals.
    mutating func add(_ other: CaptureStatistics) {
        overrunsRecovered += other.overrunsRecovered
        suspendsRecovered += other.suspendsRecovered
        framesRead += other.framesRead
    }
}
