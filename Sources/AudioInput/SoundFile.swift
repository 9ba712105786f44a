import CSndFile
import Glibc
import Threading

/// An audio file opened for reading through libsndfile.
///
/// The only owner of its `SNDFILE*`, which is closed in deinit and never handed out.
final class SoundFile {
    let path: String
    /// Source sample rate in Hz, as the header states it.
    let sampleRate: Int
    /// Interleaved channels per frame, as the header states it.
    let channels: Int
    /// Frames in the file; nil when libsndfile does not know (it reports `SF_COUNT_MAX`).
    let frames: Int?
    /// libsndfile's format code: major format ORed with subtype.
    let format: Int32
    /// Whether the file is a pipe (or standard input is one), which libsndfile cannot seek in.
    let isPipe: Bool
    private let handle: OpaquePointer
    /// Frames handed out so far, to say where in the file a read error happened.
    private(set) var framesRead = 0


    /// Opens `path` (`-`: standard input), telling apart the ways a path can fail to be a
    /// readable audio file.
    init(path: String) throws(AudioInputError) {
        let isStandardInput = path == AudioFileDiscovery.standardInput
        let entry = isStandardInput ? FileSystemEntry.special : FileSystemEntry(path: path)
        switch entry {
        case .missing, .inaccessible, .symbolicLinkLoop:
            if let unreachable = entry.unreachable(path) { throw unreachable }
        case .directory:
            throw .isDirectory(path: path)
        case .regularFile(let byteCount) where byteCount == 0:
            throw .emptyFile(path: path)
        case .regularFile, .special:
            break
        }
        guard isStandardInput || FileSystemEntry.mayRead(path) else { throw .permissionDenied(path: path) }

        // Asked first: libsndfile closes standard input when it fails to open it.
        let isPipe = Self.isPipe(path)
        var info = SF_INFO()
        let (opened, failure) = SoundFileOpening.lock.withLock {
            let opened = sf_open(path, Int32(SFM_READ), &info)
            return (opened, opened == nil ? Self.message(sf_strerror(nil)) : "")
        }
        guard let opened else {
            throw .notAudio(path: path, reason: isPipe ? (failure.hasSuffix(".") ? String(failure.dropLast()) : failure) + Self.pipeHint : failure)
        }

        self.path = path
        self.isPipe = isPipe
        self.handle = opened
        self.sampleRate = Int(info.samplerate)
        self.channels = Int(info.channels)
        // SF_COUNT_MAX (a macro Swift does not import) stands for an unknown length.
        self.frames = info.frames == sf_count_t.max || info.frames < 0 ? nil : Int(exactly: info.frames)
        self.format = info.format
    }

    deinit {
        sf_close(handle)
    }

    /// What a pipe's audio that libsndfile cannot read needs.
    static let pipeHint = "; from a pipe libsndfile reads WAV, AIFF, AU, Ogg and MP3, but not FLAC or CAF: save it to a file first"

    /// Whether `path` (`-`: standard input) is a pipe, which cannot be read back.
    private static func isPipe(_ path: String) -> Bool {
        var status = stat()
        let found = path == AudioFileDiscovery.standardInput ? fstat(STDIN_FILENO, &status) : stat(path, &status)
        return found == 0 && status.st_mode & S_IFMT == S_IFIFO
    }

    /// Container and encoding as libsndfile names them, e.g. "WAV (Microsoft), Signed 16 bit PCM".
    var formatName: String {
        let container = Self.name(ofFormat: format & Int32(SF_FORMAT_TYPEMASK))
        let encoding = Self.name(ofFormat: format & Int32(SF_FORMAT_SUBMASK))
        switch (container, encoding) {
        case (let container?, let encoding?): return "\(container), \(encoding)"
        case (let name?, nil), (nil, let name?): return name
        case (nil, nil): return "unknown format 0x\(String(format, radix: 16))"
        }
    }

    /// Bytes per frame for encodings with a fixed sample width; nil for compressed ones.
    var bytesPerFrame: Int? {
        let bytesPerSample: Int
        switch format & Int32(SF_FORMAT_SUBMASK) {
        case Int32(SF_FORMAT_PCM_S8), Int32(SF_FORMAT_PCM_U8), Int32(SF_FORMAT_ULAW), Int32(SF_FORMAT_ALAW):
            bytesPerSample = 1
        case Int32(SF_FORMAT_PCM_16):
            bytesPerSample = 2
        case Int32(SF_FORMAT_PCM_24):
            bytesPerSample = 3
        case Int32(SF_FORMAT_PCM_32), Int32(SF_FORMAT_FLOAT):
            bytesPerSample = 4
        case Int32(SF_FORMAT_DOUBLE):
            bytesPerSample = 8
        default:
            return nil
        }
        return bytesPerSample * channels
    }

    /// What libsndfile noted while parsing the header.
    var log: SoundFileLog {
        // libsndfile keeps at most 2 KiB of log (SF_PARSELOG_LEN); its first lines hold the sizes.
        var buffer = [CChar](repeating: 0, count: 4_096)
        let capacity = Int32(buffer.count)
        _ = sf_command(handle, Int32(SFC_GET_LOG_INFO), &buffer, capacity)
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return SoundFileLog(text: String(decoding: bytes, as: UTF8.self))
    }

    /// Reads up to `maxFrames` frames as interleaved samples in -1...1 (floating-point
    /// files may exceed it); empty at end of file.
    func read(maxFrames: Int) throws(AudioInputError) -> [Float] {
        let sampleCapacity = maxFrames * channels
        let samples = [Float](unsafeUninitializedCapacity: sampleCapacity) { buffer, initialized in
            let got = sf_readf_float(handle, buffer.baseAddress, sf_count_t(maxFrames))
            initialized = Int(clamping: max(0, min(got, sf_count_t(maxFrames)))) * channels
        }
        guard sf_error(handle) == Int32(SF_ERR_NO_ERROR) else {
            throw .readFailed(
                path: path, seconds: Double(framesRead) / Double(sampleRate),
                reason: Self.message(sf_strerror(handle)))
        }
        framesRead += samples.count / channels
        return samples
    }

    private static func name(ofFormat code: Int32) -> String? {
        var info = SF_FORMAT_INFO()
        info.format = code
        let size = Int32(MemoryLayout<SF_FORMAT_INFO>.size)
        guard sf_command(nil, Int32(SFC_GET_FORMAT_INFO), &info, size) == 0, let name = info.name else {
            return nil
        }
        return String(cString: name)
    }

    private static func message(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0) } ?? "libsndfile gave no reason"
    }
}

/// libsndfile reports why `sf_open` failed through process-wide state, so every opening, for
/// reading or writing, holds ``lock`` from the call to the reading of its message: one thread's
/// message is never read by another.
package enum SoundFileOpening {
    package static let lock = Lock()
}
