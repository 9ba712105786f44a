import Glibc
import Threading

/// Event lines on standard output, one per line, for a program or a person reading them.
///
/// Output that cannot be written (a full disk, a closed pipe, a broken journal stream) is an
/// error like any other, not a crash: the first failure is reported on standard error, later
/// lines are still tried (the reader may come back), and `hasFailed` tells a file run to end
/// with exit code 74.
enum StandardOutput {
    private static let state = FailureState()

    /// Writes `line` and a newline; on the first failure, `reportFirstFailure` gets the reason.
    static func write(_ line: String, reportFirstFailure: (String) -> Void = { StandardError.write("susi-listen: \($0)") }) {
        guard let failure = DescriptorWriter.write(line + "\n", to: STDOUT_FILENO) else { return }
        if state.recordFailure() {
            reportFirstFailure("cannot write events to standard output (\(failure)); events are not written until it recovers")
        }
    }

    /// Writes a command's report (`bench`, `soak`, `--list-devices`) and a newline; a report
    /// that cannot be written is a failed run: said on standard error, exit code 74.
    static func writeReport(_ text: String) throws {
        guard let failure = DescriptorWriter.write(text + "\n", to: STDOUT_FILENO) else { return }
        StandardError.write("susi-listen: cannot write the report to standard output (\(failure))")
        throw ExitStatus.outputFailed.exitCode
    }

    /// Whether a write to standard output has failed.
    static var hasFailed: Bool { state.failed }

    private final class FailureState: @unchecked Sendable {
        private let lock = Lock()
        private var failedOnce = false

        /// Records a failure; true the first time only.
        func recordFailure() -> Bool {
            lock.withLock {
                defer { failedOnce = true }
                return !failedOnce
            }
        }

        var failed: Bool { lock.withLock { failedOnce } }
    }
}
