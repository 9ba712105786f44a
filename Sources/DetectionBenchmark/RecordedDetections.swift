import FoundationEssentials
import JSONText

/// Detections made elsewhere, to be scored as the detector's own are (`bench --detections`):
/// another engine's, or an earlier `detect --file … --json` run's.
///
/// The file holds JSON lines. Each `hotword` line is one detection and names its audio `file`,
/// its `keyword` and its `time`, the seconds from the file's start at which it was reported,
/// as `detect --json` writes them; every other line (another event type, a summary) is left
/// alone, and blank lines are skipped.
package struct RecordedDetections: Sendable {
    /// One detection, as the file gives it.
    package struct Detection: Sendable, Equatable {
        /// The audio file it was made in, as the line spells it.
        package var audioFile: String
        /// The keyphrase, lower-cased, its words one space apart.
        package var keyword: String
        /// Seconds from the audio file's start at which it was reported.
        package var time: Double
        /// Where the line is, for messages: `pip.jsonl:12`.
        package var origin: String
    }

    /// The file the detections were read from.
    package var path: String
    /// The detections, in the file's order.
    package var detections: [Detection]

    /// Reads `path`; a line that is not a JSON object, or a `hotword` line without its file,
    /// keyword or time, is an error naming the line.
    package init(path: String) throws(BenchmarkError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .detections("\(path): cannot read the file of detections")
        }
        self.path = path
        detections = []
        for (offset, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let origin = "\(path):\(offset + 1)"
            guard line.contains(where: { ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains($0) }) else { continue }
            guard let event = JSONValue.parse(Data(line)), case .object = event else {
                throw .detections("\(origin): not a JSON object (one event a line, as detect --json writes them)")
            }
            guard event["type"]?.scalarText == "hotword" else { continue }
            guard case .string(let audioFile)? = event["file"], !audioFile.isEmpty else {
                throw .detections("\(origin): a hotword without the audio \"file\" it was heard in")
            }
            guard case .string(let keyword)? = event["keyword"],
                  case let words = keyword.lowercased().split(whereSeparator: \.isWhitespace), !words.isEmpty else {
                throw .detections("\(origin): a hotword without its \"keyword\"")
            }
            guard case .number? = event["time"], let time = event["time"]?.doubleValue, time >= 0 else {
                throw .detections("\(origin): a hotword without its \"time\" (seconds from the file's start, 0 or more)")
            }
            detections.append(Detection(audioFile: audioFile, keyword: words.joined(separator: " "), time: time, origin: origin))
        }
    }
}
