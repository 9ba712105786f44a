import Glibc

/// Whole-text writes to a file descriptor with `write(2)`, which returns an error where
/// `FileHandle.write` traps.
enum DescriptorWriter {
    /// Writes all of `text`; the reason (`strerror`) when it cannot, nil when it could.
    static func write(_ text: String, to descriptor: Int32) -> String? {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            written += result
        }
        return nil
    }

    /// Writes `text` into the file at `path`, created or emptied first, through a symbolic link
    /// as to any file (never replacing the link or a device with a file of its own); the reason
    /// when it cannot, nil when it could.
    static func write(_ text: String, toFile path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        let failure = write(text, to: descriptor)
        return close(descriptor) == 0 || failure != nil ? failure : String(cString: strerror(errno))
    }
}
