import AudioInput
import AudioPlayback
import AudioTestSupport
import Foundation
import HTTPTestSupport
import SocketTestSupport
import Testing

/// The daemon on a real ALSA capture path: ALSA's `file` PCM reads a FIFO that the test
/// fills with fixture audio, so no sound card is needed.
@Suite(.serialized) struct DaemonTests {
    /// Seconds within which the daemon must exit on SIGTERM: a fraction of a second on an idle
    /// machine, seconds on a loaded one, and far less than the waits shutdown must not do (a
    /// server answering after 20 s; systemd's stop timeout, 90 s).
    static let promptExit = 10.0
    /// Removed with the suite's instance, after each test.
    let scratch: TemporaryDirectory
    let folder: URL
    let fifo: String
    let alsaConfiguration: String
    /// Where the `speaker` playback device writes what it plays, as raw 16 kHz mono S16_LE.
    let played: String

    init() throws {
        scratch = try TemporaryDirectory()
        folder = URL(fileURLWithPath: scratch.path)
        fifo = folder.appendingPathComponent("capture.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        alsaConfiguration = folder.appendingPathComponent("asound.conf").path
        played = folder.appendingPathComponent("played.raw").path
        // `file` on top, reading the FIFO; `multi` over `plug` over `null` underneath fixes the
        // rate and channel count the device offers (see AudioCaptureTests/FilePCM.swift). The
        // playback device is a `file` PCM too, writing what it is given.
        try """
            pcm.fixture { type file file "/dev/null" infile "\(fifo)" format "raw" slave.pcm { type multi \
            slaves.a { pcm { type plug slave { pcm { type null } format S16_LE rate 16000 channels 1 } } channels 1 } \
            bindings { 0 { slave a channel 0 } } } }
            pcm.speaker { type file file "\(played)" format "raw" slave.pcm { type null } }
            """.write(toFile: alsaConfiguration, atomically: false, encoding: .utf8)
    }

    /// The fixture as raw 16-bit little-endian samples, with `silence` seconds of a quiet room after it; or,
    /// with `cutAt`, its first `cutAt` seconds alone.
    private func rawAudio(of fixture: String, silence: Double, cutAt: Double?) throws -> Data {
        let samples = try AudioFileReader(path: CommandRunner.repository.appendingPathComponent(fixture).path).remainingSamples()
        let played = cutAt.map { Array(samples.prefix(Int($0 * 16_000))) } ?? samples + Signal.quietRoom(samples: Int(silence * 16_000))
        return Data(PCM16.littleEndianBytes(played))
    }

    /// Opens the FIFO for writing once the daemon has opened it for reading.
    func openFIFOForWriting(within seconds: Double) throws -> FileHandle {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
                return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            }
            usleep(20_000)
        }
        throw CocoaError(.fileWriteUnknown)
    }

    func waitForLine(containing text: String, in file: URL, within seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if let output = try? String(contentsOf: file, encoding: .utf8), output.contains(text) { return true }
            usleep(20_000)
        }
        return false
    }

    /// Runs the daemon on the FIFO-fed device with `arguments`, plays `fixture` (then silence)
    /// into it, waits for an event line containing `awaited`, stops it with SIGTERM and returns
    /// its events, its log, and how long it took to exit. `beforeStopping` runs with the
    /// process once `awaited` has come. With `standardOutput`, the events go
    /// there instead and `awaited` is looked for in the log. With `cutAt`, only the fixture's
    /// first `cutAt` seconds are played, and ALSA's `file` PCM then repeats its last period.
    private func runDaemon(playing fixture: String, cutAt: Double? = nil, arguments: [String], until awaited: String,
                           standardOutput: FileHandle? = nil, beforeStopping: (Process) -> Void = { _ in }) throws
        -> (events: [[String: Any]], log: String, status: Int32, secondsToExit: Double) {
        let (process, output, errors) = try startDaemon(arguments: ["--config", "/dev/null"] + arguments, standardOutput: standardOutput)
        defer { if process.isRunning { process.terminate() } }

        let writer = try openFIFOForWriting(within: 10)
        writer.write(try rawAudio(of: fixture, silence: 1.5, cutAt: cutAt))
        // A whole fixture is followed by a quiet room, as a microphone goes on, until the line
        // awaited: past the FIFO's end ALSA's file PCM gives what digital silence it has as fast
        // as it is read, which becomes a `device` `silent` event before a spoken answer ends.
        let wait = { waitForLine(containing: awaited, in: standardOutput == nil ? output : errors, within: 20) }
        let heard = cutAt == nil ? Self.feedingQuietRoom(into: writer, while: wait) : wait()
        try writer.close()
        #expect(heard, "no \(awaited): \((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")

        beforeStopping(process)
        let stopped = terminate(process)
        return (try events(in: output), try String(contentsOf: errors, encoding: .utf8), stopped.status, stopped.seconds)
    }

    /// Starts the daemon on the FIFO-fed device with `arguments`; its events go to `output`
    /// (or `standardOutput`), its log to `errors`.
    func startDaemon(arguments: [String], standardOutput: FileHandle? = nil, playbackDevice: String = "speaker",
                             environment: [String: String] = [:]) throws -> (process: Process, output: URL, errors: URL) {
        let output = folder.appendingPathComponent("stdout"), errors = folder.appendingPathComponent("stderr")
        try #require(FileManager.default.createFile(atPath: output.path, contents: nil))
        try #require(FileManager.default.createFile(atPath: errors.path, contents: nil))
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["--device", "fixture", "--playback-device", playbackDevice, "--alsa-config", alsaConfiguration, "--json"] + arguments
        process.currentDirectoryURL = CommandRunner.repository
        process.standardOutput = try standardOutput ?? FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        try process.run()
        return (process, output, errors)
    }

    /// The file names of the shared libraries `process` has mapped.
    private func mappedLibraries(of process: Process) -> Set<String> {
        // Read to the end: a file in /proc has no size to read up to.
        let data = FileHandle(forReadingAtPath: "/proc/\(process.processIdentifier)/maps")?.readDataToEndOfFile() ?? Data()
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first.map { String($0.split(separator: "/").last ?? $0) }
        }.filter { $0.contains(".so") })
    }

    /// The JSON event lines written to `output` so far.
    func events(in output: URL) throws -> [[String: Any]] {
        try String(contentsOf: output, encoding: .utf8).split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// One 30 ms period of a quiet room, played while waiting.
    static let quietPeriod = Signal.quietRoom(samples: 480)

    /// Runs `body` while another thread plays a quiet room into the FIFO, a period every 30 ms,
    /// as a microphone goes on: a device without audio for 2 s stalls, and past the FIFO's end
    /// ALSA's `file` PCM gives digital silence. Returns what `body` returns.
    static func feedingQuietRoom<Result>(into writer: FileHandle, while body: () throws -> Result) rethrows -> Result {
        let stopFeeding = DispatchSemaphore(value: 0), fed = DispatchSemaphore(value: 0)
        let quietPeriod = Self.quietPeriod
        DispatchQueue.global().async {
            while stopFeeding.wait(timeout: .now() + 0.03) == .timedOut {
                guard (try? writer.write(contentsOf: PCM16.littleEndianBytes(quietPeriod))) != nil else { break }
            }
            fed.signal()
        }
        defer {
            stopFeeding.signal()
            fed.wait()
        }
        return try body()
    }

    /// Writes `samples` into the FIFO one 30 ms period at a time (the last one padded with
    /// silence): ALSA's `file` PCM takes a short read for the end of its input.
    func play(_ samples: [Float], into writer: FileHandle) throws {
        let period = 480
        for start in stride(from: 0, to: samples.count, by: period) {
            let block = Array(samples[start..<min(start + period, samples.count)])
            try writer.write(contentsOf: PCM16.littleEndianBytes(block + [Float](repeating: 0, count: period - block.count)))
        }
    }

    /// Plays a quiet room (``Signal/quietRoom(samples:)``: a microphone's silence, not digital
    /// silence), a period at a time, until an event line contains `text` (true) or
    /// `seconds` have passed (false): events the capture loop reports between frames need
    /// frames to come. Returns how many samples were played.
    /// With `period`, that is played instead (digital silence, say).
    func playSilence(into writer: FileHandle, until text: String, in output: URL, within seconds: Double,
                     playing period: [Float] = quietPeriod) throws -> (found: Bool, samples: Int) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var played = 0
        while Date() < deadline {
            if let lines = try? String(contentsOf: output, encoding: .utf8), lines.contains(text) { return (true, played) }
            try play(period, into: writer)
            played += period.count
            usleep(10_000)
        }
        return (false, played)
    }

    @Test func hearsTheHotwordOnAFileBackedCaptureDeviceAndStopsCleanlyOnSIGTERM() throws {
        let fixture = try #require(try FileManager.default.contentsOfDirectory(atPath: CommandRunner.repository.appendingPathComponent("TestAudio").path)
            .first { $0.hasPrefix("positive_command_what-is-the-weather-in-berlin") && $0.hasSuffix("_noise.wav") })
        var libraries: Set<String> = []
        let run = try runDaemon(playing: "TestAudio/" + fixture, arguments: ["--no-transcription", "--no-speech", "--candidates"],
                                until: "\"type\":\"hotword\"", beforeStopping: { libraries = mappedLibraries(of: $0) })
        // Only what detection uses is loaded: libcurl, espeak-ng and Avahi wait for a query,
        // speech and a server to announce; PocketSphinx's audio library, and the PulseAudio and
        // X11 it would bring, never come.
        #expect(libraries.contains { $0.hasPrefix("libpocketsphinx.so.3") }, "\(libraries.sorted())")
        for unused in ["libcurl.so.4", "libespeak-ng.so.1", "libavahi-client.so.3", "libsphinxad.so.3", "libpulse.so.0", "libX11.so.6"] {
            #expect(!libraries.contains { $0.hasPrefix(unused) }, "\(unused) is loaded")
        }
        #expect(run.status == 0)
        #expect(run.secondsToExit < Self.promptExit, "\(run.secondsToExit) s")
        let events = run.events
        let types = events.compactMap { $0["type"] as? String }
        #expect(types.first == "device")
        #expect(events.first?["rate"] as? Int == 16_000)
        #expect(types.contains("start"))
        #expect(types.last == "summary")
        let hotword = try #require(events.first { $0["type"] as? String == "hotword" })
        #expect(hotword["device"] as? String == "fixture")
        #expect(hotword["keyword"] as? String == "susi")
        #expect(events.last?["overruns"] as? Int == 0)
        // Live, as from files, the candidate that became the hit is reported just before it.
        let hotwordIndex = try #require(events.firstIndex { $0["type"] as? String == "hotword" })
        #expect(events[hotwordIndex - 1]["type"] as? String == "candidate")
        #expect(events[hotwordIndex - 1]["heard"] as? Bool == true)
        #expect(events[hotwordIndex - 1]["device"] as? String == "fixture")
        // The capture path hands the detector the same samples as the file path: the same hit.
        let fromFile = try #require(try CommandRunner.run(["--file", "TestAudio/" + fixture, "--json", "--config", "/dev/null", "--no-transcription"])
            .events(ofType: "hotword").first)
        for key in ["time", "start", "end"] {
            let live = try #require(hotword[key] as? Double), file = try #require(fromFile[key] as? Double)
            #expect(abs(live - file) < 0.031, "\(key): capture \(live) s, file \(file) s")
        }
        let log = run.log
        #expect(log.contains("capturing from fixture (16000 Hz, 1 channel, S16_LE)"))
        #expect(log.contains("hotword \"susi\""))
        #expect(log.contains("candidate \"susi\" heard ("))
    }

    @Test func answersASpokenCommandEndToEndAndStopsCleanly() throws {
        let server = try LoopbackHTTPServer(script: [.json(SpokenCommandTests.timerAnswer)])
        defer { server.stop() }
        var libraries: Set<String> = []
        let run = try runDaemon(playing: "TestAudio/commands/hotword_02_slt.flac", arguments: ["--server", server.url.absoluteString],
                                until: "\"type\":\"spoken\"", beforeStopping: { libraries = mappedLibraries(of: $0) })
        // libcurl and espeak-ng were opened for the query and the spoken answer.
        for used in ["libcurl.so.4", "libespeak-ng.so.1"] {
            #expect(libraries.contains { $0.hasPrefix(used) }, "\(used) is not loaded: \(libraries.sorted())")
        }
        #expect(run.status == 0)
        #expect(run.secondsToExit < Self.promptExit, "\(run.secondsToExit) s")
        let types = run.events.compactMap { $0["type"] as? String }.filter { $0 != "partial" }
        #expect(types == ["device", "start", "hotword", "final", "query", "answer", "spoken", "summary"], "\(types)")
        #expect(run.events.contains { $0["type"] as? String == "partial" })
        #expect(server.recordedRequests.first?.parameters["q"] == "set a timer for ten minutes")
        #expect(run.log.contains("SUSI: Alright, timer set for 10 minutes."))
        #expect(run.log.contains("echo cancellation on: detection goes on during playback and the hotword interrupts it"))
        #expect(run.events.first { $0["type"] as? String == "start" }?["echo"] as? String == "cancellation")
        // The playback device was given the hotword chime, the done chime, then the answer spoken.
        let spoken = try #require(run.events.first { $0["type"] as? String == "spoken" })
        #expect(spoken["text"] as? String == "Alright, timer set for 10 minutes. I cannot set timers on this device.")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: played))
        let samples = stride(from: 0, to: bytes.count - 1, by: 2).map { Float(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)) / 32_768 }
        let chimes = Sound.hotwordChime.samples + Sound.doneChime.samples
        #expect(abs(Double(samples.count - chimes.count) / 16_000 - (spoken["audio_s"] as? Double ?? 0)) < 0.01)
        #expect(zip(samples, chimes).allSatisfy { abs($0 - $1) < 1e-3 })
    }

    @Test func aHotwordWhileTheAnswerIsSpokenIsABargeIn() throws {
        // An answer of about 20 s: the timeline says it is heard that long, whatever the `null`
        // device under the speaker does with it.
        let long = String(repeating: "The weather in Berlin is sunny with twenty degrees. ", count: 6)
        let server = try LoopbackHTTPServer(script: [.json(#"{"answers":[{"data":[],"actions":[{"type":"answer","expression":"\#(long)"}]}]}"#)])
        defer { server.stop() }
        let (process, output, errors) = try startDaemon(arguments: ["--config", "/dev/null", "--server", server.url.absoluteString])
        defer { if process.isRunning { process.terminate() } }
        let writer = try openFIFOForWriting(within: 10)
        try play(try AudioFileReader(path: "TestAudio/commands/hotword_02_slt.flac").remainingSamples(), into: writer)
        #expect(try playSilence(into: writer, until: "\"type\":\"spoken\"", in: output, within: 20).found,
                "\((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
        // The person speaks a moment into the answer. Without the pause, the FIFO would hand the
        // whole recording over within milliseconds of the answer's start, and each period read is
        // dated back by the audio the device says still waits (up to a period): the keyword's
        // frames could be dated before the answer began, as no live microphone would.
        let answerBegan = Date()
        while Date().timeIntervalSince(answerBegan) < 0.5 {
            try play(Self.quietPeriod, into: writer)
            usleep(30_000)
        }
        let person = try #require(try FileManager.default.contentsOfDirectory(atPath: "TestAudio")
            .first { $0.hasPrefix("positive_command_what-is-the-weather-in-berlin") && $0.hasSuffix("_noise.wav") })
        try play(try AudioFileReader(path: "TestAudio/" + person).remainingSamples(), into: writer)
        #expect(try playSilence(into: writer, until: "\"type\":\"barge_in\"", in: output, within: 10).found,
                "\((try? String(contentsOf: output, encoding: .utf8)) ?? "")\n\((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let types = try events(in: output).compactMap { $0["type"] as? String }.filter { $0 != "partial" }
        let spoken = try #require(types.firstIndex(of: "spoken"))
        #expect(Array(types[spoken...].prefix(3)) == ["spoken", "barge_in", "hotword"], "\(types)")
    }

    /// Defines a playback device `name` that writes what it plays into a new FIFO, and returns
    /// the FIFO's path: the test reads it, at the pace of a speaker or not at all.
    private func addFIFOPlaybackDevice(named name: String) throws -> String {
        let speaker = folder.appendingPathComponent("\(name).fifo").path
        #expect(mkfifo(speaker, 0o600) == 0)
        try (String(contentsOfFile: alsaConfiguration, encoding: .utf8)
             + "\npcm.\(name) { type file file \"\(speaker)\" format \"raw\" slave.pcm { type null } }\n")
            .write(toFile: alsaConfiguration, atomically: false, encoding: .utf8)
        return speaker
    }

    /// Runs the daemon playing on `playbackDevice` (with `arguments` added), says the timer
    /// command, and once SUSI's long answer (about 35 s of speech) has been spoken for 3 s,
    /// calls `meanwhile` with the capture FIFO's writer and the events file, then stops the
    /// daemon with SIGTERM; returns its exit status, the seconds it took, its events and its log.
    private func speakALongAnswer(on playbackDevice: String, arguments: [String] = [],
                                  meanwhile: (FileHandle, URL) throws -> Void = { _, _ in }) throws
        -> (status: Int32, seconds: Double, events: [[String: Any]], log: String) {
        let long = String(repeating: "The weather in Berlin is sunny with twenty degrees. ", count: 11)
        let server = try LoopbackHTTPServer(script: [.json(#"{"answers":[{"data":[],"actions":[{"type":"answer","expression":"\#(long)"}]}]}"#)])
        defer { server.stop() }
        let (process, output, errors) = try startDaemon(arguments: ["--config", "/dev/null", "--server", server.url.absoluteString, "--no-sounds"] + arguments,
                                                        playbackDevice: playbackDevice)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let writer = try openFIFOForWriting(within: 10)
        defer { try? writer.close() }
        try play(try AudioFileReader(path: "TestAudio/commands/hotword_02_slt.flac").remainingSamples(), into: writer)
        #expect(try playSilence(into: writer, until: "\"type\":\"answer\"", in: output, within: 30).found,
                "\((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
        _ = try playSilence(into: writer, until: "never", in: output, within: 3)
        try meanwhile(writer, output)
        let stopped = terminate(process)
        return (stopped.status, stopped.seconds, try events(in: output), try String(contentsOf: errors, encoding: .utf8))
    }

    /// A playback device `paced` that takes what is played as fast as a real speaker would: a
    /// FIFO that the test empties at 32,000 bytes a second.
    private func addPacedSpeaker() throws {
        let speaker = try addFIFOPlaybackDevice(named: "paced")
        Thread {
            guard let listener = FileHandle(forReadingAtPath: speaker) else { return }
            while !listener.readData(ofLength: 1_024).isEmpty { usleep(32_000) }
        }.start()
    }

    /// systemd waits 5 s for a stop: an answer being spoken, which may take half a minute, is
    /// stopped.
    @Test func stopsPromptlyOnSIGTERMWhileAnAnswerIsSpoken() throws {
        try addPacedSpeaker()
        let stopped = try speakALongAnswer(on: "paced")
        #expect(stopped.status == 0)
        #expect(stopped.seconds < Self.promptExit, "\(stopped.seconds) s for an answer of about 35 s")
        #expect(stopped.events.last?["type"] as? String == "summary")
        // It was playing, and was stopped part-way.
        let spoken = try #require(stopped.events.first { $0["type"] as? String == "spoken" }, "\(stopped.events)")
        #expect((spoken["interrupted_after_s"] as? Double).map { $0 > 1 && $0 < 30 } == true, "\(spoken)")
    }

    /// A push-to-talk `listen` while an answer is spoken stops the answer, as the hotword does:
    /// else the person would be heard over the device's own voice, and the session would take
    /// what they say for the device's sound.
    @Test func aListenRequestStopsTheAnswerBeingSpoken() throws {
        try addPacedSpeaker()
        let path = folder.appendingPathComponent("events.sock").path
        let stopped = try speakALongAnswer(on: "paced", arguments: ["--events-socket", path]) { writer, output in
            let client = try EventSocketTestClient(path)
            #expect(client.send("{\"type\":\"listen\"}\n"))
            #expect(try playSilence(into: writer, until: "\"type\":\"spoken\"", in: output, within: 10).found)
        }
        #expect(stopped.status == 0, "\(stopped.log)")
        let spoken = try #require(stopped.events.first { $0["type"] as? String == "spoken" }, "\(stopped.events)")
        #expect((spoken["interrupted_after_s"] as? Double).map { $0 > 1 && $0 < 30 } == true, "\(spoken)")
        #expect(stopped.events.contains { $0["type"] as? String == "listen" }, "\(stopped.events)")
    }

    /// A speaker that stopped taking samples (a FIFO no one reads: ALSA's `file` PCM blocks in
    /// write(2), where no time limit of ALSA's reaches) does not hold up the stop: the daemon
    /// exits with its summary as promptly as when a capture device stalls.
    @Test func stopsPromptlyOnSIGTERMWhileThePlaybackDeviceTakesNoSamples() throws {
        let speaker = try addFIFOPlaybackDevice(named: "stuck")
        // Opened for reading, so that the device opens, and never read.
        let unread = open(speaker, O_RDONLY | O_NONBLOCK)
        #expect(unread >= 0)
        defer { close(unread) }
        let stopped = try speakALongAnswer(on: "stuck")
        #expect(stopped.status == 0, "\(stopped.log)")
        #expect(stopped.seconds < Self.promptExit, "\(stopped.seconds) s")
        #expect(stopped.events.last?["type"] as? String == "summary", "\(stopped.events)")
    }

    @Test func keepsAQueryInFlightInTheSpoolOnSIGTERM() throws {
        // The server takes far longer than the shutdown may: the query must be spooled, not lost.
        let server = try LoopbackHTTPServer(script: [.json(SpokenCommandTests.timerAnswer, delay: .seconds(20))])
        defer { server.stop() }
        let spool = folder.appendingPathComponent("spool").path
        let run = try runDaemon(playing: "TestAudio/commands/hotword_02_slt.flac",
                                arguments: ["--server", server.url.absoluteString, "--spool-dir", spool],
                                until: "\"type\":\"final\"")
        #expect(run.status == 0)
        #expect(run.secondsToExit < Self.promptExit, "\(run.secondsToExit) s")
        let queries = run.events.filter { $0["type"] as? String == "query" }
        #expect(queries.count == 1)
        #expect(queries.first?["status"] as? String == "spooled")
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool).filter { $0.hasSuffix(".json") }.count == 1)
        // The summary comes after the query's fate and counts it.
        #expect(run.events.last?["type"] as? String == "summary", "\(run.events)")
        #expect(run.events.last?["unanswered"] as? Int == 1)
    }

    /// `--log-level error` keeps what goes wrong in the log: an `error` event is logged at the
    /// error level, and information is left out.
    @Test func logsErrorEventsAtTheErrorLevel() throws {
        let port = try LoopbackHTTPServer.closedPort()
        let run = try runDaemon(playing: "TestAudio/commands/hotword_02_slt.flac",
                                arguments: ["--log-level", "error", "--server", "http://127.0.0.1:\(port)", "--no-sounds", "--no-speech"],
                                until: "\"type\":\"error\"")
        #expect(run.status == 0)
        let lines = run.log.split(separator: "\n")
        #expect(lines.contains { $0.contains(" error ") && $0.contains("cannot reach the SUSI server") }, "\(run.log)")
        #expect(!lines.contains { $0.contains(" info ") }, "\(run.log)")
    }

    @Test func dropsACommandCutOffBySIGTERMWhileItIsSpokenInsteadOfSpoolingIt() throws {
        let server = try LoopbackHTTPServer(script: [.json(SpokenCommandTests.timerAnswer)])
        defer { server.stop() }
        let spool = folder.appendingPathComponent("spool").path
        // Played up to the middle of "set a timer for ten minutes" (1.37 s to 2.89 s), whose
        // last period then repeats: speech that goes on until SIGTERM.
        let run = try runDaemon(playing: "TestAudio/commands/hotword_02_slt.flac", cutAt: 2.2,
                                arguments: ["--server", server.url.absoluteString, "--spool-dir", spool],
                                until: "\"type\":\"partial\"")
        #expect(run.status == 0)
        let types = run.events.compactMap { $0["type"] as? String }.filter { $0 != "partial" }
        #expect(types == ["device", "start", "hotword", "command_cut_off", "summary"], "\(types)")
        #expect(run.events.last?["unanswered"] as? Int == 0)
        #expect(server.recordedRequests.isEmpty)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: spool)) ?? []).filter { $0.hasSuffix(".json") }.isEmpty)
        #expect(run.log.contains("command cut off while being spoken (shutdown, or the device stopped), dropped: "), "\(run.log)")
    }

    @Test func savesTheAudioHeardSoFarOfACommandCutOffBySIGTERM() throws {
        let saved = folder.appendingPathComponent("wakes").path
        let fixture = "TestAudio/commands/hotword_02_slt.flac"
        // Played up to the middle of the command, whose last period then repeats until SIGTERM.
        let run = try runDaemon(playing: fixture, cutAt: 2.2, arguments: ["--no-chat", "--save-audio", saved],
                                until: "\"type\":\"partial\"")
        #expect(run.status == 0)
        #expect(run.secondsToExit < Self.promptExit, "\(run.secondsToExit) s")
        let types = run.events.compactMap { $0["type"] as? String }.filter { $0 != "partial" }
        #expect(types == ["device", "start", "hotword", "command_cut_off", "audio_saved", "summary"], "\(types)")
        let recording = try #require(run.events.first { $0["type"] as? String == "audio_saved" })
        let hotword = try #require(run.events.first { $0["type"] as? String == "hotword" })
        let stopped = try #require(run.events.first { $0["type"] as? String == "command_cut_off" }?["time"] as? Double)
        let path = try #require(recording["path"] as? String)
        #expect(try FileManager.default.contentsOfDirectory(atPath: saved) == [URL(fileURLWithPath: path).lastPathComponent])
        #expect(URL(fileURLWithPath: path).lastPathComponent.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z_susi\.wav/#) != nil, "\(path)")
        #expect(recording["time"] as? Double == hotword["time"] as? Double)
        #expect(recording["device"] as? String == "fixture")
        // The keyword starts 0.8 s in: the pre-roll is what the stream has, from its start.
        let start = try #require(recording["start"] as? Double), end = try #require(recording["end"] as? Double)
        #expect(start == 0)
        #expect(abs(end - stopped) < 0.0005, "saved up to \(end) s, stopped at \(stopped) s")
        let audio = try AudioFileReader(path: path).remainingSamples()
        #expect(abs(audio.count - Int((end * 16_000).rounded())) <= 16, "\(audio.count) samples up to \(end) s")
        // As played (before the cut, to the period; after it, the last period again and again).
        let played = Array(try AudioFileReader(path: CommandRunner.repository.appendingPathComponent(fixture).path).remainingSamples()
            .prefix(Int(2.2 * 16_000) / 480 * 480))
        let difference = zip(audio, played).map { abs($0 - $1) }.max() ?? 1
        let heardUntil = try #require(hotword["time"] as? Double)
        #expect(Double(audio.count) / 16_000 > heardUntil && difference < 2e-4,
                "\(audio.count) samples, differing from the fixture by up to \(difference)")
    }

    /// The daemon listening with a configuration file, fed through `writer`.
    struct ListeningDaemon {
        let process: Process
        let output: URL
        let errors: URL
        let writer: FileHandle
        let configuration: String
        /// Samples of silence played until detection was set up.
        let samplesBeforeStart: Int

        var log: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
    }

    /// Starts the daemon (without transcription unless `transcribing`, with `environment` added
    /// to the tests' own) on a configuration file holding `configuration` and plays silence
    /// until detection is set up.
    func startListening(configuration: String, transcribing: Bool = false, environment: [String: String] = [:]) throws -> ListeningDaemon {
        let path = folder.appendingPathComponent("config.toml").path
        try configuration.write(toFile: path, atomically: false, encoding: .utf8)
        let (process, output, errors) = try startDaemon(arguments: ["--config", path] + (transcribing ? [] : ["--no-transcription"]),
                                                        environment: environment)
        let writer = try openFIFOForWriting(within: 10)
        let started = try playSilence(into: writer, until: "\"type\":\"start\"", in: output, within: 30)
        let daemon = ListeningDaemon(process: process, output: output, errors: errors, writer: writer, configuration: path,
                                     samplesBeforeStart: started.samples)
        try #require(started.found, "no start: \(daemon.log)")
        return daemon
    }

    /// Writes `configuration` into the daemon's configuration file, sends SIGHUP and plays
    /// silence until an event line contains `awaited`; returns the samples played.
    private func reload(_ daemon: ListeningDaemon, with configuration: String, until awaited: String) throws -> Int {
        try configuration.write(toFile: daemon.configuration, atomically: false, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        let played = try playSilence(into: daemon.writer, until: awaited, in: daemon.output, within: 60)
        try #require(played.found, "no \(awaited): \(daemon.log)")
        #expect(daemon.process.isRunning)
        return played.samples
    }

    /// Plays "susi, set a timer for ten minutes" and silence, waits for an event line holding
    /// `awaited`, stops the daemon with SIGTERM (it must exit with 0) and returns its events.
    private func playHotwordAndStop(_ daemon: ListeningDaemon, until awaited: String = "\"type\":\"hotword\"") throws -> [[String: Any]] {
        try play(try AudioFileReader(path: CommandRunner.repository.appendingPathComponent("TestAudio/commands/hotword_02_slt.flac").path)
            .remainingSamples() + Signal.quietRoom(samples: 24_000), into: daemon.writer)
        #expect(waitForLine(containing: awaited, in: daemon.output, within: 30), "no \(awaited): \(daemon.log)")
        try daemon.writer.close()
        kill(daemon.process.processIdentifier, SIGTERM)
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationStatus == 0)
        return try events(in: daemon.output)
    }

    @Test func appliesANewKeyphraseOnSIGHUPAndHearsItWithoutLosingAudio() throws {
        let daemon = try startListening(configuration: "[hotword]\nkeywords = \"computer\"\n")
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        // A new keyphrase and a token (applied live; the token never shown), and a capture
        // period (applied only by a restart).
        let silenceDuringReload = try reload(daemon, with: "[hotword]\nkeywords = \"susi\"\n[capture]\nperiod_ms = 20\n[chat]\naccess_token = \"SECRETTOKEN123\"\n",
                                             until: "\"type\":\"reloaded\"")
        // "susi, set a timer for ten minutes", heard by the new detector, placed on the stream
        // that went on through the reload.
        let events = try playHotwordAndStop(daemon)

        let types = events.compactMap { $0["type"] as? String }
        #expect(types == ["device", "start", "reloaded", "hotword", "summary"], "\(types)")
        let start = try #require(events.first { $0["type"] as? String == "start" })
        #expect((start["keywords"] as? [[String: Any]])?.compactMap { $0["keyword"] as? String } == ["computer"])
        let reload = try #require(events.first { $0["type"] as? String == "reloaded" })
        #expect(reload["applied"] as? [String] == ["hotword.keywords", "chat.access_token"])
        #expect(reload["needs_restart"] as? [String] == ["capture.period_ms"])
        #expect((reload["keywords"] as? [[String: Any]])?.compactMap { $0["keyword"] as? String } == ["susi"])
        #expect(reload["decision"] as? String == "two-stage")
        let hotword = try #require(events.first { $0["type"] as? String == "hotword" })
        #expect(hotword["keyword"] as? String == "susi")
        // Every sample played reached the detectors: the hit lies where it does in the file,
        // after the silence played before it (a lost period would move it by 30 ms).
        let silenceBefore = Double(daemon.samplesBeforeStart + silenceDuringReload) / 16_000
        let fromFile = try #require(try CommandRunner.run(["--file", "TestAudio/commands/hotword_02_slt.flac", "--json", "--config", "/dev/null",
                                                           "--no-transcription"]).events(ofType: "hotword").first)
        let live = try #require(hotword["end"] as? Double), file = try #require(fromFile["end"] as? Double)
        #expect(abs(live - silenceBefore - file) < 0.025, "live \(live) s after \(silenceBefore) s of silence, file \(file) s")
        #expect(!(try String(contentsOf: daemon.output, encoding: .utf8) + daemon.log).contains("SECRETTOKEN123"))
        #expect(daemon.log.contains("configuration reloaded: applied hotword.keywords, chat.access_token; not applied, restart to apply: capture.period_ms"),
                "\(daemon.log)")
    }

    @Test func sendsTheNextQueryWithTheChatSettingsReadOnSIGHUP() throws {
        let before = try LoopbackHTTPServer(script: [.json(SpokenCommandTests.timerAnswer)])
        let after = try LoopbackHTTPServer(script: [.json(SpokenCommandTests.timerAnswer)])
        defer { before.stop(); after.stop() }
        let daemon = try startListening(configuration: "[chat]\nserver = \"\(before.url.absoluteString)\"\n", transcribing: true)
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        _ = try reload(daemon, with: "[chat]\nserver = \"\(after.url.absoluteString)\"\nlanguage = \"de\"\n", until: "\"type\":\"reloaded\"")
        let events = try playHotwordAndStop(daemon, until: "\"type\":\"answer\"")

        let reload = try #require(events.first { $0["type"] as? String == "reloaded" })
        #expect(reload["applied"] as? [String] == ["chat.server", "chat.language"])
        #expect(reload["needs_restart"] as? [String] == [])
        // The detector was kept: no new detection settings to report.
        #expect(reload["keywords"] == nil)
        #expect(before.recordedRequests.isEmpty)
        #expect(after.recordedRequests.first?.parameters["q"] == "set a timer for ten minutes")
        #expect(after.recordedRequests.first?.parameters["language"] == "de")
    }

    @Test func keepsTheOldSettingsWhenTheConfigurationReadOnSIGHUPIsWrong() throws {
        let daemon = try startListening(configuration: "[hotword]\nkeywords = \"susi\"\n")
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        // A value the file cannot hold (a token without quotes, not to be shown), then a
        // keyphrase no dictionary knows (the file reads, but the detector cannot be set up).
        _ = try reload(daemon, with: "[hotword]\nkeywords = \"computer\"\n[chat]\naccess_token = SECRETTOKEN123\n", until: "\"type\":\"reload_failed\"")
        _ = try reload(daemon, with: "[hotword]\nkeywords = \"zorblatx\"\n", until: "zorblatx")
        // Still listening for "susi", as before.
        let events = try playHotwordAndStop(daemon)

        let types = events.compactMap { $0["type"] as? String }
        #expect(types == ["device", "start", "reload_failed", "reload_failed", "hotword", "summary"], "\(types)")
        let failures = events.filter { $0["type"] as? String == "reload_failed" }.compactMap { $0["error"] as? String }
        #expect(failures.first?.contains("\(daemon.configuration):4: key \"chat.access_token\"") == true, "\(failures)")
        #expect(failures.last?.contains("zorblatx") == true, "\(failures)")
        #expect(events.first { $0["type"] as? String == "hotword" }?["keyword"] as? String == "susi")
        #expect(!(try String(contentsOf: daemon.output, encoding: .utf8) + daemon.log).contains("SECRETTOKEN123"))
        #expect(daemon.log.contains("configuration not reloaded, still using the previous one: "), "\(daemon.log)")
    }

    /// Without `--config`, SIGHUP reads the file found at start again: one that has gone is a
    /// failed reload, not a quiet fall-back to another location or to the defaults.
    @Test func readsTheFileFoundAtStartAgainOnSIGHUPAndNoOtherOne() throws {
        let xdg = folder.appendingPathComponent("xdg/susi-listen"), home = folder.appendingPathComponent("home/.config/susi-listen")
        for place in [xdg, home] { try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true) }
        let found = xdg.appendingPathComponent("config.toml").path
        try "[hotword]\nkeywords = \"susi\"\n".write(toFile: found, atomically: false, encoding: .utf8)
        try "[hotword]\nkeywords = \"computer\"\n".write(toFile: home.appendingPathComponent("config.toml").path, atomically: false, encoding: .utf8)
        let (process, output, errors) = try startDaemon(arguments: ["--no-transcription"], environment: [
            "XDG_CONFIG_HOME": folder.appendingPathComponent("xdg").path, "HOME": folder.appendingPathComponent("home").path])
        defer { if process.isRunning { process.terminate() } }
        let writer = try openFIFOForWriting(within: 10)
        try #require(try playSilence(into: writer, until: "\"type\":\"start\"", in: output, within: 30).found,
                     "\((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
        try FileManager.default.removeItem(atPath: found)
        kill(process.processIdentifier, SIGHUP)
        #expect(try playSilence(into: writer, until: "\"type\":\"reload", in: output, within: 60).found)
        try writer.close()
        #expect(terminate(process).status == 0)
        let reloads = try events(in: output).filter { ($0["type"] as? String)?.hasPrefix("reload") == true }
        #expect(reloads.first?["type"] as? String == "reload_failed", "\(reloads)")
        #expect((reloads.first?["error"] as? String)?.contains(found) == true, "\(reloads)")
    }

    /// Plays silence, a period at a time, until `client` receives an event of type `type`;
    /// returns the events it received up to and with that one (none when it did not come
    /// within `seconds`): requests are carried out between frames, which need frames to come.
    private func playSilence(into writer: FileHandle, untilEvent type: String, to client: EventSocketTestClient,
                             within seconds: Double = 20) throws -> [[String: Any]] {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var received: [[String: Any]] = []
        while Date() < deadline {
            try play(Self.quietPeriod, into: writer)
            while let event = client.event(within: 0.01) {
                received.append(event)
                if event["type"] as? String == type { return received }
            }
        }
        return []
    }

    @Test func programsOnTheEventSocketGetEveryEventAndMuteUnmuteAndAskForACommand() throws {
        let path = folder.appendingPathComponent("events.sock").path
        let (process, output, errors) = try startDaemon(arguments: ["--config", "/dev/null", "--no-chat", "--events-socket", path,
                                                                    // The FIFO never hears the speaker: a canceller has no echo to learn here.
                                                                    "--echo-cancellation", "off"])
        defer { if process.isRunning { process.terminate() } }
        var log: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
        let writer = try openFIFOForWriting(within: 30)
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & 0o777 == 0o660, "\(log)")
        let client = try EventSocketTestClient(path)
        // Served once its first request is answered.
        #expect(client.send("{\"type\":\"unmute\"}\n"))
        #expect(!(try playSilence(into: writer, untilEvent: "unmuted", to: client)).isEmpty, "\(log)")

        // A line that is no request is answered to its sender; a program that sends and never
        // reads fills its queue with those answers and is dropped; no one else waits for it.
        #expect(client.send("hello\n"))
        let error = try playSilence(into: writer, untilEvent: "error", to: client).last
        #expect((error?["message"] as? String)?.hasPrefix("not a request: not a JSON object: hello") == true, "\(String(describing: error))")
        let stuck = try EventSocketTestClient(path)
        var sent = 0
        while sent < 100_000 && stuck.send(String(repeating: "{\"type\":\"shout\"}\n", count: 100)) { sent += 1 }
        // "susi, set a timer for ten minutes", heard and transcribed, every event on the socket.
        let fixture = try AudioFileReader(path: CommandRunner.repository.appendingPathComponent("TestAudio/commands/hotword_02_slt.flac").path).remainingSamples()
        try play(fixture, into: writer)
        let command = try playSilence(into: writer, untilEvent: "final", to: client)
        #expect(command.compactMap { $0["type"] as? String }.filter { $0 != "partial" } == ["hotword", "final"], "\(command)")
        #expect(command.last?["text"] as? String == "set a timer for ten minutes")
        #expect(log.contains("events client 2 dropped: it left a full socket buffer of events unread"), "\(log)")

        // Muted, the same words give no hotword; the 3 s of silence after them outlast what
        // the FIFO holds, so they were heard before unmute.
        #expect(client.send("{\"type\":\"mute\"}\n"))
        #expect(!(try playSilence(into: writer, untilEvent: "muted", to: client)).isEmpty)
        try play(fixture + Signal.quietRoom(samples: 48_000), into: writer)
        #expect(client.send("{\"type\":\"unmute\"}\n"))
        let whileMuted = try playSilence(into: writer, untilEvent: "unmuted", to: client)
        #expect(whileMuted.compactMap { $0["type"] as? String } == ["unmuted"], "\(whileMuted)")

        // listen starts a session at once; nothing is said, so no command comes of it.
        #expect(client.send("{\"type\":\"listen\"}\n"))
        let session = try playSilence(into: writer, untilEvent: "no_command", to: client)
        #expect(session.compactMap { $0["type"] as? String } == ["listen", "no_command"], "\(session)")
        #expect(session.first?["device"] as? String == "fixture")

        // A second daemon on the same socket is refused; the first keeps it. The first hears a
        // quiet room meanwhile: the second's models take seconds to load on a busy machine, and
        // a device without audio for 2 s stalls.
        let second = try Self.feedingQuietRoom(into: writer) {
            try CommandRunner.run(["--config", "/dev/null", "--device", "fixture", "--alsa-config", alsaConfiguration, "--events-socket", path])
        }
        #expect(second.status == 5)
        #expect(second.standardError.contains("susi-listen: --events-socket (events.socket): cannot listen on unix://\(path): another process listens there"), "\(second.standardError)")

        // ALSA's file PCM repeats its last period once the FIFO ends, so the loop sees SIGTERM.
        try writer.close()
        kill(process.processIdentifier, SIGTERM)
        var last: [String: Any]?
        while let event = client.event(within: 10) { last = event }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(last?["type"] as? String == "summary")
        #expect(client.isClosed)
        #expect(!FileManager.default.fileExists(atPath: path))
        // The socket's events are standard output's.
        let printed = try events(in: output).compactMap { $0["type"] as? String }.filter { $0 != "partial" }
        #expect(printed == ["device", "start", "unmuted", "hotword", "final", "muted", "unmuted", "listen", "no_command", "summary"], "\(printed)")
    }

    /// What the playback thread reports (a device that cannot play, an answer spoken) reaches
    /// the socket's programs as every other event does: an LED ring learns the device is silent.
    @Test func programsOnTheEventSocketGetThePlaybackThreadsEventsToo() throws {
        let path = folder.appendingPathComponent("events.sock").path
        let (process, _, errors) = try startDaemon(arguments: ["--config", "/dev/null", "--no-chat", "--events-socket", path],
                                                   playbackDevice: "nosuchspeaker")
        defer { if process.isRunning { process.terminate() } }
        var log: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
        let writer = try openFIFOForWriting(within: 30)
        let client = try EventSocketTestClient(path)
        #expect(client.send("{\"type\":\"unmute\"}\n"))
        #expect(!(try playSilence(into: writer, untilEvent: "unmuted", to: client)).isEmpty, "\(log)")
        // listen plays the hotword sound, which the missing device cannot.
        #expect(client.send("{\"type\":\"listen\"}\n"))
        let error = try playSilence(into: writer, untilEvent: "error", to: client).last
        #expect((error?["message"] as? String)?.hasPrefix("playback: nosuchspeaker") == true, "\(String(describing: error)) \(log)")
        try writer.close()
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    @Test func logsOnceAndGoesOnListeningWhenEventsCannotBeWritten() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? full.close() }
        let run = try runDaemon(playing: "TestAudio/commands/hotword_02_slt.flac", arguments: ["--no-transcription"],
                                until: "hotword \"susi\"", standardOutput: full)
        #expect(run.status == 0, "\(run.log)")
        #expect(run.log.components(separatedBy: "cannot write events to standard output (No space left on device)").count == 2, "\(run.log)")
        // The failure came with the first event; the hotword was heard after it.
        let failure = try #require(run.log.range(of: "cannot write events"))
        let hotword = try #require(run.log.range(of: "hotword \"susi\""))
        #expect(failure.lowerBound < hotword.lowerBound)
        #expect(run.log.contains("stopped after "), "\(run.log)")
    }

    /// Sends SIGTERM to `process` and returns its exit status and the seconds it took to exit;
    /// one that has not exited after three times ``promptExit`` is killed (status 9), so that a
    /// hang fails the test instead of holding up the suite.
    func terminate(_ process: Process) -> (status: Int32, seconds: Double) {
        let stopAsked = Date()
        kill(process.processIdentifier, SIGTERM)
        while process.isRunning, Date().timeIntervalSince(stopAsked) < 3 * Self.promptExit { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (process.terminationStatus, Date().timeIntervalSince(stopAsked))
    }

    @Test func stopsPromptlyOnSIGTERMWhileTheDeviceStalls() throws {
        let daemon = try startListening(configuration: "")
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        // The writer stays open and sends nothing more: once the FIFO is empty, ALSA's `file`
        // PCM blocks in read(2), where no time limit of ALSA's reaches.
        var unread: Int32 = 1
        let deadline = Date(timeIntervalSinceNow: 10)
        while unread > 0, Date() < deadline, ioctl(daemon.writer.fileDescriptor, UInt(FIONREAD), &unread) == 0 { usleep(10_000) }
        #expect(unread == 0, "the daemon did not read what was played")
        let stopped = terminate(daemon.process)
        #expect(stopped.status == 0, "\(daemon.log)")
        #expect(stopped.seconds < Self.promptExit, "\(stopped.seconds) s")
        let events = try events(in: daemon.output)
        #expect(events.last?["type"] as? String == "summary", "\(events)")
        try daemon.writer.close()
    }

    @Test func logsAStalledDeviceOnceAndWhenItDeliversAgain() throws {
        let daemon = try startListening(configuration: "")
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        // The writer goes quiet: after 2 s without a frame the daemon warns, once.
        let stalled = "fixture: no audio for "
        #expect(waitForLine(containing: stalled, in: daemon.errors, within: 30), "\(daemon.log)")
        usleep(1_500_000)
        let warnings = daemon.log.split(separator: "\n").filter { $0.contains(stalled) }
        #expect(warnings.count == 1 && warnings[0].contains(" warning "), "\(daemon.log)")
        let resumed = try playSilence(into: daemon.writer, until: "fixture: audio again after ", in: daemon.errors, within: 30)
        #expect(resumed.found, "\(daemon.log)")
        let stopped = terminate(daemon.process)
        #expect(stopped.status == 0, "\(daemon.log)")
        let summary = try #require(try events(in: daemon.output).last)
        #expect(summary["stalls"] as? Int == 1, "\(summary)")
        try daemon.writer.close()
    }

    /// The device stalls right after a command: the command ends there, and what is heard once
    /// the device delivers again (someone else talking) is not joined to it, however long the gap.
    @Test func aStallEndsTheCommandAndNothingAfterItIsJoinedToIt() throws {
        let saved = try TemporaryDirectory()
        let daemon = try startListening(configuration: "[chat]\nenabled = false\n[log]\nsave_audio_dir = \"\(saved.path)\"\n", transcribing: true)
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        let stalls = { daemon.log.components(separatedBy: "fixture: no audio for ").count - 1 }
        let stallsBefore = stalls()
        // "susi, set a timer for ten minutes", its speech ending at 2.93 s, cut 0.32 s later.
        let command = try AudioFileReader(path: CommandRunner.repository.appendingPathComponent("TestAudio/commands/hotword_02_slt.flac").path)
            .remainingSamples()
        try play(Array(command.prefix(52_000)), into: daemon.writer)
        let deadline = Date(timeIntervalSinceNow: 30)
        while stalls() == stallsBefore && Date() < deadline { usleep(50_000) }
        #expect(stalls() == stallsBefore + 1, "\(daemon.log)")
        // The command's audio is saved while the device delivers nothing, not once it delivers again.
        #expect(waitForLine(containing: "\"type\":\"audio_saved\"", in: daemon.output, within: 3), "\(daemon.log)")
        // Someone else, once the device delivers again.
        let talk = try AudioFileReader(path: CommandRunner.repository.appendingPathComponent("TestAudio/commands/held-out_03_rms.flac").path)
            .remainingSamples()
        try play(talk + Signal.quietRoom(samples: 32_000), into: daemon.writer)
        // Stopped once all of it has been read and heard.
        var unread: Int32 = 1
        while unread > 0, Date() < deadline, ioctl(daemon.writer.fileDescriptor, UInt(FIONREAD), &unread) == 0 { usleep(10_000) }
        usleep(500_000)
        try daemon.writer.close()
        #expect(terminate(daemon.process).status == 0, "\(daemon.log)")
        let events = try events(in: daemon.output)
        let finals = events.filter { $0["type"] as? String == "final" }
        #expect(finals.first?["text"] as? String == "set a timer for ten minutes", "\(events)")
        #expect(finals.first?["reason"] as? String == "finished", "\(events)")
    }

    /// A device that stalls for 15 s without an error (a USB microphone that stopped
    /// streaming) is closed and opened again, as one that went away is.
    @Test func opensADeviceThatStalledLongAgain() throws {
        let daemon = try startListening(configuration: "")
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        #expect(waitForLine(containing: "no audio for 15 s, though the device reports no error; opening it again", in: daemon.output, within: 30),
                "\(daemon.log)")
        // Opened again at once: the FIFO has its writer. (Nothing is written to it now: the
        // device closed leaves it for a moment without a reader.)
        let opened = { (try? events(in: daemon.output))?.filter { $0["type"] as? String == "device" }.compactMap { $0["status"] as? String } ?? [] }
        let deadline = Date(timeIntervalSinceNow: 10)
        while opened() != ["opened", "stalled", "lost", "opened"] && Date() < deadline { usleep(50_000) }
        #expect(opened() == ["opened", "stalled", "lost", "opened"], "\(daemon.log)")
        try daemon.writer.close()
        #expect(terminate(daemon.process).status == 0, "\(daemon.log)")
    }

    @Test func stopsPromptlyOnSIGTERMWhileTheDeviceCannotBeOpenedYet() throws {
        // Nobody ever opens the FIFO for writing: ALSA's `file` PCM blocks in open(2).
        let (process, output, errors) = try startDaemon(arguments: ["--config", "/dev/null", "--no-transcription"])
        defer { if process.isRunning { process.terminate() } }
        // Logged as the service starts, once the models are loaded: capture is being opened.
        #expect(waitForLine(containing: "echo cancellation on", in: errors, within: 30))
        // An open that blocks is said once.
        #expect(waitForLine(containing: "fixture: still opening after 2 s; waiting for it", in: errors, within: 10))
        let stopped = terminate(process)
        let log = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        #expect(stopped.status == 0, "\(log)")
        #expect(stopped.seconds < Self.promptExit, "\(stopped.seconds) s")
        // Never listening, it never said it was.
        let types = try events(in: output).compactMap { $0["type"] as? String }
        #expect(types == ["summary"], "\(types)")
    }

    /// A device that captures below 16 kHz (a Bluetooth headset in call mode) is warned about,
    /// as a file recorded so is; and one that delivers faster than any microphone (ALSA's
    /// `null`, a `file` PCM at the end of its input) too.
    @Test func warnsAboutADeviceBelowSixteenKilohertzAndOneFasterThanRealTime() throws {
        let configuration = folder.appendingPathComponent("narrow.conf").path
        try "pcm.narrow { type plug slave { pcm { type null } format S16_LE rate 8000 channels 1 } }\n"
            .write(toFile: configuration, atomically: false, encoding: .utf8)
        let errors = folder.appendingPathComponent("narrow.log")
        let process = try startListening(["--device", "narrow", "--alsa-config", configuration, "--config", "/dev/null", "--no-transcription",
                                          "--no-sounds", "--no-speech"], log: errors)
        defer { if process.isRunning { process.terminate() } }
        #expect(waitForLine(containing: "narrow captures at 8000 Hz, so it holds nothing above 4000 Hz", in: errors, within: 30))
        #expect(waitForLine(containing: "narrow delivers audio faster than real time (", in: errors, within: 30))
        #expect(terminate(process).status == 0)
    }

    /// Starts the daemon with `arguments` on a device its ALSA configuration defines (no FIFO
    /// to feed), its events written to `events` and its log to `log` (each discarded when nil).
    private func startListening(_ arguments: [String], events: URL? = nil, log: URL? = nil) throws -> Process {
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = CommandRunner.repository
        let handle = { (file: URL?) throws -> FileHandle in
            guard let file else { return FileHandle.nullDevice }
            try #require(FileManager.default.createFile(atPath: file.path, contents: nil))
            return try FileHandle(forWritingTo: file)
        }
        process.standardOutput = try handle(events)
        process.standardError = try handle(log)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// `--channel` reaches the capture device: the `device` event says which channel of a
    /// two-channel device is heard, and a channel it does not have is refused at start with
    /// exit code 3.
    @Test func hearsTheChannelNamedOfTheDeviceAndRefusesOneItDoesNotHave() throws {
        let configuration = folder.appendingPathComponent("pair.conf").path
        try """
            pcm.pair { type multi slaves.a { pcm { type plug slave { pcm { type null } format S16_LE rate 16000 channels 2 } } \
            channels 2 } bindings { 0 { slave a channel 0 } 1 { slave a channel 1 } } }

            """.write(toFile: configuration, atomically: false, encoding: .utf8)
        let arguments = ["--config", "/dev/null", "--device", "pair", "--alsa-config", configuration, "--no-transcription", "--no-sounds", "--no-speech"]

        let events = folder.appendingPathComponent("pair.jsonl")
        let process = try startListening(arguments + ["--channel", "1", "--json"], events: events)
        defer { if process.isRunning { process.terminate() } }
        #expect(waitForLine(containing: #""status":"opened","rate":16000,"channels":2,"format":"S16_LE","period_frames":480,"channel":1"#,
                            in: events, within: 30), "\((try? String(contentsOf: events, encoding: .utf8)) ?? "")")
        #expect(terminate(process).status == 0)

        let outcome = try CommandRunner.run(arguments + ["--channel", "2"])
        #expect(outcome.status == 3, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("pair: unsupported device: it has no channel 2 (counted from 0): it offers at most 2 channels"),
                "\(outcome.standardError)")
    }

    @Test func listsTheDevicesThatExistWhenTheDeviceIsMissing() throws {
        let outcome = try CommandRunner.run(["--device", "hw:CARD=NoSuchCard", "--config", "/dev/null"])
        #expect(outcome.status == 3)
        #expect(outcome.standardError.contains("hw:CARD=NoSuchCard: no such capture device (ALSA knows: "))
    }

    @Test func refusesAnEventsSocketInAGroupThatDoesNotExistOrForFiles() throws {
        let path = folder.appendingPathComponent("events.sock").path
        let group = try CommandRunner.run(["--config", "/dev/null", "--device", "fixture", "--alsa-config", alsaConfiguration,
                                           "--events-socket", path, "--events-socket-group", "no-such-group-x"])
        #expect(group.status == 5)
        #expect(group.standardError.contains("--events-socket (events.socket): cannot give unix://\(path) to group \"no-such-group-x\": no such group"), "\(group.standardError)")
        #expect(!FileManager.default.fileExists(atPath: path))
        let files = try CommandRunner.run(["--config", "/dev/null", "--file", "TestAudio/labels.tsv", "--events-socket", path])
        #expect(files.status == 64)
        #expect(files.standardError.contains("--events-socket is for listening on a device, not for --file runs"))
    }

    @Test func namesTheLineAndKeyOfABadConfigurationFile() throws {
        let path = folder.appendingPathComponent("config.toml").path
        try "[hotword]\nsensitivity = 7\ncolour = \"blue\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        let outcome = try CommandRunner.run(["--config", path, "--file", "TestAudio"])
        #expect(outcome.status == 78)
        #expect(outcome.standardError.contains("\(path):2: key \"hotword.sensitivity\""))
    }

    @Test func warnsAboutAnUnknownKeyAndGoesOn() throws {
        let path = folder.appendingPathComponent("config.toml").path
        try "[hotword]\nsensitivity = 0.4\ncolour = \"blue\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        let outcome = try CommandRunner.run(["--config", path, "--file", "TestAudio/labels.tsv", "--json"])
        #expect(outcome.standardError.contains("\(path):3: unknown key \"hotword.colour\" ignored"))
        let start = try #require(outcome.events(ofType: "start").first)
        let keywords = try #require(start["keywords"] as? [[String: Any]])
        #expect(keywords.first?["sensitivity"] as? Double == 0.4)
    }

    @Test(arguments: [
        // Sensitivities flag by flag for the configured keyphrases.
        ("keywords = [\"susi\", \"computer\"]", ["--sensitivity", "0.4", "--sensitivity", "0.6"], ["susi": 0.4, "computer": 0.6]),
        // A sensitivity shared by the configured keyphrases carries over to --keyword.
        ("sensitivity = 0.8", ["--keyword", "computer"], ["computer": 0.8]),
        // Sensitivities one per configured keyphrase do not: the default, but a configured
        // keyphrase keeps its own.
        ("keywords = [\"susi\", \"computer\"]\nsensitivity = [0.2, 0.8]", ["--keyword", "jarvis", "--keyword", "computer"], ["jarvis": 0.5, "computer": 0.8]),
    ])
    func combinesKeywordFlagsWithTheConfigurationFile(_ hotword: String, flags: [String], expected: [String: Double]) throws {
        let path = folder.appendingPathComponent("config-\(UUID().uuidString).toml").path
        try "[hotword]\n\(hotword)\n".write(toFile: path, atomically: false, encoding: .utf8)
        let outcome = try CommandRunner.run(["--config", path, "--file", "TestAudio/labels.tsv", "--json"] + flags)
        let start = try #require(outcome.events(ofType: "start").first, "\(outcome.standardError)")
        let keywords = try #require(start["keywords"] as? [[String: Any]])
        let sensitivities = Dictionary(uniqueKeysWithValues: keywords.compactMap { keyword in
            (keyword["keyword"] as? String).map { ($0, keyword["sensitivity"] as? Double ?? -1) }
        })
        #expect(sensitivities == expected)
    }

    @Test func refusesSensitivitiesThatDoNotMatchTheConfiguredKeyphrases() throws {
        let path = folder.appendingPathComponent("config-\(UUID().uuidString).toml").path
        try "[hotword]\nkeywords = [\"susi\", \"computer\"]\n".write(toFile: path, atomically: false, encoding: .utf8)
        let outcome = try CommandRunner.run(["--config", path, "--file", "TestAudio/labels.tsv", "--sensitivity", "0.1", "--sensitivity", "0.2", "--sensitivity", "0.3"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("--sensitivity: give one value or one per keyphrase (2), not 3"), "\(outcome.standardError)")
    }
}
