import AudioTestSupport
import AudioInput
import CSndFile
import Foundation
import Testing

@Suite("Finding audio files")
struct AudioFileDiscoveryTests {
    @Test("a folder becomes its audio files, sorted and recursive; files stay as given")
    func expandsFolders() throws {
        let directory = try TemporaryDirectory()
        let root = directory.file("music")
        try FileManager.default.createDirectory(atPath: root + "/b-sub/deeper", withIntermediateDirectories: true)
        for name in ["b.wav", "a.FLAC", "notes.txt", ".hidden.wav", "._a.wav", "b-sub/c.ogg", "b-sub/deeper/d.aiff"] {
            try TemporaryDirectory.write([0], to: root + "/" + name)
        }
        let readme = directory.file("readme.txt")
        try TemporaryDirectory.write([0], to: readme)

        let results = AudioFileDiscovery.audioFiles(in: [readme, root])
        #expect(results.map { try? $0.get() } == [
            readme, root + "/a.FLAC", root + "/b-sub/c.ogg", root + "/b-sub/deeper/d.aiff", root + "/b.wav",
        ])
    }

    @Test("a name that is not UTF-8 and a loop of symbolic links are each named, in a folder and as given")
    func namesANonUTF8NameAndALinkLoop() throws {
        let directory = try TemporaryDirectory()
        try TemporaryDirectory.write([0], to: directory.file("ok.wav"))
        #expect(createFile(named: Array("caf".utf8) + [0xE9] + Array(".wav".utf8), in: directory.path))
        try FileManager.default.createSymbolicLink(atPath: directory.file("loop-a.wav"), withDestinationPath: "loop-b.wav")
        try FileManager.default.createSymbolicLink(atPath: directory.file("loop-b.wav"), withDestinationPath: "loop-a.wav")

        let inFolder = AudioFileDiscovery.audioFiles(in: [directory.path])
        let lines = inFolder.map { result in (try? result.get()) ?? (result.failure?.description ?? "") }
        #expect(lines == [
            "\(directory.path)/caf\u{FFFD}.wav: the file's name is not valid UTF-8 (shown here with � for the bytes that are not); rename the file",
            "\(directory.file("loop-a.wav")): a loop of symbolic links",
            "\(directory.file("loop-b.wav")): a loop of symbolic links",
            directory.file("ok.wav"),
        ])
        let given = AudioFileDiscovery.audioFiles(in: [directory.file("caf\u{FFFD}.wav"), directory.file("loop-a.wav")])
        #expect(given.map(\.failure) == [
            .nameNotUTF8(path: directory.file("caf\u{FFFD}.wav")), .symbolicLinkLoop(path: directory.file("loop-a.wav")),
        ])
        #expect(throws: AudioInputError.symbolicLinkLoop(path: directory.file("loop-a.wav"))) {
            try AudioFileReader(path: directory.file("loop-a.wav"))
        }
    }

    /// Creates an empty file whose name is `name`'s bytes, UTF-8 or not.
    private func createFile(named name: [UInt8], in folder: String) -> Bool {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }

    @Test("a trailing slash on a folder does not double up")
    func trailingSlash() throws {
        let directory = try TemporaryDirectory()
        try TemporaryDirectory.write([0], to: directory.file("one.wav"))
        let results = AudioFileDiscovery.audioFiles(in: [directory.path + "/"])
        #expect(results.map { try? $0.get() } == [directory.file("one.wav")])
    }

    @Test("a folder with no audio files is an error naming it")
    func folderWithoutAudio() throws {
        let directory = try TemporaryDirectory()
        try TemporaryDirectory.write([0], to: directory.file("notes.txt"))
        try FileManager.default.createDirectory(atPath: directory.file("empty"), withIntermediateDirectories: false)

        let results = AudioFileDiscovery.audioFiles(in: [directory.path])
        #expect(results.count == 1)
        let error = try #require(results.first.flatMap { result -> AudioInputError? in
            if case .failure(let error) = result { error } else { nil }
        })
        #expect(error == .noAudioFiles(folder: directory.path))
        #expect(error.description == "\(directory.path): contains no audio files")
    }

    @Test("each path gets its own result, so one missing path does not hide the others")
    func reportsEachPath() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("recording.wav")
        let present = directory.file("present.wav")
        try TemporaryDirectory.write([0], to: present)

        let results = AudioFileDiscovery.audioFiles(in: [missing, present])
        #expect(results.count == 2)
        #expect(throws: AudioInputError.noSuchFile(path: missing)) { try results[0].get() }
        #expect(try results[1].get() == present)
        #expect(AudioInputError.noSuchFile(path: missing).description == "\(missing): no such file")
    }

    @Test("a symbolic link back up the tree is not followed round in circles")
    func linkLoop() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("sub"), withIntermediateDirectories: false)
        try TemporaryDirectory.write([0], to: directory.file("sub/x.wav"))
        try FileManager.default.createSymbolicLink(atPath: directory.file("sub/loop"), withDestinationPath: "..")

        let results = AudioFileDiscovery.audioFiles(in: [directory.path])
        #expect(results.map { try? $0.get() } == [directory.file("sub/x.wav")])
    }

    @Test("an unreadable folder is reported as permission denied, even when the tests run as root")
    func unreadableFolder() throws {
        let directory = try TemporaryDirectory()
        let locked = directory.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        try TemporaryDirectory.write([0], to: locked + "/x.wav")
        chmod(locked, 0)
        defer { chmod(locked, 0o700) }

        let results = UnprivilegedFileAccess.asNobody { AudioFileDiscovery.audioFiles(in: [locked]) }
        #expect(throws: AudioInputError.permissionDenied(path: locked)) { try results.first?.get() }
    }

    @Test("MP3 is found in folders, and read, when this libsndfile handles it")
    func mp3FollowsLibsndfile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("tone.mp3")
        let tone = Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: 44_100, frames: 44_100)
        let writer = try? SoundFileWriter(
            path: path, format: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III), sampleRate: 44_100, channels: 1)
        #expect(AudioFileDiscovery.audioExtensions.contains("mp3") == (writer != nil))
        guard let writer else { return }
        writer.write(tone, channels: 1)
        writer.finish()

        #expect(AudioFileDiscovery.audioFiles(in: [directory.path]).map { try? $0.get() } == [path])
        let output = try AudioFileReader(path: path).collectSamples()
        #expect(abs(output.count - 16_000) <= 480)
    }
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
