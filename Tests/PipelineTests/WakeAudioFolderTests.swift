import AudioTestSupport
import Foundation
import Testing
@testable import Pipeline

/// The folder wake-up audio is saved in: created, checked by writing in it, and its files' names.
@Suite struct WakeAudioFolderTests {
    @Test func refusesAFolderItMayNotWriteIn() throws {
        let scratch = try TemporaryDirectory()
        let locked = scratch.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o555])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path)
        #expect(throws: WakeAudioFolderError(path: locked, problem: "cannot write in the folder (Permission denied)")) {
            try UnprivilegedFileAccess.asNobody { try WakeAudioFolder(path: locked, maximumFiles: 10) }
        }
        // Root may write there: the folder is used, and the probe written to check it is gone.
        _ = try WakeAudioFolder(path: locked, maximumFiles: 10)
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked).isEmpty)
    }

    @Test func createsTheFolderForItsOwnerAlone() throws {
        let scratch = try TemporaryDirectory()
        let folder = try WakeAudioFolder(path: scratch.file("wakes"), maximumFiles: 10)
        let permissions = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        #expect(permissions == 0o700)
    }

    @Test func namesFilesByTheirTimeInUTCLiveAndByFileAndPositionInFileRuns() {
        // 2026-11-28 20:51:03.412 UTC.
        #expect(WakeAudioFolder.fileName(keyword: "susi", heardAt: 1_795_899_063.412, in: .device("default"))
                == "2026-11-28T20-51-03.412Z_susi.wav")
        #expect(WakeAudioFolder.fileName(keyword: "Hey Computer", heardAt: 12.34, in: .file("recordings/kitchen.flac"))
                == "kitchen_000012.340s_hey-computer.wav")
        #expect(WakeAudioFolder.fileName(keyword: "susi", heardAt: 1.5, in: .file("-")) == "stdin_000001.500s_susi.wav")
        for name in ["2026-11-28T20-51-03.412Z_susi.wav", "kitchen_000012.340s_hey-computer.wav"] {
            #expect(WakeAudioFolder.isOwnFileName(name))
        }
        for name in ["kitchen.wav", "2026-11-28T20-51-03.412Z_susi.flac", "notes_12.3s_susi.wav", "2026-11-28_susi.wav"] {
            #expect(!WakeAudioFolder.isOwnFileName(name))
        }
    }
}
