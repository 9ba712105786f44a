/// The report libsndfile writes while parsing a header (`SFC_GET_LOG_INFO`), read for the
/// signs of a file cut short.
///
/// libsndfile opens a WAV, AIFF, AU, W64 or RF64 whose data stops early without complaint: it
/// trims the frame count to what is present and only notes the difference in this log, as in
/// `data : 176400 (should be 99956)`. An Ogg stream cut short is noted, once it has been read
/// to its end, as `Ogg : File ended unexpectedly without an End-Of-Stream flag set.`
struct SoundFileLog {
    let text: String

    /// Sizes of the audio data itself (WAV, CAF `data`; AIFF `SSND`; AU `Data Size`).
    private static let dataChunks: Set<Substring> = ["data", "SSND", "Data Size"]
    /// Sizes of the whole file, for the formats whose cut data libsndfile notes only there
    /// (W64 `riff`, RF64 `Riff size`). A WAV's `RIFF` or an AIFF's `FORM` may announce more than
    /// the file holds when only metadata after complete audio is missing: their data chunk's
    /// own line tells.
    private static let containerChunks: Set<Substring> = ["riff", "Riff size"]
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
    /// announces more than the file holds; the name may be several words (`Data Size`).
    private static func shortfall(in line: Substring) -> (chunk: Substring, bytes: Int)? {
        let sides = line.split(separator: ":", maxSplits: 1)
        guard sides.count == 2 else { return nil }
        let name = sides[0].split(separator: " ").joined(separator: " ")
        let words = sides[1].split(separator: " ")
        guard !name.isEmpty, words.count == 4, words[1] == "(should", words[2] == "be", words[3].hasSuffix(")"),
            let announced = Int(words[0]), let actual = Int(words[3].dropLast()),
            announced > actual, actual >= 0
        else { return nil }
        // 64-bit sizes (W64, RF64) have no "unknown" marker that a 32-bit size's limit would mean.
        guard containerChunks.contains(Substring(name)) || announced < unknownSizeMarker else { return nil }
        return (Substring(name), announced - actual)
    }
}
