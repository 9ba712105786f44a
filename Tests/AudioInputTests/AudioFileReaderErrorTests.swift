import AudioTestSupport
import AudioInput
import CSndFile
import Foundation
import Testing

@Suite("Files that cannot be read")
struct AudioFileReaderErrorTests {
    /// Writes one second of a 440 Hz tone, 44.1 kHz stereo, in `format`.
    static func writeTone(to path: String, format: Int32 = TestFormat.wav16.code) throws {
        let tone = Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: 44_100, frames: 44_100)
        try SoundFileWriter.write(
            Signal.interleave([tone, tone]), to: path, format: format, sampleRate: 44_100, channels: 2)
    }

    /// Opens `path`, expecting an error whose description starts with the file's path.
    static func openingError(_ path: String) -> AudioInputError? {
        let error = #expect(throws: AudioInputError.self) { try AudioFileReader(path: path) }
        if let error {
            #expect(error.description.hasPrefix(path + ": "), "\(error)")
            #expect(!error.description.contains("\n"))
        }
        return error
    }

    @Test("a missing file")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("recording.wav")
        #expect(Self.openingError(path) == .noSuchFile(path: path))
    }

    @Test("a folder passed as a file")
    func folderAsFile() throws {
        let directory = try TemporaryDirectory()
        #expect(Self.openingError(directory.path) == .isDirectory(path: directory.path))
    }

    @Test("a file that may not be read, even when the tests run as root")
    func unreadableFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("private.wav")
        try Self.writeTone(to: path)
        chmod(path, 0)
        #expect(UnprivilegedFileAccess.asNobody { Self.openingError(path) } == .permissionDenied(path: path))
    }

    @Test("an empty file")
    func emptyFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("empty.wav")
        try TemporaryDirectory.write([], to: path)
        #expect(Self.openingError(path) == .emptyFile(path: path))
        #expect(Self.openingError(path)?.description == "\(path): the file is empty (0 bytes)")
    }

    @Test("a text file named .wav")
    func textFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("notes.wav")
        try TemporaryDirectory.write(Array("Shopping list: milk, eggs, bread.\n".utf8), to: path)
        guard case .notAudio(path, let reason) = Self.openingError(path) else {
            Issue.record("expected notAudio")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test("a WAV with random bytes after RIFF")
    func corruptHeader() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("corrupt.wav")
        try Self.writeTone(to: path)
        var state: UInt32 = 2_024
        let noise: [UInt8] = (0..<36).map { _ in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        try TemporaryDirectory.patch(path, at: 8, with: noise)
        guard case .notAudio(path, _) = Self.openingError(path) else {
            Issue.record("expected notAudio")
            return
        }
    }

    @Test("a valid WAV with 0 frames")
    func noFrames() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("silence.wav")
        try SoundFileWriter.write([], to: path, format: TestFormat.wav16.code, sampleRate: 16_000, channels: 1)
        #expect(Self.openingError(path) == .noAudio(path: path))
    }

    @Test(
        "a WAV cut in the middle of its data reports both frame counts",
        arguments: [(100_000, 24_989), (100_001, 24_989), (45, 0)])
    func truncatedWAV(length: Int, presentFrames: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("cut.wav")
        try Self.writeTone(to: path)
        try TemporaryDirectory.truncate(path, to: length)
        let error = Self.openingError(path)
        #expect(error == .truncated(path: path, announcedFrames: 44_100, presentFrames: presentFrames))
        #expect(error?.description.hasSuffix("announces 44100 frames but only \(presentFrames) are present") == true)
    }

    @Test(
        "AIFF, W64, AU and RF64 files cut short are reported as truncated",
        arguments: [
            ("aiff", Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_16)), ("w64", Int32(SF_FORMAT_W64 | SF_FORMAT_PCM_24)),
            ("au", Int32(SF_FORMAT_AU | SF_FORMAT_PCM_16)), ("rf64", Int32(SF_FORMAT_RF64 | SF_FORMAT_PCM_16)),
        ])
    func truncatedOtherContainers(fileExtension: String, format: Int32) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("cut.\(fileExtension)")
        try Self.writeTone(to: path, format: format)
        try TemporaryDirectory.truncate(path, to: try TemporaryDirectory.bytes(of: path).count * 6 / 10)
        guard case .truncated(path, 44_100, let present) = Self.openingError(path) else {
            Issue.record("expected truncated")
            return
        }
        #expect(present > 0 && present < 44_100)
    }

    @Test("a WAV whose header leaves the data size open (0xFFFFFFFF, as streaming writers do) is read whole")
    func unsizedWAVIsNotTruncated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("stream.wav")
        try Self.writeTone(to: path)
        try TemporaryDirectory.patch(path, at: 4, with: UInt32.max.littleEndianBytes)
        try TemporaryDirectory.patch(path, at: 40, with: UInt32.max.littleEndianBytes)
        #expect(try AudioFileReader(path: path).collectSamples().count == 16_000)
    }

    @Test("a WAV with all its audio whose RIFF size counts metadata that is missing is read whole")
    func overstatedContainerSizeIsNotTruncation() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("tagless.wav")
        try Self.writeTone(to: path)
        let riffSize = UInt32(try TemporaryDirectory.bytes(of: path).count - 8 + 1_000)
        try TemporaryDirectory.patch(path, at: 4, with: riffSize.littleEndianBytes)
        #expect(try AudioFileReader(path: path).collectSamples().count == 16_000)
    }

    @Test(
        "a compressed file cut in half is read up to the cut, then reported as truncated",
        arguments: [("ogg", Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)), ("opus", Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS)),
                    ("mp3", Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III))])
    func compressedFileCutInHalf(fileExtension: String, format: Int32) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("cut.\(fileExtension)")
        let tone = Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: 48_000, frames: 48_000 * 20)
        try SoundFileWriter.write(tone, to: path, format: format, sampleRate: 48_000, channels: 1)
        try TemporaryDirectory.truncate(path, to: try TemporaryDirectory.bytes(of: path).count / 2)
        let reader = try AudioFileReader(path: path)
        var samplesBeforeError = 0
        let error = #expect(throws: AudioInputError.self) {
            while let frame = try reader.nextFrame() { samplesBeforeError += frame.count }
        }
        switch error {
        case .incompleteStream(path)?, .truncated(path, _, _)?: break
        default: Issue.record("expected the file to be reported as cut short, got \(String(describing: error))")
        }
        #expect((16_000 * 5...16_000 * 15).contains(samplesBeforeError), "\(samplesBeforeError) samples read")
    }

    @Test("an Ogg Vorbis file cut before its last page")
    func truncatedOgg() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("cut.ogg")
        try Self.writeTone(to: path, format: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS))
        try TemporaryDirectory.truncate(path, to: try TemporaryDirectory.bytes(of: path).count * 9 / 10)
        #expect(Self.openingError(path) == .incompleteStream(path: path))
    }

    @Test("a FLAC file cut short fails part-way with a read error, after the frames before the cut")
    func truncatedFLAC() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("cut.flac")
        try Self.writeTone(to: path, format: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16))
        try TemporaryDirectory.truncate(path, to: try TemporaryDirectory.bytes(of: path).count * 6 / 10)
        let reader = try AudioFileReader(path: path)
        var framesBeforeError = 0
        let error = #expect(throws: AudioInputError.self) {
            while try reader.nextFrame() != nil {
                framesBeforeError += 1
            }
        }
        guard case .readFailed(path, let seconds, _) = error else {
            Issue.record("expected readFailed, got \(String(describing: error))")
            return
        }
        #expect(seconds > 0 && seconds < 1)
        #expect(framesBeforeError > 0)
        #expect(error?.description.hasPrefix(path + ": read error at ") == true)
    }

    @Test(
        "a WAV header with an absurd sample rate",
        arguments: [(UInt32(3), true), (4_000_000, true), (0, false), (UInt32.max, false)])
    func absurdSampleRate(rate: UInt32, libsndfileAccepts: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("weird.wav")
        try Self.writeTone(to: path)
        try TemporaryDirectory.patch(path, at: 24, with: rate.littleEndianBytes)
        let error = Self.openingError(path)
        if libsndfileAccepts {
            #expect(error == .unsupportedSampleRate(path: path, rate: Int(rate)))
            #expect(error?.description == "\(path): unsupported sample rate \(rate) Hz (supported: 1000–768000 Hz)")
        } else {
            // libsndfile refuses a rate of 0 or above Int32.max itself ("SF_INFO struct incomplete").
            guard case .notAudio(path, _) = error else {
                Issue.record("expected notAudio")
                return
            }
        }
    }

    @Test(
        "a WAV header with an absurd channel count",
        arguments: [(UInt16(300), true), (1_024, true), (0, false), (UInt16.max, false)])
    func absurdChannelCount(channels: UInt16, libsndfileAccepts: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("many.wav")
        try Self.writeTone(to: path)
        try TemporaryDirectory.patch(path, at: 22, with: channels.littleEndianBytes)
        let error = Self.openingError(path)
        if libsndfileAccepts {
            #expect(error == .unsupportedChannelCount(path: path, channels: Int(channels)))
            #expect(error?.description == "\(path): unsupported channel count \(channels) (at most 64)")
        } else {
            // libsndfile refuses 0 channels and more than 1024 itself.
            guard case .notAudio(path, _) = error else {
                Issue.record("expected notAudio")
                return
            }
        }
    }

    @Test("a frame length below 1 is refused", arguments: [0, -480])
    func invalidFrameLength(frameLength: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("tone.wav")
        try Self.writeTone(to: path)
        #expect(throws: AudioInputError.invalidFrameLength(frameLength)) {
            try AudioFileReader(path: path, frameLength: frameLength)
        }
    }
}
