import CSndFile

/// Writes test audio through libsndfile, so the reader is tested against real files.
/// The only owner of its `SNDFILE*`, closed by ``finish()`` or in deinit.
public final class SoundFileWriter {
    public struct OpenFailure: Error, CustomStringConvertible {
        public let description: String
    }

    private var handle: OpaquePointer?

    public init(path: String, format: Int32, sampleRate: Int, channels: Int) throws {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = format
        guard let opened = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw OpenFailure(description: "\(path): " + String(cString: sf_strerror(nil)))
        }
        handle = opened
    }

    deinit {
        finish()
    }

    /// Appends interleaved samples.
    public func write(_ interleaved: [Float], channels: Int) {
        _ = interleaved.withUnsafeBufferPointer { samples in
            sf_writef_float(handle, samples.baseAddress, sf_count_t(interleaved.count / channels))
        }
    }

    /// Appends interleaved 16-bit samples, stored as they are in 16-bit formats.
    public func write(_ interleaved: [Int16], channels: Int) {
        _ = interleaved.withUnsafeBufferPointer { samples in
            sf_writef_short(handle, samples.baseAddress, sf_count_t(interleaved.count / channels))
        }
    }

    /// Completes the header and closes the file.
    public func finish() {
        if let handle { sf_close(handle) }
        handle = nil
    }

    /// Writes a whole file in one go.
    public static func write(
        _ interleaved: [Float], to path: String, format: Int32, sampleRate: Int, channels: Int
    ) throws {
        let writer = try SoundFileWriter(path: path, format: format, sampleRate: sampleRate, channels: channels)
        writer.write(interleaved, channels: channels)
        writer.finish()
    }
}
