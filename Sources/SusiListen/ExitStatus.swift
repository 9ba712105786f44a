import ArgumentParser
import HotwordDetection

/// How susi-listen ends when it does not succeed (0), one code per kind of outcome: what the
/// help's overview lists, and what README.md's "Exit codes" table explains at length.
enum ExitStatus: Int32, CaseIterable {
    /// A file could not be read (the others were processed); for `bench` and `soak`, their
    /// input could not be used.
    case unreadableInput = 1
    /// Models, keywords or the spool folder could not be set up.
    case setupFailed = 2
    /// The capture device cannot be opened at start.
    case captureDeviceUnavailable = 3
    /// With files, a command was not answered.
    case commandUnanswered = 4
    /// `serve`'s socket or the events socket cannot be set up.
    case socketUnavailable = 5
    /// Bad arguments (also what argument parsing itself exits with).
    case badArguments = 64
    /// Events could not be written to standard output.
    case outputFailed = 74
    /// The configuration file cannot be read or holds a wrong value.
    case badConfiguration = 78

    /// The status for detection that could not be set up: a keyphrase beyond the documented
    /// limits is a bad argument, anything else (models, dictionaries) a failed set-up.
    static func detectionNotSetUp(_ error: HotwordDetectionError) -> ExitStatus {
        error.exceedsKeyphraseLimits ? .badArguments : .setupFailed
    }

    /// The status for ArgumentParser to exit with.
    var exitCode: ExitCode { ExitCode(rawValue) }

    /// A few words on what the code means, for the help's overview.
    var summary: String {
        switch self {
        case .unreadableInput: "some file could not be read (the others were processed)"
        case .setupFailed: "models or keywords could not be loaded"
        case .captureDeviceUnavailable: "the capture device cannot be opened"
        case .commandUnanswered: "a command from a file was not answered"
        case .socketUnavailable: "the events socket or serve's socket cannot be set up"
        case .badArguments: "bad arguments"
        case .outputFailed: "events could not be written to standard output (a full disk, a closed pipe)"
        case .badConfiguration: "a bad configuration file"
        }
    }

    /// Every exit code with its summary, 0 first: "0 done, 1 some file …".
    static var overview: String {
        (["0 done"] + allCases.map { "\($0.rawValue) \($0.summary)" }).joined(separator: ", ")
    }
}
