import AudioInput
import Foundation
import Transcription

/// The spoken-command fixtures of `TestAudio/commands` and the models beside them.
enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let commands = repository.appendingPathComponent("TestAudio/commands")
    static let domainModelFolder = repository.appendingPathComponent("Models/commands").path
    /// Real recorded speech of `shared/devdata` (beside the repository; CI has it there).
    static let devdataBackground = repository.deletingLastPathComponent().appendingPathComponent("shared/devdata/background")
    /// devdata's transcribed clips of real speech (audiobook and test sentences, spoken digits).
    static let devdataSTT = repository.deletingLastPathComponent().appendingPathComponent("shared/devdata/stt")

    /// A configuration with the project's domain model (or the general one).
    static func configuration(general: Bool = false) -> TranscriberConfiguration {
        TranscriberConfiguration(languageModel: general ? .general : .domain(folder: domainModelFolder))
    }

    /// One row of `manifest.tsv` with its reference text from `transcripts.tsv`.
    struct Command {
        let file: String
        let group: String
        let text: String
        let speechStart: Double
        let speechEnd: Double
        let keywordEnd: Double?

        var path: String { Fixtures.commands.appendingPathComponent(file).path }
        /// Where the transcriber's session starts: the end of "susi", or the start of the file.
        var sessionStart: Int { Int(((keywordEnd ?? 0) * Double(pipelineSampleRate)).rounded()) }
        /// Speech end as a sample count of the session.
        var speechEndInSession: Int { Int((speechEnd * Double(pipelineSampleRate)).rounded()) - sessionStart }
    }

    /// A clip of real speech with its reference text.
    struct Clip {
        let path: String
        let text: String
    }

    /// devdata's transcribed clips, in the order of its `transcripts.tsv`.
    static func devdataClips() throws -> [Clip] {
        try table("transcripts.tsv", in: devdataSTT).map { Clip(path: devdataSTT.appendingPathComponent($0[0]).path, text: $0.count > 1 ? $0[1] : "") }
    }

    /// Every fixture, in manifest order.
    static func all() throws -> [Command] {
        let references = try table("transcripts.tsv", in: commands).reduce(into: [String: String]()) { $0[$1[0]] = $1.count > 1 ? $1[1] : "" }
        return try table("manifest.tsv", in: commands).dropFirst().map { row in
            Command(file: row[0], group: row[1], text: references[row[0]] ?? "",
                    speechStart: Double(row[3]) ?? 0, speechEnd: Double(row[4]) ?? 0, keywordEnd: Double(row[6]))
        }
    }

    /// The fixtures of some groups (`in-corpus`, `held-out`, `hotword`, `long`, `silence`).
    static func commands(in groups: Set<String>) throws -> [Command] {
        try all().filter { groups.contains($0.group) }
    }

    /// The session's audio: from the end of the keyword (or the file's start) to the end.
    static func sessionAudio(of command: Command) throws -> [Float] {
        Array(try samples(of: command.path).dropFirst(command.sessionStart))
    }

    /// Every 16 kHz sample of a file, read through the project's reader.
    static func samples(of path: String) throws -> [Float] {
        try AudioFileReader(path: path).remainingSamples()
    }

    /// A tab-separated file of `folder` as rows of fields.
    private static func table(_ name: String, in folder: URL) throws -> [[String]] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }
}

/// Events of one session and the sample count at which each was returned.
struct SessionRecord {
    var events: [(event: TranscriptionEvent, fed: Int)] = []

    var partials: [Transcript] {
        events.compactMap { if case .partial(let transcript) = $0.event { return transcript } else { return nil } }
    }
    var final: (transcript: Transcript, reason: EndReason)? {
        for (event, _) in events { if case .final(let transcript, let reason) = event { return (transcript, reason) } }
        return nil
    }
}

extension Transcriber {
    /// Starts a session with `leadIn` and feeds `audio` in frames of `frameLength`.
    func run(_ audio: [Float], leadIn: [Float] = [], frameLength: Int = 480) throws -> SessionRecord {
        try begin(leadIn: leadIn)
        var record = SessionRecord()
        var fed = leadIn.count
        for start in stride(from: 0, to: audio.count, by: frameLength) {
            let frame = Array(audio[start..<min(start + frameLength, audio.count)])
            fed += frame.count
            record.events += try process(frame).map { ($0, fed) }
        }
        return record
    }

    /// The text the session gave: its final, or what `finish()` returns when it has none.
    func transcribe(_ audio: [Float]) throws -> String {
        let record = try run(audio)
        if let final = record.final { return final.transcript.text }
        return try finish()?.text ?? ""
    }
}
