import AudioInput
import Glibc
import CSndFile

/// Writes every sound it is given, one after another, to a 16-bit mono WAV file at the
/// pipeline's rate: what a `--file` run would have played, for a person or a test to check,
/// or the audio heard around a hotword (``write(_:describedAs:)``).
///
/// The only owner of its `SNDFILE*`, closed in deinit. The header is brought up to date after
/// each sound, so the file is whole even if the process is killed.
package final class WAVFileOutput: SoundOutput {
    package let path: String
    private let handle: OpaquePointer

    /// Creates (or replaces) the WAV file at `path`; `ownerOnly`: readable and writable by its
    /// owner alone (it holds what people said), else as the process's umask has it.
    package init(path: String, ownerOnly: Bool = false) throws(PlaybackError) {
        var info = SF_INFO()
        info.samplerate = Int32(pipelineSampleRate)
        info.channels = 1
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        let (opened, failure): (OpaquePointer?, String) = SoundFileOpening.lock.withLock {
            let opened: OpaquePointer?
            if ownerOnly {
                // A file that exists keeps its mode through O_TRUNC: set it too.
                let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
                guard descriptor >= 0 else { return (nil, String(cString: strerror(errno))) }
                guard fchmod(descriptor, 0o600) == 0 else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    return (nil, reason)
                }
                // libsndfile owns the descriptor from here, and closes it with the file.
                opened = sf_open_fd(descriptor, Int32(SFM_WRITE), &info, Int32(SF_TRUE))
            } else {
                opened = sf_open(path, Int32(SFM_WRITE), &info)
            }
            return (opened, opened == nil ? String(cString: sf_strerror(nil)) : "")
        }
        guard let opened else {
            throw PlaybackError(target: path, problem: "cannot write the WAV file (\(failure))")
        }
        self.path = path
        handle = opened
        sf_command(handle, Int32(SFC_SET_UPDATE_HEADER_AUTO), nil, Int32(SF_TRUE))
    }

    deinit {
        sf_close(handle)
    }

    /// Writes `sound` whole: a file is never interrupted.
    @discardableResult
    package func play(_ sound: Sound) throws(PlaybackError) -> PlaybackEnd {
        try write(sound.samples, describedAs: sound.name)
        return .completed
    }

    /// Appends `samples` (in -1...1), which an error message calls `name`.
    package func write(_ samples: [Float], describedAs name: String) throws(PlaybackError) {
        let written = samples.withUnsafeBufferPointer { sf_write_float(handle, $0.baseAddress, sf_count_t($0.count)) }
        guard written == samples.count else {
            throw PlaybackError(target: path, problem: "writing \(name) failed (\(String(cString: sf_strerror(handle))))")
        }
    }
}
