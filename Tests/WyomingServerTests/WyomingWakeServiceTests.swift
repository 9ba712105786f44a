import AudioInput
import Foundation
import HotwordDetection
import JSONText
import Testing
import ServerSockets
import SocketTestSupport
import WyomingServer

/// The server on real sockets, with the project's detector and labelled fixtures.
@Suite(.serialized) struct WyomingWakeServiceTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// "susi" from 0.500 to 1.004 s (TestAudio/labels.tsv).
    static let susi = "TestAudio/positive_alone_slt_z_norm_noise.wav"
    static let background = "TestAudio/negative_background_only_noise.wav"

    static func samples(_ fixture: String, silenceAfter seconds: Double = 0) throws -> [Float] {
        try AudioFileReader(path: repository.appendingPathComponent(fixture).path).remainingSamples()
            + [Float](repeating: 0, count: Int(seconds * 16_000))
    }

    /// Runs a server on a free loopback port (or `address`) while `body` runs, then stops it
    /// as SIGTERM would (cancellation) and checks it ended within `stopLimit` seconds. The
    /// server runs on a thread of its own (`ThreadTaskExecutor`) and times its own end, so the
    /// bound is on the server's stopping, not on the test waiting for a free thread.
    func withServer(address: ServerAddress = .tcp(host: "127.0.0.1", port: 0), maximumClients: Int = 8,
                    idleTimeout: Double = 30, keywords: [KeywordSetting] = [KeywordSetting(keyphrase: "susi")], events: EventSocket? = nil,
                    stopsWithin stopLimit: Double = 10, _ body: (ServerAddress) async throws -> Void) async throws {
        let spotter = KeywordSpotterConfiguration(
            keywords: keywords, modelFiles: AcousticModelFiles(keywordDictionary: Self.repository.appendingPathComponent("Models/keywords.dict").path))
        let detectors = DetectorPool(keptIdle: maximumClients) { try HotwordDetectorFactory.detector(configuration: spotter) }
        let (bound, announce) = AsyncStream<ServerAddress>.makeStream()
        let service = WyomingWakeService(
            configuration: WyomingServerConfiguration(address: address, maximumClients: maximumClients, idleTimeout: idleTimeout),
            program: WakeProgramDescription(keywords: keywords, decision: .twoStage, version: "test"),
            detectors: detectors, events: events, listening: { announce.yield($0) })
        let executor = ThreadTaskExecutor(named: "susi-listen wyoming server under test")
        defer { executor.stop() }
        let server = Task(executorPreference: executor) { () throws -> ContinuousClock.Instant in
            try await service.run()
            return ContinuousClock.now
        }
        var addresses = bound.makeAsyncIterator()
        let listening = try #require(await addresses.next())
        do {
            try await body(listening)
        } catch {
            server.cancel()
            throw error
        }
        let stopping = ContinuousClock.now
        server.cancel()
        let stopped = try await server.value
        // Stopping waits for no client; by default a bound that holds however loaded the machine is.
        #expect(stopping.duration(to: stopped) < .seconds(stopLimit), "stopped after \(stopping.duration(to: stopped))")
    }

    @Test func describeListsEveryKeyphraseAsAModelOfOneProgram() async throws {
        let keywords = [KeywordSetting(keyphrase: "susi", sensitivity: 0.6), KeywordSetting(keyphrase: "hey computer")]
        try await withServer(keywords: keywords) { address in
            let client = try WyomingTestClient(address)
            client.send(WyomingEvent(type: "describe"))
            let info = try #require(try client.next())
            #expect(info.type == "info")
            let programs = try #require(info["wake"]?.arrayValue)
            #expect(programs.count == 1)
            #expect(programs[0]["name"]?.scalarText == "susi-listen")
            #expect(programs[0]["installed"]?.scalarText == "true")
            let models = try #require(programs[0]["models"]?.arrayValue)
            #expect(models.map { $0["name"]?.scalarText } == ["susi", "hey computer"])
            #expect(models.map { $0["phrase"]?.scalarText } == ["susi", "hey computer"])
            // Home Assistant shows a model's description as the wake word's name.
            #expect(models.map { $0["description"]?.scalarText } == ["susi", "hey computer"])
            #expect(programs[0]["description"]?.scalarText?.contains("susi at sensitivity 0.6, hey computer at sensitivity 0.5 (two-stage)") == true)
            #expect(models[0]["languages"]?.text == #"["en"]"#)
        }
    }

    @Test func detectsSusiWithItsTimeAndTheClientMayCloseWithoutAudioStop() async throws {
        try await withServer { address in
            for _ in 0..<2 {
                let client = try WyomingTestClient(address)
                client.send(WyomingEvent(type: "detect", data: [("names", .array([.string("susi")]))]))
                let answers = try client.stream(try Self.samples(Self.susi, silenceAfter: 1), stop: false)
                #expect(answers.map(\.type) == ["detection"])
                #expect(answers.first?["name"]?.scalarText == "susi")
                // Spoken from 0.500 to 1.004 s; the detector reports it after the end.
                let milliseconds = try #require(answers.first?["timestamp"]?.intValue)
                #expect((1_000...2_000).contains(milliseconds))
            }
        }
    }

    /// The detector hears whole 30 ms frames whatever size the client's chunks are: 20 ms
    /// chunks (Home Assistant's), 64 ms and 100 ms give the same detections at the same times.
    @Test func hearsTheSameAtEveryChunkSize() async throws {
        try await withServer { address in
            let samples = try Self.samples("TestAudio/mixed_susi_and_near_misses.wav")
            var heard: [[String]] = []
            for seconds in [0.02, 0.064, 0.1] {
                let client = try WyomingTestClient(address)
                heard.append(try client.stream(samples, chunkSeconds: seconds).map { "\($0.type) \($0["timestamp"]?.intValue ?? -1)" })
            }
            #expect(heard[0].count > 10, "\(heard[0])")
            #expect(heard[1] == heard[0])
            #expect(heard[2] == heard[0])
        }
    }

    @Test func convertsStereoAt44kHz() async throws {
        try await withServer { address in
            let client = try WyomingTestClient(address)
            let answers = try client.stream(try Self.samples(Self.susi, silenceAfter: 1), rate: 44_100, channels: 2)
            #expect(answers.map(\.type) == ["detection"])
        }
    }

    @Test func saysNotDetectedAtAudioStopWhenNothingWasHeard() async throws {
        try await withServer { address in
            let client = try WyomingTestClient(address)
            client.send(WyomingEvent(type: "detect"))
            let answers = try client.stream(try Self.samples(Self.background))
            #expect(answers.map(\.type) == ["not-detected"])
        }
    }

    @Test func saysNotDetectedAtAudioStopWithNoStream() async throws {
        try await withServer { address in
            let client = try WyomingTestClient(address)
            client.send(WyomingEvent(type: "audio-stop"))
            #expect(try client.next()?.type == "not-detected")
        }
    }

    /// wyoming-satellite's local wake word: one connection kept open, `detect`, then chunks
    /// with no `audio-start`, and `detect` again after each pipeline run on the stream still
    /// open, which starts afresh: timestamps count from the first chunk after it.
    @Test func hearsChunksWithoutAudioStartAndStartsAfreshAtEachDetect() async throws {
        try await withServer { address in
            let client = try WyomingTestClient(address)
            for _ in 0..<2 {
                client.send(WyomingEvent(type: "detect", data: [("names", .array([.string("susi")]))]))
                let answers = try client.stream(try Self.samples(Self.susi, silenceAfter: 1), start: false, stop: false)
                #expect(answers.map(\.type) == ["detection"])
                let milliseconds = try #require(answers.first?["timestamp"]?.intValue)
                #expect((1_000...2_000).contains(milliseconds))
            }
        }
    }

    @Test func startsAStreamAgainFromTheFirstChunkAfterAudioStop() async throws {
        try await withServer { address in
            let client = try WyomingTestClient(address)
            #expect(try client.stream(try Self.samples(Self.background)).map(\.type) == ["not-detected"])
            let answers = try client.stream(try Self.samples(Self.susi, silenceAfter: 1), rate: 44_100, channels: 2, start: false)
            #expect(answers.map(\.type) == ["detection"])
        }
    }

    /// A client that sent `detect` may wait for good, as wyoming-satellite does while its
    /// pipeline runs or it is muted: the idle timeout is for clients that never asked for that.
    @Test func keepsAClientThatSentDetectPastTheIdleTimeout() async throws {
        try await withServer(idleTimeout: 1) { address in
            let client = try WyomingTestClient(address)
            client.send(WyomingEvent(type: "detect"))
            try await Task.sleep(for: .seconds(2.5))
            try expectPong(client)
        }
    }

    /// The detector names a keyphrase by its lower-case words one space apart, and so do the
    /// models; `detect`'s names match whatever their case, with `_` for a space (as
    /// wyoming-satellite and openWakeWord write them).
    @Test func detectsAKeyphraseWrittenWithCapitalsAndSpacesUnderItsPlainName() async throws {
        try await withServer(keywords: [KeywordSetting(keyphrase: "Susi"), KeywordSetting(keyphrase: "hey   Computer")]) { address in
            let client = try WyomingTestClient(address)
            client.send(WyomingEvent(type: "describe"))
            let models = try #require(try client.next()?["wake"]?.arrayValue?.first?["models"]?.arrayValue)
            #expect(models.map { $0["name"]?.scalarText } == ["susi", "hey computer"])
            client.send(WyomingEvent(type: "detect", data: [("names", .array([.string("SUSI"), .string("hey_computer")]))]))
            let answers = try client.stream(try Self.samples(Self.susi, silenceAfter: 1), stop: false)
            #expect(answers.map(\.type) == ["detection"])
            #expect(answers.first?["name"]?.scalarText == "susi")
        }
    }

    /// 8-bit unsigned, 24- and 32-bit signed samples, as wyoming's own converter takes them.
    @Test(arguments: [1, 3, 4])
    func convertsEverySampleWidth(width: Int) async throws {
        try await withServer { address in
            let answers = try WyomingTestClient(address).stream(try Self.samples(Self.susi, silenceAfter: 1), width: width)
            #expect(answers.map(\.type) == ["detection"])
        }
    }

    /// After an error the server reads what the client still sends (for a second at most)
    /// before closing, so the client's writes meet no reset and it reads the error.
    @Test func aClientStillWritingReadsTheError() async throws {
        try await withServer { address in
            let client = try WyomingTestClient(address)
            let refused = Array((#"{"type":"audio-start","data":{"rate":16000,"width":5,"channels":1}}"# + "\n").utf8)
            // Far more than the sockets' buffers hold.
            let sent = client.sendRaw(refused + [UInt8](repeating: 0, count: 32 << 20))
            #expect(sent)
            let error = try #require(try client.next())
            #expect(error["code"]?.scalarText == "unsupported-audio")
        }
    }

    /// A chunk of long audio (1 MiB at 1 kHz: nine minutes, many seconds of detection) is
    /// heard frame by frame, and shutdown does not wait for its end.
    @Test func stopsWithinThreeSecondsWhileAChunkOfLongAudioIsHeard() async throws {
        try await withServer(stopsWithin: 3) { address in
            let client = try WyomingTestClient(address)
            let audio: [(key: String, value: JSONValue)] = [("rate", .number("1000")), ("width", .number("2")), ("channels", .number("1"))]
            var state: UInt32 = 1
            let noise = (0..<WyomingEvent.maximumPartLength / 2).map { _ -> Float in
                state = state &* 1_664_525 &+ 1_013_904_223
                return Float(Int32(bitPattern: state)) / Float(Int32.max) * 0.3
            }
            client.send(WyomingEvent(type: "audio-start", data: audio))
            client.send(WyomingEvent(type: "audio-chunk", data: audio, payload: WyomingTestClient.littleEndianBytes(noise, width: 2)))
            // The chunk arrives at once on the loopback; give the server time to start hearing it.
            try await Task.sleep(for: .seconds(1))
        }
    }

    static let badInput: [(line: String, code: String)] = [
        (#"{"type":"audio-start","data":{"rate":0,"width":2,"channels":1}}"#, "unsupported-audio"),
        (#"{"type":"audio-start","data":{"rate":16000,"width":5,"channels":1}}"#, "unsupported-audio"),
        (#"{"type":"audio-chunk","data":{"rate":16000,"width":0,"channels":1},"payload_length":2}"# + "\n\0\0", "unsupported-audio"),
        (#"{"type":"audio-start","data":{"rate":16000,"width":2,"channels":0}}"#, "unsupported-audio"),
        (#"{"type":"audio-start","data":{"width":2,"channels":1}}"#, "unsupported-audio"),
        ("{not json", "malformed-event"),
        (#"{"type":"audio-chunk","payload_length":2000000}"#, "event-too-long"),
        (#"{"type":"detect","data":{"names":["alexa"]}}"#, "unknown-model"),
        (#"{"type":"detect","data":{"names":"susi"}}"#, "malformed-event"),
        (#"{"type":"detect","data":{"names":[5]}}"#, "malformed-event"),
    ]

    @Test(arguments: badInput)
    func refusesBadInputWithAnErrorThenClosesAndKeepsServing(input: (line: String, code: String)) async throws {
        try await withServer { address in
            let client = try WyomingTestClient(address)
            client.sendRaw(Array((input.line + "\n").utf8))
            let error = try #require(try client.next())
            #expect(error.type == "error")
            #expect(error["code"]?.scalarText == input.code)
            #expect(try client.next() == nil)
            try expectServing(address)
        }
    }

    @Test func keepsServingWhenAClientVanishesMidPayload() async throws {
        try await withServer { address in
            do {
                let client = try WyomingTestClient(address)
                client.sendRaw(Array((#"{"type":"audio-chunk","data":{"rate":16000,"width":2,"channels":1},"payload_length":1000}"# + "\n").utf8) + [0, 0])
            }
            try expectServing(address)
        }
    }

    @Test func closesTheSocketOfEveryConnectionItEnds() async throws {
        func openDescriptors() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count }
        try await withServer { address in
            try expectServing(address)
            let before = try openDescriptors()
            for index in 0..<40 {
                let client = try WyomingTestClient(address)
                client.sendRaw(Array((index.isMultiple(of: 2) ? "{not json\n" : #"{"type":"audio-chunk","payload_length":100}"# + "\n").utf8))
                if index.isMultiple(of: 2) { _ = try client.next() }
            }
            // The last connection's end is seen once a new one is answered.
            try expectServing(address)
            // Other suites may open a few files meanwhile; a leak would be one per connection.
            #expect(try openDescriptors() - before < 10)
        }
    }

    @Test func refusesClientsBeyondTheMaximumAndTakesNewOnesWhenOthersLeave() async throws {
        try await withServer(maximumClients: 2) { address in
            var clients = try (0..<2).map { _ in try WyomingTestClient(address) }
            for client in clients { try expectPong(client) }
            let refused = try WyomingTestClient(address)
            let error = try #require(try refused.next())
            #expect(error["code"]?.scalarText == "too-many-clients")
            #expect(error["text"]?.scalarText?.contains("2") == true)
            #expect(try refused.next() == nil)
            clients.removeFirst()
            // The server notices the closed connection as soon as it reads from it.
            let deadline = Date(timeIntervalSinceNow: 5)
            var served = false
            while !served && Date() < deadline {
                let client = try WyomingTestClient(address)
                client.send(WyomingEvent(type: "ping"))
                served = try client.next()?.type == "pong"
            }
            #expect(served)
        }
    }

    /// Each refusal lingers on a thread of its own for a second, so that the client reads it; a
    /// flood of connections beyond the maximum gets no more such threads than clients are served
    /// (a thread each ran the system out of threads, and the server out of its life).
    @Test func aFloodOfRefusedClientsTakesNoMoreThreadsThanTheClientsServed() async throws {
        func threads() throws -> Int {
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            return try #require(status.split(separator: "\n").first { $0.hasPrefix("Threads:") }
                .flatMap { Int($0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) })
        }
        try await withServer(maximumClients: 2) { address in
            let clients = try (0..<2).map { _ in try WyomingTestClient(address) }
            for client in clients { try expectPong(client) }
            let before = try threads()
            var refused: [WyomingTestClient] = []
            for _ in 0..<100 {
                let client = try WyomingTestClient(address)
                client.sendRaw(Array("0123456789".utf8))
                refused.append(client)
            }
            var peak = before
            for _ in 0..<20 {
                peak = max(peak, try threads())
                usleep(25_000)
            }
            #expect(peak - before <= 4, "\(peak - before) threads more during the flood")
            for client in clients { try expectPong(client) }
        }
    }

    @Test func closesIdleClients() async throws {
        try await withServer(idleTimeout: 1) { address in
            let client = try WyomingTestClient(address)
            let started = Date()
            let error = try #require(try client.next())
            #expect(error["code"]?.scalarText == "idle-timeout")
            #expect((0.9...3).contains(Date().timeIntervalSince(started)))
        }
    }

    @Test func servesSeveralClientsAtOnce() async throws {
        let audio = try Self.samples(Self.susi, silenceAfter: 1)
        try await withServer { address in
            let results = ResultBox()
            let finished = DispatchGroup()
            for index in 0..<4 {
                finished.enter()
                Thread {
                    defer { finished.leave() }
                    let client = try? WyomingTestClient(address)
                    let answers = try? client?.stream(audio, rate: index == 0 ? 44_100 : 16_000, channels: index == 0 ? 2 : 1)
                    results.append(answers?.map(\.type) ?? ["failed"])
                }.start()
            }
            finished.wait()
            #expect(results.values == Array(repeating: ["detection"], count: 4))
        }
    }

    @Test func shutdownTellsConnectedClientsAndClosesThem() async throws {
        let (connected, connecting) = AsyncStream<WyomingTestClient>.makeStream()
        var clients = connected.makeAsyncIterator()
        try await withServer { address in
            let client = try WyomingTestClient(address)
            try expectPong(client)
            connecting.yield(client)
        }
        let client = try #require(await clients.next())
        let error = try #require(try client.next())
        #expect(error["code"]?.scalarText == "shutting-down")
        #expect(try client.next() == nil)
    }

    @Test func servesOnAUnixSocketAndRemovesItAtTheEnd() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wyoming-\(UUID().uuidString).sock").path
        try await withServer(address: .unix(path: path)) { address in
            #expect(address == .unix(path: path))
            // As the events socket: its owner and group may connect, whatever the umask.
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o660)
            try expectPong(try WyomingTestClient(address))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func tellsLocalProgramsOnTheEventsSocketOfItsClientsAndDetections() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).sock").path
        let events = try EventSocket(path: path, group: nil)
        let program = try EventSocketTestClient(path)
        try await withServer(events: events) { address in
            // Served once its request is answered: serve takes none.
            #expect(program.send("{\"type\":\"mute\"}\n"))
            #expect(program.line() == #"{"type":"error","file":null,"message":"serve takes no requests: its audio comes from its Wyoming clients"}"#)
            let answers = try WyomingTestClient(address).stream(try Self.samples(Self.susi, silenceAfter: 1), stop: false)
            #expect(answers.map(\.type) == ["detection"])
            let timestamp = try #require(answers.first?["timestamp"]?.intValue)
            #expect(program.line() == #"{"type":"client_connected","client":1}"#)
            #expect(program.line() == #"{"type":"detection","client":1,"name":"susi","timestamp":\#(timestamp)}"#)
            #expect(program.line() == #"{"type":"client_disconnected","client":1,"reason":"closed"}"#)
        }
        #expect(program.line() == nil && program.isClosed)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    private func expectPong(_ client: WyomingTestClient) throws {
        client.send(WyomingEvent(type: "ping", data: [("text", .string("hello"))]))
        let pong = try #require(try client.next())
        #expect(pong.type == "pong" && pong["text"]?.scalarText == "hello")
    }

    private func expectServing(_ address: ServerAddress) throws {
        try expectPong(try WyomingTestClient(address))
    }
}

/// What concurrent clients found, gathered from their threads.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [[String]] = []

    func append(_ value: [String]) {
        lock.lock()
        collected.append(value)
        lock.unlock()
    }

    var values: [[String]] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
}
