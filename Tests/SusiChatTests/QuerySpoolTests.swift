import AudioTestSupport
import Foundation
import Testing
import SusiChat

@Suite struct QuerySpoolTests {
    private func queries(_ count: Int) -> [ChatQuery] {
        (0..<count).map { Fixtures.query("query \($0)", askedAt: Fixtures.winterDay.addingTimeInterval(Double($0))) }
    }

    @Test func keepsPendingQueriesAcrossRestarts() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let (first, second) = (queries(2)[0], queries(2)[1])

        let spool = try QuerySpool(directory: directory, limit: 10)
        try await spool.add(second)
        try await spool.add(first)
        let reopened = try QuerySpool(directory: directory, limit: 10)

        #expect(await reopened.pending() == [first, second])
        #expect(try Fixtures.spoolFiles(in: directory) == [first, second].map { "query-\($0.id.uuidString.lowercased()).json" }.sorted())
    }

    @Test func dropsTheOldestBeyondTheLimitAndSaysWhich() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let all = queries(5)
        let spool = try QuerySpool(directory: directory, limit: 3)

        var dropped: [ChatQuery] = []
        for query in all { dropped += try await spool.add(query) }

        #expect(dropped == Array(all[0..<2]))
        #expect(await spool.pending() == Array(all[2...]))
        #expect(try Fixtures.spoolFiles(in: directory).count == 3)
        #expect(try await QuerySpool(directory: directory, limit: 3).pending() == Array(all[2...]))
    }

    @Test func removingDeletesTheFileAndAddingTwiceKeepsOne() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let query = Fixtures.query()
        let spool = try QuerySpool(directory: directory)

        try await spool.add(query)
        try await spool.add(query)
        #expect(await spool.pending() == [query])
        try await spool.remove(id: query.id)
        try await spool.remove(id: UUID())

        #expect(await spool.pending().isEmpty)
        #expect(try Fixtures.spoolFiles(in: directory).isEmpty)
    }

    @Test func leavesUnreadableFilesAloneAndNamesThem() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let broken = directory.appendingPathComponent("query-broken.json")
        try Data("{\"text\": ".utf8).write(to: broken)
        try Data("not mine".utf8).write(to: directory.appendingPathComponent("notes.txt"))

        let spool = try QuerySpool(directory: directory)

        #expect(await spool.pending().isEmpty)
        #expect(spool.unreadableFiles.map(\.lastPathComponent) == ["query-broken.json"])
        #expect(FileManager.default.fileExists(atPath: broken.path))
    }

    @Test func leavesNoTemporaryFileBehindAWrite() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let query = Fixtures.query()
        try await QuerySpool(directory: directory).add(query)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == [".lock", "query-\(query.id.uuidString.lowercased()).json"])
    }

    @Test func recoversAWholeQueryLeftByAnInterruptedWriteAndDeletesAPartOfOne() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let whole = Fixtures.query("whole"), cut = Fixtures.query("cut")
        // Foundation's temporary file of an atomic write (how earlier versions wrote), and this
        // type's own, cut off mid-write.
        try JSONEncoder().encode(whole).write(to: directory.appendingPathComponent(".dat.nosync1f2e.Xa9b3c"))
        let partial = directory.appendingPathComponent(".query-\(cut.id.uuidString.lowercased()).json.partial")
        try JSONEncoder().encode(cut).prefix(20).write(to: partial)

        let spool = try QuerySpool(directory: directory)

        #expect(await spool.pending() == [whole])
        #expect(spool.discardedLeftovers == [partial])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == [".lock", "query-\(whole.id.uuidString.lowercased()).json"])
    }

    @Test func refusesAFolderWhoseLockIsHeldElsewhereAndSharesItsOwn() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        // Another open of the lock file holds the lock, as another process would.
        let other = open(directory.appendingPathComponent(".lock").path, O_RDWR | O_CREAT, 0o600)
        #expect(flock(other, LOCK_EX | LOCK_NB) == 0)
        #expect(throws: QuerySpoolError.inUse(path: directory.path)) { try QuerySpool(directory: directory) }
        close(other)

        let first = try QuerySpool(directory: directory)
        let second = try QuerySpool(directory: directory)
        #expect(await first.pending() == second.pending())
        let outsider = open(directory.appendingPathComponent(".lock").path, O_RDWR)
        defer { close(outsider) }
        #expect(flock(outsider, LOCK_EX | LOCK_NB) != 0)
    }

    @Test func directoryThatCannotBeCreatedIsAnActionableError() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let file = directory.appendingPathComponent("a-file")
        try Data().write(to: file)

        #expect {
            try QuerySpool(directory: file.appendingPathComponent("spool"))
        } throws: { error in
            guard let error = error as? QuerySpoolError, case .cannotCreateDirectory(let path, let reason) = error else { return false }
            return path.hasSuffix("a-file/spool") && reason == "Not a directory"
                && error.description.contains("choose another spool directory")
        }
        #expect {
            try QuerySpool(directory: file)
        } throws: { error in
            guard let error = error as? QuerySpoolError, case .cannotCreateDirectory(_, let reason) = error else { return false }
            return reason == "a file that is not a folder is there"
        }
    }

    /// A spool reached through a link into a folder the user may not search (as systemd's
    /// `StateDirectory` is, seen from outside its unit): the reason is the permission, not the
    /// "File exists" FileManager says.
    @Test func aSpoolBehindAFolderThatMayNotBeSearchedSaysSo() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let hidden = directory.appendingPathComponent("private")
        try FileManager.default.createDirectory(at: hidden.appendingPathComponent("state"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: hidden.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        let link = directory.appendingPathComponent("state")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: hidden.appendingPathComponent("state").path)
        #expect {
            try UnprivilegedFileAccess.asNobody { try QuerySpool(directory: link) }
        } throws: { error in
            guard let error = error as? QuerySpoolError, case .cannotCreateDirectory(_, let reason) = error else { return false }
            return reason == "Permission denied"
        }
    }
}
