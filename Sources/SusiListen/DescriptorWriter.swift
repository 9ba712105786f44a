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
}
