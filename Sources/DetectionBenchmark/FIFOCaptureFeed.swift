import AudioCapture
import AudioInput
import Dispatch
import FoundationEssentials
import Glibc
import Threading

/// A real ALSA capture device fed from memory: ALSA's `file` PCM reads a FIFO that a writer
/// thread fills with 16 kHz mono audio, either as fast as it is read or paced in real time.
/// No sound card is needed, and every sample still passes through ALSA and the capture code.
package final class FIFOCaptureFeed: @unchecked Sendable {
    /// The PCM name defined by ``alsaConfiguration``.
    package static let deviceName = "susi_listen_feed"

    /// ALSA configuration text defining ``deviceName``.
    package let alsaConfiguration: String
    private let folder: URL
    private let fifo: String
    private let writeTimes = WriteTimes()

    /// A FIFO in a fresh temporary folder (removed on deinit) and the ALSA configuration that reads it.
    package init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("susi-listen-feed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        fifo = folder.appendingPathComponent("capture.fifo").path
        guard mkfifo(fifo, 0o600) == 0 else {
            throw BenchmarkError.audio("cannot create a FIFO in \(folder.path): \(String(cString: strerror(errno)))")
        }
        // `file` on top reads the FIFO; `multi` over `plug` over `null` fixes the rate and
        // channel count it offers (a `plug` on top of `file` would skip data when converting).
        alsaConfiguration = """
            pcm.\(Self.deviceName) { type file file "/dev/null" infile "\(fifo)" format "raw" slave.pcm { type multi \
            slaves.a { pcm { type plug slave { pcm { type null } format S16_LE rate 16000 channels 1 } } channels 1 } \
            bindings { 0 { slave a channel 0 } } } }
            """
    }

    /// The writer thread does not keep the feed alive, so the folder goes when the feed does,
    /// not when the thread notices its reader has gone.
    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts a thread that writes `totalSamples` samples taken from `source` (looped) into the
    /// FIFO in blocks of `blockSamples`, in real time when `paced`. Call before opening the
    /// device: the thread waits for the reader.
    ///
    /// ALSA's `file` PCM treats a short read as the end of its input and fills the period with
    /// stale data, so a paced feed writes whole periods (the device's period, 480 samples for
    /// the default 30 ms), each small enough for the kernel to pass on at once.
    package func startWriting(_ source: [Float], totalSamples: Int, paced: Bool, blockSamples: Int = 480) {
        DedicatedThread.start(named: "susi-listen feed") { [fifo, writeTimes] in
            guard let stream = fopen(fifo, "wb") else { return }
            defer { fclose(stream) }
            let block = blockSamples
            let start = DispatchTime.now().uptimeNanoseconds
            var written = 0
            while written < totalSamples {
                let count = min(block, totalSamples - written)
                let bytes = PCM16.littleEndianBytes((written..<(written + count)).lazy.map { source[$0 % source.count] })
                if paced {
                    let due = start + UInt64(written + count) * 1_000_000_000 / UInt64(pipelineSampleRate)
                    let now = DispatchTime.now().uptimeNanoseconds
                    if due > now { usleep(UInt32((due - now) / 1000)) }
                }
                // Flushed block by block: a paced feed must reach the reader when it is due.
                guard fwrite(bytes, 1, bytes.count, stream) == bytes.count, fflush(stream) == 0 else { return }
                written += count
                // Only a paced feed is timed: an hour-long soak would otherwise grow this list.
                if paced { writeTimes.append(samples: written, nanoseconds: DispatchTime.now().uptimeNanoseconds) }
            }
        }
    }

    /// Opens the capture device reading the feed.
    package func openDevice(frameLength: Int = 480) throws(CaptureError) -> CaptureDevice {
        try CaptureDevice(configuration: alsaConfiguration, name: Self.deviceName, frameLength: frameLength)
    }

    /// Wall-clock time (uptime nanoseconds) at which sample `index` had been written, if it has.
    package func writeTime(ofSample index: Int) -> UInt64? {
        writeTimes.time(ofSample: index)
    }
}

/// For a paced feed, wall-clock time (uptime nanoseconds) at which each written block ended;
/// appended by the writer thread, read by the measuring one.
private final class WriteTimes: @unchecked Sendable {
    private let lock = Lock()
    private var times: [(samples: Int, nanoseconds: UInt64)] = []

    func append(samples: Int, nanoseconds: UInt64) {
        lock.withLock { times.append((samples, nanoseconds)) }
    }

    func time(ofSample index: Int) -> UInt64? {
        lock.withLock { times.first { $0.samples > index }?.nanoseconds }
    }
}
