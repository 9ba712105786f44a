import Glibc

/// Lines for a person on standard error, kept apart from the events on standard output.
enum StandardError {
    /// Writes `line` and a newline; if standard error itself cannot be written there is no one
    /// left to tell, so a failure is ignored rather than fatal.
    static func write(_ line: String) {
        _ = DescriptorWriter.write(line + "\n", to: STDERR_FILENO)
    }
}
