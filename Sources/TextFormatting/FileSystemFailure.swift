import FoundationEssentials
import Glibc

/// Words a person can act on for why a file operation failed.
package enum FileSystemFailure {
    /// The system's words ("Permission denied", "No such file or directory") for a failure of
    /// `FileManager`, `Data` or `String` reading or writing a file, else the error as Swift
    /// describes it.
    package static func reason(_ error: any Error) -> String {
        guard let posix = (error as? CocoaError)?.underlying as? POSIXError ?? error as? POSIXError else {
            return String(describing: error)
        }
        return String(cString: strerror(posix.code.rawValue))
    }
}
