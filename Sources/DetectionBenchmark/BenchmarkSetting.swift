import TextFormatting

/// What one row of a benchmark measured: the detector at a sensitivity, or detections made
/// elsewhere and read from a file (`bench --detections`).
package enum BenchmarkSetting: Sendable, Hashable, Comparable {
    /// The detector, run at this sensitivity (0...1).
    case sensitivity(Double)
    /// Detections read from `file`, the `index`-th file of detections given (from 1).
    case detections(file: String, index: Int)

    /// The sensitivity, for a row of the detector; nil for detections made elsewhere.
    package var sensitivity: Double? {
        if case .sensitivity(let value) = self { return value }
        return nil
    }

    /// The setting in a table's narrow column: `0.50`, or `#1` for the first file of detections.
    var column: String {
        switch self {
        case .sensitivity(let value): String(printf: "%5.2f", value)
        case .detections: label.leftPadded(5)
        }
    }

    /// The setting beside a plotted point: `0.5`, or `#1` for the first file of detections.
    var label: String {
        switch self {
        case .sensitivity(let value): "\(value)"
        case .detections(_, let index): "#\(index)"
        }
    }

    /// The setting in a sentence: `sensitivity 0.5`, or `the detections of #1 (pip.jsonl)`.
    var name: String {
        switch self {
        case .sensitivity(let value): "sensitivity \(value)"
        case .detections(let file, let index): "the detections of #\(index) (\(file))"
        }
    }

    /// Sensitivities in rising order, then files of detections in the order given.
    package static func < (lhs: BenchmarkSetting, rhs: BenchmarkSetting) -> Bool {
        switch (lhs, rhs) {
        case (.sensitivity(let left), .sensitivity(let right)): left < right
        case (.detections(_, let left), .detections(_, let right)): left < right
        case (.sensitivity, .detections): true
        case (.detections, .sensitivity): false
        }
    }
}
