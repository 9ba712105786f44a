import AudioCapture
import AudioInput
import AudioPlayback
import EchoCancellation
import HotwordDetection
import Logging
import ServerSockets
import ServiceLifecycle
import SusiChat
import TextFormatting
import Threading
import Transcription

/// Listens on an ALSA capture device until shut down: capture → hotword detection → events.
///
/// One thread owns the capture device and does the blocking reads (a ``CaptureFeed``); the
/// capture thread owns the detector and takes the frames. An unplugged device is reopened with
/// back-off while the service keeps running; a device that cannot be opened at start ends the
/// service with that error. Graceful shutdown (SIGTERM, SIGINT through `ServiceGroup`) ends the
/// loop after the frame being processed, or within ``stallCheckInterval`` when the device
/// delivers nothing, even one blocked inside ALSA, and closes the device. A device that
/// delivers nothing for ``CaptureStallWatch/threshold`` (it stalls) is logged once, and again
/// when it delivers, and counted in the summary. A device that delivers digital silence, or
/// audio that clips, is told of by a ``CaptureLevelWatch``.
///
/// A configuration read again (SIGHUP) is applied while it listens: a new detector is built on
/// a thread of its own and takes over between two frames, so no audio is lost and capture never
/// waits for it; chat settings apply from the next query. What cannot change live is named in
/// the `reloaded` event. A reload that cannot be set up changes nothing (`reloadFailed`).
///
/// With an event socket, every event is also published to its clients, and their requests
/// (mute, unmute, listen) are carried out by the capture thread between two frames.
///
/// Under systemd, the service says when it is ready (listening has started), reloading and
/// stopping, what it does (in `systemctl status`), and the capture loop pings the watchdog.
package struct LiveListeningService: Service {
    /// Device, period and detection settings.
    package let configuration: Configuration
    /// The configuration each time it is read again, or why it could not be.
    package let reloads: AsyncStream<Result<Configuration, any Error>>
    /// Called with every event: on the capture thread with what it hears, in order; from the
    /// chat and reload tasks with theirs.
    package let report: @Sendable (ListenEvent) -> Void
    /// Where local programs get the events and send requests, if anywhere; served until the
    /// summary has been published.
    package let events: EventSocket?
    /// Where systemd is told what the service does.
    package let systemd: SystemdNotifier
    /// The detector, transcriber and wake-up audio writer set up at start, handed to the capture thread.
    private let stages: CaptureStages
    /// Sends final commands to SUSI; nil when they are not sent.
    private let forwarder: ChatForwarder?
    private let logger = Logger(label: "susi-listen.capture")

    /// Shortest and longest wait between attempts to reopen a device that went away.
    static let shortestBackoff = 0.5
    static let longestBackoff = 30.0
    /// Seconds of audio a reopened device delivers before a loss is waited for as the first.
    static let steadyAudioSeconds = 10.0
    /// How long a device may stall before it is closed and opened again.
    static let reopenAfterStall = Duration.seconds(15)
    /// Longest wait for a frame before the stop signal is looked at again (a device that stalls).
    static let stallCheckInterval = Duration.milliseconds(250)

    /// - Parameters:
    ///   - detector, transcriber, forwarder, wakeAudio: the stages `configuration` describes, set
    ///     up by the caller (so that their errors come before the service starts, and each model
    ///     loads once); the service owns them from then on. Run the service once.
    ///   - events: the events socket, if local programs are to get the events and send requests.
    ///   - systemd: where systemd is told what the service does (nowhere when not under systemd).
    package init(configuration: Configuration, detector: any HotwordDetector, transcriber: (any Transcriber)?,
                forwarder: ChatForwarder?, wakeAudio: WakeAudioWriter? = nil, reloads: AsyncStream<Result<Configuration, any Error>>,
                events: EventSocket? = nil, systemd: SystemdNotifier, report: @escaping @Sendable (ListenEvent) -> Void) {
        self.configuration = configuration
        self.systemd = systemd
        stages = CaptureStages(detector: detector, transcriber: transcriber, wakeAudio: wakeAudio)
        self.forwarder = forwarder
        self.reloads = reloads
        self.events = events
        self.report = report
    }

    package func run() async throws {
        let stop = StopSignal()
        let (commands, commandSink) = AsyncStream<String>.makeStream()
        let notifications = ListeningNotifications(systemd: systemd, device: configuration.device,
                                                   keyphrases: stages.detector.thresholds.map(\.keyphrase))
        // Every event goes to the log (or standard output), to the event socket's clients and
        // to systemd's status; those of the playback thread (`spoken`, a device that cannot play) too.
        let published: @Sendable (ListenEvent) -> Void = { [report, events] event in
            report(event)
            events?.publish(event.json.text)
            notifications.record(event)
        }
        let playback = startPlayback(reporting: published)
        // The others also go to the playback thread, which plays the sounds they call for.
        let report: @Sendable (ListenEvent) -> Void = { event in
            published(event)
            playback?.respond(to: event)
        }
        let prepared = PreparedReloads()
        let requests = ListeningRequests()
        do {
            try await serveEvents(to: requests) {
                try await listen(stop: stop, commands: commands, commandSink: commandSink, forwarder: forwarder, playback: playback,
                                 prepared: prepared, requests: requests, notifications: notifications, report: report)
            }
        } catch {
            await playback?.finish()
            throw error
        }
    }

    /// Runs `body` while the event socket, if there is one, takes its clients' requests into
    /// `requests` on a thread of its own; stops it once `body` has returned (or thrown).
    private func serveEvents(to requests: ListeningRequests, _ body: () async throws -> Void) async throws {
        guard let events else { return try await body() }
        try await withThrowingTaskGroup(of: Void.self) { serving in
            serving.addTask { await DedicatedThread.run(named: "susi-listen events") { events.serve(requests.add) } }
            defer { events.stop() }
            try await body()
        }
    }

    /// Captures, detects and forwards commands until shutdown, then reports the summary.
    private func listen(stop: StopSignal, commands: AsyncStream<String>, commandSink: AsyncStream<String>.Continuation,
                        forwarder: ChatForwarder?, playback: PlaybackThread?, prepared: PreparedReloads, requests: ListeningRequests,
                        notifications: ListeningNotifications, report: @escaping @Sendable (ListenEvent) -> Void) async throws {
        let (replaced, replacedSink) = AsyncStream<DetectorTransfer>.makeStream()
        try await withGracefulShutdownHandler {
            // Commands go to SUSI from a task of their own, so capture never waits for the server.
            async let unanswered = Self.deliver(commands, with: forwarder, report: report)
            var summary = try await withThrowingTaskGroup(of: Void.self, returning: RunSummary.self) { [configuration, stages, reloads, report, logger] reloading in
                // Reloads are set up beside capture and end with it (a detector being built is
                // waited for), so nothing is reported after the summary.
                reloading.addTask {
                    await Self.prepare(reloads, started: configuration, forwarder: forwarder, into: prepared, notifications: notifications, report: report)
                }
                // Detectors a reload replaced are freed here, not on the capture thread: freeing
                // a recogniser takes tens of milliseconds.
                reloading.addTask { for await _ in replaced {} }
                defer { reloading.cancelAll() }
                return try await withTaskCancellationHandler {
                    defer {
                        commandSink.finish()
                        replacedSink.finish()
                    }
                    return try await DedicatedThread.run(named: "susi-listen capture") {
                        try CaptureLoop(configuration: configuration, stages: stages, report: report, logger: logger, stop: stop,
                                        commands: forwarder == nil ? nil : commandSink, reloads: prepared, replaced: replacedSink,
                                        requests: requests, playback: playback, notifications: notifications).run()
                    }
                } onCancel: {
                    stop.raise()
                }
            }
            // The summary comes last, once every command has been answered, spooled or lost
            // and the sound playing has been stopped.
            summary.unansweredQueries = await unanswered
            await playback?.finish()
            report(.summary(summary))
        } onGracefulShutdown: {
            notifications.stopping()
            stop.raise()
        }
    }

    /// The playback thread, unless nothing is to be played; `report` gets what it played and
    /// what cannot be played.
    private func startPlayback(reporting report: @escaping @Sendable (ListenEvent) -> Void) -> PlaybackThread? {
        let settings = configuration.talkBack
        guard settings.playsAnything else { return nil }
        let alsaConfiguration = configuration.alsaConfigurationFile.flatMap { try? ALSAConfiguration.text(ofFile: $0, device: settings.playbackDevice) }
        let timeline = PlaybackTimeline()
        let talkBack = TalkBack(configuration: settings) {
            () throws(PlaybackError) -> any SoundOutput in
            try PlaybackDevice(name: settings.playbackDevice, configuration: alsaConfiguration, timeline: timeline)
        }
        talkBack.setupEvents.forEach(report)
        logger.notice("\(configuration.echoHandling.readableText)")
        return PlaybackThread(talkBack: talkBack, timeline: timeline, report: report)
    }

    /// Sets up each configuration read again, off the capture thread: a new detector when the
    /// detection settings changed (built on a thread of its own, as loading models blocks),
    /// then the chat settings; hands the detector and the event to the capture loop. One that
    /// cannot be read or set up changes nothing and is reported. systemd hears of each as it
    /// comes; of its end, from its event.
    private static func prepare(_ reloads: AsyncStream<Result<Configuration, any Error>>, started: Configuration,
                                forwarder: ChatForwarder?, into prepared: PreparedReloads, notifications: ListeningNotifications,
                                report: @escaping @Sendable (ListenEvent) -> Void) async {
        var current = started
        for await reload in reloads {
            notifications.reloading()
            do {
                let next = try reload.get()
                let changes = ConfigurationChanges(started: started, current: current, next: next)
                let detector = try await changes.rebuildsDetector ? DedicatedThread.run(named: "susi-listen reload") {
                    DetectorTransfer(detector: try HotwordDetectorFactory.detector(configuration: next.spotterConfiguration))
                } : nil
                if Task.isCancelled { return }
                if changes.changesChat { await forwarder?.reconfigure(next.chat) }
                current = next
                let detection = detector.map { StartEvent(keywords: $0.detector.thresholds, configuration: next) }
                prepared.add(detector, ReloadEvent(changes: changes, detection: detection))
            } catch {
                if !Task.isCancelled { report(.reloadFailed(ErrorEvent(file: nil, message: "\(error)"))) }
            }
        }
    }

    /// Sends each command to SUSI as it comes; once graceful shutdown has begun, a command still
    /// waiting is kept in the spool, and one in flight is cancelled (its libcurl transfer ends
    /// at once) and stays in the spool, where it was written before its first try, rather than
    /// lost. Returns how many commands were not answered (spooled or lost); none without a forwarder.
    private static func deliver(_ commands: AsyncStream<String>, with forwarder: ChatForwarder?,
                                report: @escaping @Sendable (ListenEvent) -> Void) async -> Int {
        guard let forwarder else { return 0 }
        var unanswered = 0
        func record(_ events: [ListenEvent]) {
            for event in events {
                if case .query(let query) = event, query.status != .sent { unanswered += 1 }
                report(event)
            }
        }
        // Shutdown coming first cancels asking: then its events say the query stays in the spool.
        record(await cancelWhenGracefulShutdown { await forwarder.start() })
        for await text in commands {
            if Task.isShuttingDownGracefully || Task.isCancelled {
                record(await forwarder.keep(text))
                continue
            }
            let forwarded = await cancelWhenGracefulShutdown { await forwarder.forward(text) }
            record(forwarded)
            record(await cancelWhenGracefulShutdown { await forwarder.resend(after: forwarded) })
        }
        return unanswered
    }
}

