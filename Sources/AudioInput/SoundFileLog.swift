/// The report libsndfile writes while parsing a header (`SFC_GET_LOG_INFO`), read for the
/// signs of a file cut short.
///
/// libsndfile opens a WAV, AIFF or W64 whose data stops early without complaint: it trims
/// the frame count to what is present and only notes the difference in this log, as in
/// `data : 176400 (should be 99956)`. An Ogg stream cut short is noted as
/// `Ogg : File ended unexpectedly without an End-Of-Stream flag set.`
struct SoundFileLog {
    let text: String

    /// Chunks whose size is the audio data itself (WAV, W64, RF64, CAF `data`; AIFF `SSND`).
    private static let dataChunks: Set<Substring> = ["data", "SSND"]
    /// Chunks whose size covers the whole file (WAV `RIFF`/`RIFX`, W64 `riff`, AIFF `FORM`).
    private static let containerChunks: Set<Substring> = ["RIFF", "RIFX", "riff", "FORM"]
    /// Streaming writers that cannot seek back put a size of 0xFFFFFFFF (or just under 2 GiB)
    /// in the header to mean "unknown"; such files are not cut, they were never sized.
    private static let unknownSizeMarker = 0x7FFF_F000
    /// Container sizes may count up to 7 pad bytes (W64 aligns chunks to 8) that some
    /// writers leave out; a real cut loses more than that.
    private static let containerPadding = 8

    /// Bytes of audio data the header announces beyond the end of the file, or nil when
    /// the log shows no shortfall.
    var missingAudioBytes: Int? {
        let shortfalls = text.split(whereSeparator: \.isNewline).compactMap(Self.shortfall(in:))
        if let data = shortfalls.first(where: { Self.dataChunks.contains($0.chunk) }) {
            return data.bytes
        }
        if let container = shortfalls.first(where: { Self.containerChunks.contains($0.chunk) }),
            container.bytes > Self.containerPadding
        {
            return container.bytes
        }
        return nil
    }

    /// Whether libsndfile found a stream ending before its end-of-stream mark.
    var reportsUnexpectedEnd: Bool {
        text.contains("ended unexpectedly")
    }

    /// Parses a line of the form `NAME : ANNOUNCED (should be ACTUAL)` in which the header
    /// announces more than the file holds.
    private static func shortfall(in line: Substring) -> (chunk: Substring, bytes: Int)? {
        let words = line.split(separator: " ")
        guard words.count == 6, words[1] == ":", words[3] == "(should", words[4] == "be",
            words[5].hasSuffix(")"),
            let announced = Int(words[2]), let actual = Int(words[5].dropLast()),
            announced > actual, actual >= 0, announced < unknownSizeMarker
        else { return nil }
        return (words[0], announced - actual)
    }
}
