import AudioTestSupport
import Foundation
import Testing
import KeywordLabels

@Suite struct LabelFileTests {
    /// Removed with the suite's instance, after each test.
    let scratch: TemporaryDirectory

    init() throws {
        scratch = try TemporaryDirectory()
    }

    /// A folder with an (empty) audio file `a.wav` and a labels file holding `text`.
    private func labelsFile(_ text: String) throws -> String {
        let folder = URL(fileURLWithPath: scratch.file(UUID().uuidString))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #require(FileManager.default.createFile(atPath: folder.appendingPathComponent("a.wav").path, contents: Data()))
        let path = folder.appendingPathComponent("labels.tsv").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    private func problem(_ text: String) throws -> String? {
        let path = try labelsFile(text)
        do {
            _ = try LabelFile.read(path)
            return nil
        } catch {
            return error.description.replacingOccurrences(of: path, with: "labels.tsv")
        }
    }

    @Test func readsRowsInAnyColumnOrderWithFilesRelativeToTheLabels() throws {
        let path = try labelsFile("keyword\tstart_s\tend_s\tfile\nSusi\t1.5\t2.0\ta.wav\n\n")
        let labels = try LabelFile.read(path)
        #expect(labels.count == 1)
        #expect(labels[0].keyword == "susi")
        #expect(labels[0].start == 1.5 && labels[0].end == 2.0)
        #expect(labels[0].file.hasSuffix("/a.wav"))
        #expect(labels[0].origin.hasSuffix("labels.tsv:2"))
    }

    @Test func readsAHeaderAfterAByteOrderMark() throws {
        let labels = try LabelFile.read(try labelsFile("\u{FEFF}file\tkeyword\tstart_s\tend_s\na.wav\tsusi\t1\t2\n"))
        #expect(labels.map(\.keyword) == ["susi"])
    }

    /// Windows line ends ("\r\n", one Character in Swift) split lines as "\n" does.
    @Test func readsWindowsLineEnds() throws {
        let labels = try LabelFile.read(try labelsFile("file\tkeyword\tstart_s\tend_s\r\na.wav\tsusi\t1\t2\r\na.wav\tsusi\t3\t4\r\n"))
        #expect(labels.map(\.end) == [2, 4])
        #expect(labels[1].origin.hasSuffix("labels.tsv:3"))
    }

    @Test func namesTheLineOfARowWithoutItsFile() throws {
        #expect(try problem("file\tkeyword\tstart_s\tend_s\na.wav\tsusi\t1\t2\n \tsusi\t3\t4\n") == "labels.tsv:3: empty file: name the audio file the label belongs to")
    }

    @Test func saysThatAudioGivenAsLabelsIsNotALabelsFile() throws {
        #expect(try problem("RIFF\u{0}\u{0}\u{0}WAVEfmt ") == "labels.tsv: not a text labels file (to label an audio file, give AUDIO=LABELS.tsv)")
    }

    @Test func namesAMissingColumn() throws {
        #expect(try problem("file\tkeyword\tstart_s\na.wav\tsusi\t1\n") == "labels.tsv:1: missing column \"end_s\" (header has: file, keyword, start_s)")
    }

    @Test func namesTheLineOfAShortRow() throws {
        #expect(try problem("file\tkeyword\tstart_s\tend_s\na.wav\tsusi\t1\n")?.hasPrefix("labels.tsv:2: 3 columns") == true)
    }

    @Test func rejectsTimesThatAreNotNumbersOrOutOfOrder() throws {
        #expect(try problem("file\tkeyword\tstart_s\tend_s\na.wav\tsusi\tone\t2\n")?.hasPrefix("labels.tsv:2: start_s and end_s must be numbers") == true)
        #expect(try problem("file\tkeyword\tstart_s\tend_s\na.wav\tsusi\t2\t1\n")?.hasPrefix("labels.tsv:2: need 0 ≤ start_s < end_s") == true)
    }

    @Test func namesAnUnknownFile() throws {
        #expect(try problem("file\tkeyword\tstart_s\tend_s\nb.wav\tsusi\t1\t2\n")?.hasPrefix("labels.tsv:2: unknown file") == true)
    }

    @Test func rejectsOverlappingLabels() throws {
        #expect(try problem("file\tkeyword\tstart_s\tend_s\na.wav\tsusi\t1\t2\na.wav\tsusi\t1.5\t2.5\n") == "labels.tsv:3: overlaps the label at labels.tsv:2")
    }

    @Test func rejectsOverlappingLabelsOfOneAudioFileGivenByTwoSpecs() throws {
        let path = try labelsFile("file\tkeyword\tstart_s\tend_s\na.wav\tsusi\t1\t2\n")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let audioOnly = folder + "/audio-only.tsv"
        try "keyword\tstart_s\tend_s\nsusi\t1.5\t2.5\n".write(toFile: audioOnly, atomically: false, encoding: .utf8)
        // The audio as typed, not as the labels file's `file` column resolves it.
        #expect(throws: LabelFileError(origin: "\(audioOnly):2", problem: "overlaps the label at \(path):2")) {
            try LabelFile.read(specs: ["\(folder)/./a.wav=\(audioOnly)", path])
        }
    }

    /// `AUDIO=LABELS` with "=" in the audio's name: split where both files exist.
    @Test func splitsASpecWhereBothItsFilesExist() throws {
        let path = try labelsFile("keyword\tstart_s\tend_s\nsusi\t1\t2\n")
        let audio = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("take=2.wav").path
        try #require(FileManager.default.createFile(atPath: audio, contents: Data()))
        let labels = try LabelFile.read(specs: ["\(audio)=\(path)"])
        #expect(labels.map(\.file) == [audio])
    }

    @Test func givesEveryRowToTheNamedAudioWhenOneIsGiven() throws {
        let path = try labelsFile("keyword\tstart_s\tend_s\tfile\ncomputer\t1\t2\tnot/there.flac\n")
        let audio = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("a.wav").path
        let labels = try LabelFile.read(path, audio: audio)
        #expect(labels.map(\.file) == [audio])
    }
}