/// The capture thread's work: it alone touches the detector, and takes the device's frames
/// from a ``CaptureFeed``.
private struct CaptureLoop {
    let configuration: Configuration
    let stages: CaptureStages
    let report: @Sendable (ListenEvent) -> Void
    let logger: Logger
    let stop: StopSignal
    /// Where final commands go, when they are sent to SUSI.
    let commands: AsyncStream<String>.Continuation?
    /// Reloads set up on other threads, taken between two frames.
    let reloads: PreparedReloads
    /// Where detectors replaced by a reload go to be freed.
    let replaced: AsyncStream<DetectorTransfer>.Continuation
    /// Requests from the event socket's clients, taken between two frames.
    let requests: ListeningRequests
    /// What plays sounds and answers: its timeline is the echo reference, and a barge-in stops it.
    let playback: PlaybackThread?
    /// Where systemd hears how listening goes; the watchdog is pinged from every wait of this
    /// loop (for a frame, for the device to open, before opening it again) and after each frame.
    let notifications: ListeningNotifications

    /// Listens until the stop signal, reporting every event but the summary, which it returns.
    func run() throws -> RunSummary {
        let startCPU = CPUClock.processSeconds()
        let spotter = stages.detector
        let canceller = playback != nil && configuration.echoHandling == .cancellation ? EchoCanceller() : nil
        let stream = ListeningStream(detector: spotter, transcriber: stages.transcriber, source: .device(configuration.device),
                                     reportsCandidates: configuration.reportCandidates, echoCanceller: canceller, wakeAudio: stages.wakeAudio)
        var summary = RunSummary(files: 0)
        // Nil once the service stops before the device is open, or back after it was lost.
        var feed = try open(stream: stream)
        if feed != nil {
            report(.start(StartEvent(keywords: spotter.thresholds, configuration: configuration,
                                     echo: playback == nil ? EchoHandling.none : configuration.echoHandling)))
        }
        var warnedUntimed = false
        var statistics = CaptureStatistics()
        var backoff = LiveListeningService.shortestBackoff
        var stallWatch = CaptureStallWatch(opened: .now)
        var pace = CapturePace(opened: .now)
        var levels = CaptureLevelWatch()
        // Overruns said in the log, at most once a minute, as they come: a daemon runs for weeks.
        var overrunsLogged = 0
        var overrunsLoggedAt: ContinuousClock.Instant?
        while !stop.isRaised, let current = feed {
            notifications.keepAlive()
            do {
                // A stalled device delivers nothing: the stop signal, reloads and requests are
                // looked at meanwhile.
                guard let frame = try current.next(waitingAtMost: LiveListeningService.stallCheckInterval) else {
                    if let stall = stallWatch.noFrame(at: .now) {
                        report(stall)
                        for event in try stream.breakOff() { record(event, in: &summary) }
                    }
                    // A device that stopped streaming without an error (a USB microphone that
                    // hangs) is opened again, as one that went away is.
                    if stallWatch.hasStalled(for: LiveListeningService.reopenAfterStall, at: .now) {
                        throw CaptureError.stalled(name: configuration.device, seconds: Int(LiveListeningService.reopenAfterStall.timeInterval))
                    }
                    try tend(stream)
                    continue
                }
                if let stall = stallWatch.frameCame(at: .now) { report(stall) }
                for change in levels.heard(frame.samples, gain: stream.gain) { report(change) }
                if pace.delivered(frame.samples.count, at: .now) {
                    logger.warning("\(configuration.device) delivers audio faster than real time (\(pace.description)): not a live microphone? Events' times run ahead of the clock")
                }
                // What the speaker played while this frame was heard: the echo reference.
                let played = playback?.timeline.played(count: frame.samples.count, endingAt: frame.heardUntil) ?? .nothing
                if played == .untimed && canceller != nil && !warnedUntimed {
                    warnedUntimed = true
                    logger.warning("\(configuration.talkBack.playbackDevice) does not tell when what it plays is heard: no echo reference, detection paused while it plays")
                }
                for event in try stream.process(frame.samples, played: played) {
                    record(event, in: &summary)
                }
                let overruns = statistics.overrunsRecovered + current.statistics.overrunsRecovered
                if overruns > overrunsLogged, overrunsLoggedAt.map({ ContinuousClock.now - $0 >= .seconds(60) }) ?? true {
                    let count = overruns - overrunsLogged, since = overrunsLoggedAt == nil ? "start" : "the last said"
                    logger.warning("\(configuration.device): \(count) overrun\(count == 1 ? "" : "s") since \(since): audio was lost, not read in time (a machine too busy?)")
                    overrunsLogged = overruns
                    overrunsLoggedAt = .now
                }
                try tend(stream)
                // Back to the shortest wait only once the device has delivered for a while: one
                // that opens and fails after a period or two is retried less and less often.
                if pace.audioSeconds >= LiveListeningService.steadyAudioSeconds { backoff = LiveListeningService.shortestBackoff }
            } catch let error as CaptureError {
                // The feed's thread closes the device after its current read (a stalled one), or
                // has ended on the error.
                current.close()
                statistics.add(current.statistics)
                report(.device(DeviceEvent(device: configuration.device, status: .lost, format: nil, message: error.problem)))
                for event in try stream.breakOff() { record(event, in: &summary) }
                feed = try reopen(backoff: &backoff, stream: stream)
                stallWatch.reopened(at: .now)
                pace = CapturePace(opened: .now)
                levels = CaptureLevelWatch()
            }
        }
        feed?.close()
        for event in try stream.stop() + stream.finishSavingAudio() { record(event, in: &summary) }
        if let feed { statistics.add(feed.statistics) }
        summary.audioSeconds = stream.seconds
        summary.cpuSeconds = CPUClock.processSeconds() - startCPU
        summary.echoCancellationCPUSeconds = stream.echoCancellationSeconds
        summary.peakResidentBytes = MemoryUsage.peakResidentBytes()
        summary.overruns = statistics.overrunsRecovered
        summary.suspends = statistics.suspendsRecovered
        summary.stalls = stallWatch.stalls
        return summary
    }

