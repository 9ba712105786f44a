import AudioInput
import HotwordDetection
import JSONText
import ServerSockets

/// One connection's side of the wake-word conversation: answers each event the client sends
/// with the events to send back. Used by the connection's thread alone, which so owns the
/// detector it holds while audio streams.
///
/// A stream starts at `audio-start` or, with none (wyoming-satellite sends none), at the first
/// `audio-chunk`, in that chunk's format; it ends at `audio-stop`, and `detect` starts the next
/// one afresh, as wyoming-satellite sends it after each pipeline run on the stream it keeps open.
final class WakeSession {
    private let program: WakeProgramDescription
    private let detectors: DetectorPool
    /// Raised when the server shuts down: checked between the frames of a chunk.
    private let notice: ShutdownNotice
    /// The models this connection listens for (`detect`); every model until it says otherwise.
    private var listenedFor: Set<String>
    /// The stream since `audio-start` or the first chunk, until `audio-stop` or `detect`.
    private var stream: AudioStream?

    /// Audio from the start of a stream to its end, with the detector that hears it.
    private struct AudioStream {
        let detector: any HotwordDetector
        var converter: AudioChunkConverter
        var detected = false
        /// Samples not yet heard, less than a frame: the detector hears whole 30 ms frames
        /// whatever size the client's chunks are, so a stream is heard as `--file` hears it.
        var pending = FrameAssembler(frameLength: WakeSession.frameLength)
    }

    /// Samples handed to the detector at a time: 30 ms, as for files and the microphone.
    private static let frameLength = pipelineSampleRate * 30 / 1000

    init(program: WakeProgramDescription, detectors: DetectorPool, notice: ShutdownNotice) {
        self.program = program
        self.detectors = detectors
        self.notice = notice
        listenedFor = Set(program.modelNames)
    }

    /// The events that answer `event`; none for events a wake service does not take (the
    /// protocol has clients send them to every service).
    func handle(_ event: WyomingEvent) throws(WyomingProtocolError) -> [WyomingEvent] {
        switch event.type {
        case "describe":
            return [program.info]
        case "ping":
            return [WyomingEvent(type: "pong", data: event["text"].map { [("text", $0)] } ?? [])]
        case "detect":
            try select(event["names"])
            finishStream()
            return []
        case "audio-start":
            try start(WyomingAudioFormat(of: event))
            return []
        case "audio-chunk":
            return try hear(event)
        case "audio-stop":
            // As openWakeWord answers: nothing was detected in no audio.
            guard var current = stream else { return [WyomingEvent(type: "not-detected")] }
            // The stream's last samples, less than a frame, are heard as a file's last frame is.
            var detections: [WyomingEvent] = []
            if let rest = current.pending.nextFrameOrRest() { detections = try detect(in: rest, by: &current) }
            finishStream()
            return current.detected ? detections : [WyomingEvent(type: "not-detected")]
        default:
            return []
        }
    }

    /// Gives back the detector, if a stream holds one: the connection is closing.
    func finishStream() {
        if let stream { detectors.giveBack(stream.detector) }
        stream = nil
    }

    /// `detect`'s names (``WakeProgramDescription/modelName(requestedAs:)``): none, null or an
    /// empty list mean every model; anything but a list of strings is a malformed event.
    private func select(_ names: JSONValue?) throws(WyomingProtocolError) {
        var requested: [String] = []
        switch names {
        case nil, .null?:
            break
        case .array(let nodes)?:
            for node in nodes {
                guard case .string(let name) = node else { throw .malformedHeader("detect's \"names\" is not a list of strings") }
                requested.append(name)
            }
        default:
            throw .malformedHeader("detect's \"names\" is not a list of strings")
        }
        let known = program.modelNames
        let unknown = requested.filter { !known.contains(WakeProgramDescription.modelName(requestedAs: $0)) }
        guard unknown.isEmpty else { throw .unknownModels(requested: unknown, known: known) }
        listenedFor = Set(requested.isEmpty ? known : requested.map(WakeProgramDescription.modelName(requestedAs:)))
    }

    /// Starts a stream in `format` with a detector from the pool, in place of any stream before.
    @discardableResult
    private func start(_ format: WyomingAudioFormat) throws(WyomingProtocolError) -> AudioStream {
        let converter = try AudioChunkConverter(format: format)
        finishStream()
        do {
            let started = AudioStream(detector: try detectors.take(), converter: converter)
            stream = started
            return started
        } catch {
            throw .detectorFailed("\(error)")
        }
    }

    private func hear(_ chunk: WyomingEvent) throws(WyomingProtocolError) -> [WyomingEvent] {
        let format = try WyomingAudioFormat(of: chunk)
        var current: AudioStream
        if let stream {
            current = stream
            // A client may change format mid-stream; the filter starts again for the new rate.
            if format != current.converter.format { current.converter = try AudioChunkConverter(format: format) }
        } else {
            current = try start(format)
        }
        current.pending.append(try current.converter.samples(of: chunk.payload))
        var detections: [WyomingEvent] = []
        while let frame = current.pending.nextFrame() {
            // A chunk may hold minutes of audio (1 MiB at 1 kHz): shutdown does not wait for its end.
            if notice.isRaised { throw .shuttingDown }
            detections += try detect(in: frame, by: &current)
        }
        stream = current
        return detections
    }

    /// Hears one frame with `current`'s detector: the detections of the models listened for.
    private func detect(in frame: [Float], by current: inout AudioStream) throws(WyomingProtocolError) -> [WyomingEvent] {
        let hits: [HotwordHit]
        do {
            hits = try current.detector.process(frame)
        } catch {
            throw .detectorFailed(error.description)
        }
        let heard = hits.filter { listenedFor.contains($0.keyword) }
        if !heard.isEmpty { current.detected = true }
        return heard.map { hit in
            WyomingEvent(type: "detection", data: [
                ("name", .string(hit.keyword)), ("timestamp", .number(String(hit.detectionSample * 1000 / pipelineSampleRate))),
            ])
        }
    }
}
