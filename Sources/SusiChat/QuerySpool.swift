import FoundationEssentials
import Glibc
import TextFormatting

/// A bounded queue of queries on disk: one JSON file per query (`query-<id>.json`), written
/// to a temporary file, flushed to the disk and renamed into place (the folder flushed too), so
/// a crash or power cut leaves every query either whole or absent. Queries survive restarts;
/// beyond `limit` the oldest are dropped.
///
/// Used as a write-ahead log by `ChatDelivery`: a query is saved before its first try and
/// removed once answered. Leftovers of a write that was interrupted (the temporary files of
/// this type, and Foundation's `.dat.nosync*` of earlier versions) are recovered when they hold
/// a whole query, else deleted, when the spool is opened. One process at a time may use a
/// spool folder (a `flock` on its `.lock` file): another gets `QuerySpoolError.inUse`.
package actor QuerySpool {
    /// The folder holding one file per kept query.
    package nonisolated let directory: URL
    /// The most queries kept; adding one more drops the oldest.
    package nonisolated let limit: Int
    /// Files in the directory that looked like spooled queries but could not be read when the
    /// spool was opened; they are left where they are.
    package nonisolated let unreadableFiles: [URL]

    /// Leftovers of interrupted writes that held no whole query, deleted when the spool was opened.
    package nonisolated let discardedLeftovers: [URL]

    /// Oldest first (by `askedAt`), each with its file.
    private var entries: [(query: ChatQuery, file: URL)]
    /// Held for as long as the spool is open.
    private let lock: SpoolFolderLock

    /// Opens the spool in `directory`, creating the directory if needed, taking its lock,
    /// recovering or deleting the leftovers of interrupted writes and loading the queries
    /// already there. `limit` is at least 1 and applies when a query is added, and when
    /// `dropBeyondLimit()` is asked (at start).
    package init(directory: URL, limit: Int = 100) throws(QuerySpoolError) {
        self.directory = directory
        self.limit = max(1, limit)
        var isFolder = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), !isFolder {
            throw .cannotCreateDirectory(path: directory.path, reason: "a file that is not a folder is there")
        }
        do {
            // Owner-only: the files hold what people said.
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            // FileManager says "File exists" for a folder it cannot reach through a link (a
            // parent that may not be searched): the system's own look at the path says why.
            var status = stat()
            let unreachable = stat(directory.path, &status) != 0 && errno != ENOENT ? String(cString: strerror(errno)) : nil
            throw .cannotCreateDirectory(path: directory.path, reason: unreachable ?? FileSystemFailure.reason(error))
        }
        lock = try SpoolFolderLock.acquire(directory)
        discardedLeftovers = try Self.recoverLeftovers(in: directory)
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasPrefix(Self.filePrefix) && $0.hasSuffix(".json") }
                .map { directory.appendingPathComponent($0) }
        } catch {
            throw .cannotReadDirectory(path: directory.path, reason: FileSystemFailure.reason(error))
        }
        var loaded: [(query: ChatQuery, file: URL)] = []
        var unreadable: [URL] = []
        for file in files {
            if let data = try? Data(contentsOf: file), let query = try? JSONDecoder().decode(ChatQuery.self, from: data) {
                loaded.append((query, file))
            } else {
                unreadable.append(file)
            }
        }
        entries = loaded.sorted { Self.isOlder($0.query, than: $1.query) }
        unreadableFiles = unreadable.sorted { $0.path < $1.path }
    }

    /// Saves `query` (replacing one with the same id) and returns the oldest queries dropped to
    /// stay within `limit`. A dropped query whose file cannot be deleted stays pending, so
    /// `pending()` always matches the disk.
    @discardableResult
    package func add(_ query: ChatQuery) throws(QuerySpoolError) -> [ChatQuery] {
        try save(query)
        return dropBeyondLimit()
    }

    /// Saves `query` (replacing one with the same id), durably, without applying the limit:
    /// the write-ahead record of a query about to be sent.
    package func save(_ query: ChatQuery) throws(QuerySpoolError) {
        let file = directory.appendingPathComponent("\(Self.filePrefix)\(query.id.uuidString.lowercased()).json")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(query) else { throw .cannotWrite(path: file.path, reason: "the query cannot be encoded") }
        try Self.writeDurably(data, to: file)
        entries.removeAll { $0.query.id == query.id }
        let position = entries.firstIndex { Self.isOlder(query, than: $0.query) } ?? entries.endIndex
        entries.insert((query, file), at: position)
    }

    /// Drops the oldest queries beyond `limit` and returns them.
    package func dropBeyondLimit() -> [ChatQuery] {
        var dropped: [ChatQuery] = []
        for oldest in entries.prefix(max(0, entries.count - limit)) where (try? deleteFile(oldest.file)) != nil {
            dropped.append(oldest.query)
        }
        entries.removeAll { entry in dropped.contains { $0.id == entry.query.id } }
        return dropped
    }

    /// The spooled queries, oldest first.
    package func pending() -> [ChatQuery] {
        entries.map(\.query)
    }

    /// Deletes a query's file; unknown ids are ignored. If the file cannot be deleted the query
    /// stays pending.
    package func remove(id: UUID) throws(QuerySpoolError) {
        guard let entry = entries.first(where: { $0.query.id == id }) else { return }
        try deleteFile(entry.file)
        entries.removeAll { $0.query.id == id }
    }

    private func deleteFile(_ file: URL) throws(QuerySpoolError) {
        do {
            try FileManager.default.removeItem(at: file)
        } catch let error as CocoaError where error.code == .fileNoSuchFile {
            return
        } catch {
            throw .cannotRemove(path: file.path, reason: FileSystemFailure.reason(error))
        }
    }

    private static let filePrefix = "query-"
    /// Temporary files of `writeDurably`: hidden, and never taken for a query.
    private static let temporaryPrefix = ".query-"
    private static let temporarySuffix = ".partial"
    /// Foundation's temporary files of an atomic write (earlier versions wrote queries so).
    private static let foundationTemporaryPrefix = ".dat.nosync"

    /// Writes `data` to a temporary file beside `file`, flushes it to the disk, renames it to
    /// `file` and flushes the folder, so that `file` is either the old or the new content.
    private static func writeDurably(_ data: Data, to file: URL) throws(QuerySpoolError) {
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(temporaryPrefix + file.lastPathComponent.dropFirst(filePrefix.count) + temporarySuffix)
        func failure(_ call: String) -> QuerySpoolError {
            .cannotWrite(path: file.path, reason: "\(call): \(String(cString: strerror(errno)))")
        }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("creating \(temporary.lastPathComponent)") }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written, fsync(descriptor) == 0 else {
            let error = failure("writing \(temporary.lastPathComponent)")
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
        close(descriptor)
        guard rename(temporary.path, file.path) == 0 else {
            let error = failure("renaming \(temporary.lastPathComponent)")
            unlink(temporary.path)
            throw error
        }
        let folder = open(file.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Turns each leftover of an interrupted write that holds a whole query into that query's
    /// file (unless it exists), and deletes the leftovers; returns those that held no query.
    private static func recoverLeftovers(in directory: URL) throws(QuerySpoolError) -> [URL] {
        let leftovers: [URL]
        do {
            leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { name in
                (name.hasPrefix(temporaryPrefix) && name.hasSuffix(temporarySuffix)) || name.hasPrefix(foundationTemporaryPrefix)
            }.map { directory.appendingPathComponent($0) }
        } catch {
            throw .cannotReadDirectory(path: directory.path, reason: FileSystemFailure.reason(error))
        }
        var discarded: [URL] = []
        for leftover in leftovers.sorted(by: { $0.path < $1.path }) {
            if let data = try? Data(contentsOf: leftover), let query = try? JSONDecoder().decode(ChatQuery.self, from: data) {
                let file = directory.appendingPathComponent("\(filePrefix)\(query.id.uuidString.lowercased()).json")
                if !FileManager.default.fileExists(atPath: file.path) { try writeDurably(data, to: file) }
            } else {
                discarded.append(leftover)
            }
            do {
                try FileManager.default.removeItem(at: leftover)
            } catch {
                throw .cannotRemove(path: leftover.path, reason: FileSystemFailure.reason(error))
            }
        }
        return discarded
    }

    private static func isOlder(_ lhs: ChatQuery, than rhs: ChatQuery) -> Bool {
        (lhs.askedAt, lhs.id.uuidString) < (rhs.askedAt, rhs.id.uuidString)
    }
}

/// Why the spool could not keep or forget a query. Each names the path and what failed.
package enum QuerySpoolError: Error, Equatable, CustomStringConvertible {
    /// The spool folder does not exist and cannot be made.
    case cannotCreateDirectory(path: String, reason: String)
    /// The spool folder's files cannot be listed.
    case cannotReadDirectory(path: String, reason: String)
    /// A query's file cannot be written.
    case cannotWrite(path: String, reason: String)
    /// A query's file cannot be deleted after it was answered or dropped.
    case cannotRemove(path: String, reason: String)
    /// Another process holds the spool folder's lock.
    case inUse(path: String)

    package var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create the query spool directory \(path): \(reason); choose another spool directory or fix its permissions"
        case .cannotReadDirectory(let path, let reason):
            return "cannot list the query spool directory \(path): \(reason); check that it is a readable directory"
        case .cannotWrite(let path, let reason):
            return "cannot save a spooled query to \(path): \(reason); check free space and permissions"
        case .cannotRemove(let path, let reason):
            return "cannot delete the answered query \(path): \(reason); it would be sent again — check the directory's permissions"
        case .inUse(let path):
            return "the query spool directory \(path) is in use by another susi-listen process (it holds \(path)/\(SpoolFolderLock.fileName)); "
                + "give each process its own spool directory"
        }
    }
}