    /// Reports a stall of the device as it begins (trouble) and as it ends.
    private func report(_ change: CaptureStallWatch.Change) {
        let (status, message) = switch change {
        case .stalled(let duration):
            (DeviceEvent.Status.stalled, "no audio for \(String(printf: "%.1f", duration.timeInterval)) s: the device stalls; waiting for it")
        case .resumed(let duration):
            (DeviceEvent.Status.resumed, "audio again after \(String(printf: "%.1f", duration.timeInterval)) s without")
        }
        report(.device(DeviceEvent(device: configuration.device, status: status, format: nil, message: message)))
    }

    /// Reports digital silence as it begins (trouble) and as it ends; logs clipping as a warning.
    private func report(_ change: CaptureLevelWatch.Change) {
        let status: DeviceEvent.Status
        switch change {
        case .silent: status = .silent
        case .sound: status = .sound
        case .clipping: return logger.warning("\(change.message(device: configuration.device))")
        }
        report(.device(DeviceEvent(device: configuration.device, status: status, format: nil, message: change.message(device: configuration.device))))
    }

    /// Puts the reloads set up since the last call into effect, between two frames: a new
    /// detector takes over the stream, and each reload's event is reported.
    private func applyReloads(to stream: ListeningStream) {
        for (detector, event) in reloads.take() {
            if let detector { replaced.yield(DetectorTransfer(detector: stream.replace(detector: detector.detector))) }
            report(.reloaded(event))
        }
    }

