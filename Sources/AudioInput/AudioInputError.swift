/// Why audio could not be read. Each description is one line that starts with the
/// file or folder concerned, so the caller can report it and go on with the next one.
package enum AudioInputError: Error, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case noSuchFile(path: String)
    /// The name is not valid UTF-8, so it cannot be passed on (rename the file).
    case nameNotUTF8(path: String)
    /// Symbolic links on the way to the path lead round in a loop.
    case symbolicLinkLoop(path: String)
    /// The file or folder exists but may not be read.
    case permissionDenied(path: String)
    /// A folder was given where an audio file was expected.
    case isDirectory(path: String)
    /// The file has 0 bytes.
    case emptyFile(path: String)
    /// libsndfile does not recognise the file as audio; `reason` is its message.
    case notAudio(path: String, reason: String)
    /// The file is valid audio but holds no frames.
    case noAudio(path: String)
    /// The header's sample rate is outside ``AudioFileReader/supportedSampleRates``.
    case unsupportedSampleRate(path: String, rate: Int)
    /// The header's channel count is above ``AudioFileReader/maximumChannelCount``.
    case unsupportedChannelCount(path: String, channels: Int)
    /// The file has fewer channels than the one asked for (counted from 0).
    case noSuchChannel(path: String, channel: Int, channels: Int)
    /// The header announces more frames than the file holds.
    case truncated(path: String, announcedFrames: Int, presentFrames: Int)
    /// The file ends inside its audio data, and how much is missing is unknown.
    case incompleteStream(path: String)
    /// Decoding failed `seconds` into the source; `reason` is libsndfile's message.
    case readFailed(path: String, seconds: Double, reason: String)
    /// A folder holds no file with an audio extension.
    case noAudioFiles(folder: String)
    /// A folder could not be listed for a reason other than permissions.
    case folderUnreadable(path: String, reason: String)
    /// A frame length below 1 sample was requested.
    case invalidFrameLength(Int)
    /// libsoxr refused to set up the conversion; `reason` is its message.
    case resamplerSetupFailed(inputRate: Double, outputRate: Double, reason: String)

    /// One line: the file or folder, the problem and, where it helps, what to do.
    /// The file or folder concerned, where there is one.
    package var path: String? {
        switch self {
        case .noSuchFile(let path), .nameNotUTF8(let path), .symbolicLinkLoop(let path), .permissionDenied(let path),
             .isDirectory(let path), .emptyFile(let path),
             .notAudio(let path, _), .noAudio(let path), .unsupportedSampleRate(let path, _),
             .unsupportedChannelCount(let path, _), .noSuchChannel(let path, _, _), .truncated(let path, _, _), .incompleteStream(let path),
             .readFailed(let path, _, _), .noAudioFiles(let path), .folderUnreadable(let path, _):
            path
        case .invalidFrameLength, .resamplerSetupFailed:
            nil
        }
    }

    /// The description without the leading path, for reports that carry the path on their own.
    package var problem: String {
        guard let path, description.hasPrefix(path + ": ") else { return description }
        return String(description.dropFirst(path.count + 2))
    }

    package var description: String {
        switch self {
        case .noSuchFile(let path):
            "\(path): no such file"
        case .nameNotUTF8(let path):
            "\(path): the file's name is not valid UTF-8 (shown here with � for the bytes that are not); rename the file"
        case .symbolicLinkLoop(let path):
            "\(path): a loop of symbolic links"
        case .permissionDenied(let path):
            "\(path): permission denied (check the permissions of the file and its folders)"
        case .isDirectory(let path):
            "\(path): is a folder, not an audio file"
        case .emptyFile(let path):
            "\(path): the file is empty (0 bytes)"
        case .notAudio(let path, let reason):
            "\(path): not an audio file libsndfile can read (\(reason))"
        case .noAudio(let path):
            "\(path): contains no audio (0 frames)"
        case .unsupportedSampleRate(let path, let rate):
            "\(path): unsupported sample rate \(rate) Hz (supported: "
                + "\(AudioFileReader.supportedSampleRates.lowerBound)–"
                + "\(AudioFileReader.supportedSampleRates.upperBound) Hz)"
        case .unsupportedChannelCount(let path, let channels):
            "\(path): unsupported channel count \(channels) (at most \(AudioFileReader.maximumChannelCount))"
        case .noSuchChannel(let path, let channel, let channels):
            "\(path): has no channel \(channel): it has \(channels) (counted from 0, so 0–\(channels - 1))"
        case .truncated(let path, let announced, let present):
            "\(path): truncated: the header announces \(announced) frames but only \(present) are present"
        case .incompleteStream(let path):
            "\(path): truncated: the file ends in the middle of its audio data"
        case .readFailed(let path, let seconds, let reason):
            "\(path): read error at \((seconds * 100).rounded() / 100) s (\(reason))"
        case .noAudioFiles(let folder):
            "\(folder): contains no audio files"
        case .folderUnreadable(let path, let reason):
            "\(path): cannot list the folder (\(reason))"
        case .invalidFrameLength(let length):
            "invalid frame length \(length): a frame needs at least 1 sample"
        case .resamplerSetupFailed(let inputRate, let outputRate, let reason):
            "cannot resample \(Self.hertz(inputRate)) to \(Self.hertz(outputRate)) (\(reason))"
        }
    }

    /// A rate as people write it: "44100 Hz" rather than "44100.0 Hz".
    private static func hertz(_ rate: Double) -> String {
        if let whole = Int(exactly: rate) { "\(whole) Hz" } else { "\(rate) Hz" }
    }
}
