/// Reads any file libsndfile reads and hands it on as mono frames at ``pipelineSampleRate``.
///
/// Streams: the file is read in blocks of ``blockFrames`` source frames, each block is
/// downmixed, resampled and cut into frames, and only the samples not yet handed out are
/// kept, so memory stays flat however long the file.
package final class AudioFileReader: AudioFrameSource {
    /// Sample rates accepted in a file's header, in Hz. Below 1 kHz a header is more likely
    /// corrupt than real; 768 kHz is the highest rate audio interfaces record at.
    package static let supportedSampleRates = 1_000...768_000
    /// Highest channel count accepted in a file's header; more points to a corrupt header.
    package static let maximumChannelCount = 64
    /// Source frames read from the file at a time.
    package static let blockFrames = 4_096

    /// The path as given.
    package let path: String
    /// What the file holds before conversion.
    package let sourceFormat: AudioSourceFormat
    /// Samples per frame handed out by ``nextFrame()``.
    package var frameLength: Int { pending.frameLength }

    private let file: SoundFile
    /// The channels heard.
    private let channel: InputChannel
    /// nil when the file is already at the pipeline rate, so its samples pass through bit-exactly.
    private let resampler: Resampler?
    /// Converted samples not yet handed out; never more than one block's output plus a frame.
    private var pending: FrameAssembler
    private var reachedEndOfFile = false

    /// Opens `path` and checks that its header describes audio the pipeline can take.
    /// - Parameters:
    ///   - frameLength: samples per frame; callers use 20–32 ms (320–512 samples).
    ///   - channel: the channels heard: all mixed, or one the file must have.
    /// - Throws: ``AudioInputError`` naming the file and the problem.
    package init(path: String, frameLength: Int = 480, channel: InputChannel = .mixed) throws(AudioInputError) {
        guard frameLength > 0 else { throw .invalidFrameLength(frameLength) }
        let file = try SoundFile(path: path)
        guard (1...Self.maximumChannelCount).contains(file.channels) else {
            throw .unsupportedChannelCount(path: path, channels: file.channels)
        }
        if case .only(let wanted) = channel, !channel.isPresent(in: file.channels) {
            throw .noSuchChannel(path: path, channel: wanted, channels: file.channels)
        }
        guard Self.supportedSampleRates.contains(file.sampleRate) else {
            throw .unsupportedSampleRate(path: path, rate: file.sampleRate)
        }
        try Self.checkComplete(file)
        guard file.frames != 0 else { throw .noAudio(path: path) }

        self.path = path
        self.pending = FrameAssembler(frameLength: frameLength)
        self.file = file
        self.channel = channel
        self.sourceFormat = AudioSourceFormat(
            sampleRate: file.sampleRate, channels: file.channels, frames: file.frames,
            formatName: file.formatName)
        self.resampler =
            file.sampleRate == pipelineSampleRate ? nil : try Resampler(inputRate: Double(file.sampleRate))
    }

    /// Every sample not yet handed out, at once: for short files that are wanted whole.
    package func remainingSamples() throws(AudioInputError) -> [Float] {
        var samples: [Float] = []
        while let frame = try nextFrame() { samples += frame }
        return samples
    }

    /// The next frame: ``frameLength`` samples, the last one may be shorter; nil at end of stream.
    /// - Throws: ``AudioInputError/readFailed(path:seconds:reason:)`` when decoding fails
    ///   part-way; the frames handed out before stay valid.
    package func nextFrame() throws(AudioInputError) -> [Float]? {
        while !pending.hasFrame && !reachedEndOfFile {
            try readBlock()
        }
        return pending.nextFrameOrRest()
    }

    /// Reads, downmixes and converts one block, adding it to `pending`.
    private func readBlock() throws(AudioInputError) {
        let interleaved = try file.read(maxFrames: Self.blockFrames)
        guard !interleaved.isEmpty else {
            reachedEndOfFile = true
            if let resampler {
                pending.append(Self.limited(resampler.flush()))
            }
            try Self.checkCompleteAtEnd(file)
            return
        }
        // Limiting before resampling keeps a NaN or overload in a float file out of the
        // filter's memory; limiting after catches the filter's ringing near full scale.
        let mono = Self.limited(channel.mono(interleaved: interleaved, channels: file.channels))
        if let resampler {
            pending.append(Self.limited(resampler.process(mono)))
        } else {
            pending.append(mono)
        }
    }

    /// Rejects files whose header announces more audio than the file holds, which
    /// libsndfile itself only notes in its log.
    private static func checkComplete(_ file: SoundFile) throws(AudioInputError) {
        let log = file.log
        if let missingBytes = log.missingAudioBytes {
            guard let bytesPerFrame = file.bytesPerFrame, let present = file.frames else {
                throw .incompleteStream(path: file.path)
            }
            // Rounding up counts a frame cut in the middle as announced but not present.
            let missingFrames = missingBytes / bytesPerFrame + (missingBytes % bytesPerFrame == 0 ? 0 : 1)
            let (announced, overflow) = present.addingReportingOverflow(missingFrames)
            guard !overflow else { throw .incompleteStream(path: file.path) }
            throw .truncated(path: file.path, announcedFrames: announced, presentFrames: present)
        }
        if log.reportsUnexpectedEnd {
            throw .incompleteStream(path: file.path)
        }
    }

    /// Rejects a file that turned out shorter than its header said once it has been read to
    /// its end: fewer frames than announced (an MP3 whose Xing header counts the whole file;
    /// a compressed file's count may be an estimate, so it may fall short by 1 %), or, where
    /// the length was unknown, an Ogg stream without its end mark (libsndfile notes it in the
    /// log only then; it also notes it for some short files that are whole, and whose length
    /// it knows). A pipe that brought no audio, or only a header, is not audio it can read.
    private static func checkCompleteAtEnd(_ file: SoundFile) throws(AudioInputError) {
        guard let announced = file.frames else {
            if file.log.reportsUnexpectedEnd { throw .incompleteStream(path: file.path) }
            return
        }
        if file.isPipe && file.framesRead == 0 {
            throw .notAudio(path: file.path, reason: "its header came through the pipe, but no audio" + SoundFile.pipeHint)
        }
        // A recorder writing into a pipe cannot know the length, and announces the largest a
        // 32-bit size holds (arecord); the stream ends where it stops.
        if file.isPipe, let bytesPerFrame = file.bytesPerFrame, announced >= (Int(Int32.max) - 4096) / bytesPerFrame { return }
        let allowed = file.bytesPerFrame == nil ? announced / 100 : 0
        if file.framesRead < announced - allowed {
            throw .truncated(path: file.path, announcedFrames: announced, presentFrames: file.framesRead)
        }
    }

    /// Keeps samples within -1...1, replacing anything that is not a finite number by silence.
    private static func limited(_ samples: [Float]) -> [Float] {
        samples.map { $0.isFinite ? min(max($0, -1), 1) : 0 }
    }
}