    /// What the capture loop does each time round, with a frame or without (a stalled device,
    /// one opening, one lost): reloads and requests are carried out, and the saved audio's
    /// events reported (a recording ended by a stall or a lost device is written meanwhile).
    private func tend(_ stream: ListeningStream, deviceOpen: Bool = true) throws {
        applyReloads(to: stream)
        try carryOutRequests(on: stream, deviceOpen: deviceOpen)
        for event in stream.takeSavedAudio() { report(event) }
    }

    /// Carries out the event socket's requests since the last call, between two frames (or,
    /// without `deviceOpen`, while the device is being opened): mute and unmute are reported to
    /// everyone; a `listen` that cannot start (none can without the device) is answered to its
    /// client alone.
    private func carryOutRequests(on stream: ListeningStream, deviceOpen: Bool = true) throws {
        for (request, client) in requests.take() {
            switch request {
            case .mute:
                stream.mute()
                report(.muted)
            case .unmute:
                try stream.unmute()
                report(.unmuted)
            case .listen:
                do {
                    guard deviceOpen else { throw ListenRequestError.deviceNotOpen }
                    let started = try stream.startCommand()
                    // As at a barge-in: an answer being spoken stops, so that the person is
                    // heard rather than it, and its chime is not queued behind it.
                    playback?.interrupt()
                    report(started)
                } catch let refusal as ListenRequestError {
                    logger.notice("events client \(client.number): \(refusal)")
                    client.send(ListenEvent.error(ErrorEvent(file: nil, message: refusal.description)).json.text)
                }
            }
        }
    }

