import HotwordDetection
import KeywordLabels

/// Why a benchmark could not run.
package enum BenchmarkError: Error, Equatable, CustomStringConvertible {
    /// A labels file or one of its lines is wrong, or a label does not fit its audio.
    case labels(LabelFileError)
    /// Audio could not be read or detection failed.
    case audio(String)
    /// Nothing to measure.
    case nothingToMeasure(String)
    /// A file of detections made elsewhere (`bench --detections`) cannot be read, or does not
    /// fit the audio measured.
    case detections(String)
    /// The detector could not be set up (models, keywords, pronunciations).
    case detector(HotwordDetectionError)
    /// The run was stopped because another run of the same benchmark failed.
    case stopped

    package var description: String {
        switch self {
        case .labels(let error): error.description
        case .audio(let message): message
        case .nothingToMeasure(let message): message
        case .detections(let message): message
        case .detector(let error): String(describing: error)
        case .stopped: "stopped: another run of the benchmark failed"
        }
    }
}
