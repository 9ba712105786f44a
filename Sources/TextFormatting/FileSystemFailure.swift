import FoundationEssentials
import Glibc

/// Words a person can act on for why a file operation failed.
package enum FileSystemFailure {
    /// The system's words ("Permission denied", "No such file or directory") for a failure of
    /// `FileManager`, `Data` or `String` reading or writing a file, else the error as Swift
    /// describes it.
    package static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        if let posix = error as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return String(describing: error)
    }
}