    private func record(_ event: ListenEvent, in summary: inout RunSummary) {
        // The person spoke over the device: it stops before the hotword's sound is queued.
        if case .bargeIn = event { playback?.interrupt() }
        report(event)
        switch event {
        case .hotword: summary.hits += 1
        case .final(let command): commands?.yield(command.text)
        default: break
        }
    }

    /// Opens the device on a feed's thread and waits until it is open (the feed) or the service
    /// stops first (nil; the feed is left to end on its own). Reloads and requests are carried
    /// out meanwhile; an open that blocks is logged once.
    private func open(stream: ListeningStream) throws -> CaptureFeed? {
        let feed = CaptureFeed(readLimit: LiveListeningService.stallCheckInterval) { [configuration, report, logger] () throws(CaptureError) in
            let device: CaptureDevice
            if let file = configuration.alsaConfigurationFile {
                let text = try ALSAConfiguration.text(ofFile: file, device: configuration.device)
                device = try CaptureDevice(configuration: text, name: configuration.device, periodMilliseconds: configuration.periodMilliseconds,
                                           channel: configuration.inputChannel)
            } else {
                device = try CaptureDevice(name: configuration.device, periodMilliseconds: configuration.periodMilliseconds,
                                           channel: configuration.inputChannel)
            }
            report(.device(DeviceEvent(device: device.name, status: .opened, format: device.hardwareFormat, heardChannel: configuration.channel,
                                       message: nil)))
            let rate = device.hardwareFormat.sampleRate
            if rate < pipelineSampleRate { logger.warning("\(device.name) captures at \(rate) Hz, \(narrowBandConsequence(ofRate: rate))") }
            return device
        }
        let started = ContinuousClock.now
        var warned = false
        while !stop.isRaised {
            notifications.keepAlive()
            if try feed.waitUntilOpen(waitingAtMost: LiveListeningService.stallCheckInterval) { return feed }
            if !warned && ContinuousClock.now - started >= CaptureStallWatch.threshold {
                warned = true
                logger.warning("\(configuration.device): still opening after \(Int(CaptureStallWatch.threshold.timeInterval)) s; waiting for it")
            }
            try tend(stream, deviceOpen: false)
        }
        feed.close()
        return nil
    }

