import FoundationEssentials
import Glibc
import TextFormatting

/// The folder the audio of each wake-up is saved in (`--save-audio`), and its files' names:
/// `2026-11-28T20-51-03.412Z_susi.wav` live (the hotword's time, UTC), and in a `--file` run the
/// file's name with the hotword's time in it (`kitchen_000012.340s_susi.wav`), so that a run
/// over the same files names its files the same.
///
/// It holds at most ``maximumFiles`` of its own files: beyond that the oldest are deleted.
/// Its own are those with names it gives; nothing else in the folder is touched.
package struct WakeAudioFolder: Sendable, Equatable {
    /// The folder.
    package let path: String
    /// The most of its own files kept.
    package let maximumFiles: Int

    /// The folder at `path`, created (owner-only: the files hold what people said) when its
    /// parent exists, and checked by writing a file in it: an error says why it cannot be used.
    package init(path: String, maximumFiles: Int) throws(WakeAudioFolderError) {
        self.path = path
        self.maximumFiles = max(1, maximumFiles)
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            // Only the folder itself is made: a missing parent is more likely a typing error, or a
            // disk not mounted, than a place to fill.
            let reason = errno == ENOENT ? "the folder it would be in does not exist" : String(cString: strerror(errno))
            throw WakeAudioFolderError(path: path, problem: "cannot create the folder (\(reason))")
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw WakeAudioFolderError(path: path, problem: "cannot reach the folder (\(String(cString: strerror(errno))))")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw WakeAudioFolderError(path: path, problem: "not a folder") }
        // Asking `access` is not enough: root passes it on a read-only file system.
        let probe = path + "/.susi-listen-probe-\(getpid())"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw WakeAudioFolderError(path: path, problem: "cannot write in the folder (\(String(cString: strerror(errno))))")
        }
        close(descriptor)
        unlink(probe)
    }

    /// The file name for the audio of `keyword` heard at `time`: in a file, `time` seconds into
    /// it; live, `time` seconds since 1970 (UTC).
    package static func fileName(keyword: String, heardAt time: Double, in source: StreamSource) -> String {
        let place: String
        if case .file(let file) = source {
            let name = file == "-" ? "stdin" : String(file.split(separator: "/").last ?? "")
            let stem = name.contains(".") ? String(name[..<name.lastIndex(of: ".")!]) : name
            place = stem + "_" + String(printf: "%010.3f", time) + "s"
        } else {
            let milliseconds = Int((time * 1000).rounded())
            var seconds = time_t(milliseconds / 1000)
            var utc = tm()
            gmtime_r(&seconds, &utc)
            place = String(printf: "%04d-%02d-%02dT%02d-%02d-%02d", Int(utc.tm_year) + 1900, Int(utc.tm_mon) + 1, Int(utc.tm_mday),
                           Int(utc.tm_hour), Int(utc.tm_min), Int(utc.tm_sec))
                + String(printf: ".%03dZ", milliseconds % 1000)
        }
        return place + "_" + fileNameWord(keyword) + ".wav"
    }

    /// Whether `name` is one the folder gives its files (either form).
    package static func isOwnFileName(_ name: String) -> Bool {
        name.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z_[a-z0-9-]+\.wav/#) != nil
            || name.wholeMatch(of: #/.+_\d{6,}\.\d{3}s_[a-z0-9-]+\.wav/#) != nil
    }

    /// A keyphrase as a file name says it: lower-case letters and digits, a dash for anything else.
    private static func fileNameWord(_ keyword: String) -> String {
        String(keyword.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
    }

    /// Deletes the oldest of its own files (by modification time, then name) beyond
    /// ``maximumFiles``; returns the paths it could not delete, with why.
    package func removeOldest() -> [(path: String, problem: String)] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter(Self.isOwnFileName)
        guard names.count > maximumFiles else { return [] }
        let dated = names.map { name -> (name: String, modified: timespec) in
            var status = stat()
            _ = stat(path + "/" + name, &status)
            return (name, status.st_mtim)
        }.sorted { ($0.modified.tv_sec, $0.modified.tv_nsec, $0.name) < ($1.modified.tv_sec, $1.modified.tv_nsec, $1.name) }
        return dated.prefix(names.count - maximumFiles).compactMap { file in
            unlink(path + "/" + file.name) == 0 || errno == ENOENT ? nil : (path + "/" + file.name, String(cString: strerror(errno)))
        }
    }
}

/// Why the folder for wake-up audio cannot be used.
package struct WakeAudioFolderError: Error, Equatable, CustomStringConvertible {
    package var path: String
    package var problem: String

    package var description: String { "the folder for wake-up audio \(path): \(problem)" }
}
