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

    @Test("an unreadable folder is reported as permission denied", .enabled(if: geteuid() != 0, "root reads anything"))
    func unreadableFolder() throws {
        let directory = try TemporaryDirectory()
        let locked = directory.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        try TemporaryDirectory.write([0], to: locked + "/x.wav")
        chmod(locked, 0)
        defer { chmod(locked, 0o700) }

        let results = AudioFileDiscovery.audioFiles(in: [locked])
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