    /// Tries to open the device again, waiting longer after each failure, until it opens or
    /// the service stops (nil). Reloads and requests are carried out while it waits.
    private func reopen(backoff: inout Double, stream: ListeningStream) throws -> CaptureFeed? {
        while !stop.isRaised {
            let retry = ContinuousClock.now + .milliseconds(Int(backoff * 1000))
            while ContinuousClock.now < retry {
                notifications.keepAlive()
                if stop.wait(seconds: min(LiveListeningService.stallCheckInterval.timeInterval, (retry - ContinuousClock.now).timeInterval)) { return nil }
                // A reload or a request need not wait for the device.
                try tend(stream, deviceOpen: false)
            }
            backoff = min(backoff * 2, LiveListeningService.longestBackoff)
            do {
                return try open(stream: stream)
            } catch let error as CaptureError {
                logger.debug("\(configuration.device): still unavailable (\(error.problem)); next try in \(backoff) s")
                notifications.retrying(because: error.problem, inSeconds: backoff)
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

/// A detector on its way from the thread that built it to the capture thread, which owns it
/// from then on, or from the capture thread to be freed: no one else keeps a reference, so it
/// is never used from two threads at once.
struct DetectorTransfer: @unchecked Sendable {
    let detector: any HotwordDetector
}

/// The detector, transcriber and wake-up audio writer set up before the service started, on
/// their way to the capture thread, which alone uses them from then on.
private struct CaptureStages: @unchecked Sendable {
    let detector: any HotwordDetector
    let transcriber: (any Transcriber)?
    let wakeAudio: WakeAudioWriter?
}

/// Reloads that are set up and wait for the capture loop, oldest first. Taking them costs the
/// capture thread a lock held for a few instructions, never a wait for a detector to load.
final class PreparedReloads: @unchecked Sendable {
    private let lock = Lock()
    private var pending: [(DetectorTransfer?, ReloadEvent)] = []

    /// Queues a reload: its new detector (nil when detection did not change) and its event.
    func add(_ detector: DetectorTransfer?, _ event: ReloadEvent) {
        lock.withLock { pending.append((detector, event)) }
    }

    /// The reloads queued since the last call, oldest first.
    func take() -> [(DetectorTransfer?, ReloadEvent)] {
        lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
    }
}
