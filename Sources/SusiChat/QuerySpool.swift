import Foundation

/// A bounded queue of queries on disk, kept while the server cannot take them: one JSON file
/// per query (`query-<id>.json`), each written atomically, so a crash leaves every query either
/// whole or absent. Queries survive restarts; beyond `limit` the oldest are dropped.
public actor QuerySpool {
    /// The folder holding one file per kept query.
    public nonisolated let directory: URL
    /// The most queries kept; adding one more drops the oldest.
    public nonisolated let limit: Int
    /// Files in the directory that looked like spooled queries but could not be read when the
    /// spool was opened; they are left where they are.
    public nonisolated let unreadableFiles: [URL]

    /// Oldest first (by `askedAt`), each with its file.
    private var entries: [(query: ChatQuery, file: URL)]

    /// Opens the spool in `directory`, creating the directory if needed and loading the queries
    /// already there. `limit` is at least 1 and applies when a query is added.
    public init(directory: URL, limit: Int = 100) throws(QuerySpoolError) {
        self.directory = directory
        self.limit = max(1, limit)
        let files: [URL]
        do {
            // Owner-only: the files hold what people said.
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreateDirectory(path: directory.path, reason: Self.reason(error))
        }
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.lastPathComponent.hasPrefix(Self.filePrefix) && $0.pathExtension == "json" }
        } catch {
            throw .cannotReadDirectory(path: directory.path, reason: Self.reason(error))
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
    public func add(_ query: ChatQuery) throws(QuerySpoolError) -> [ChatQuery] {
        let file = directory.appendingPathComponent("\(Self.filePrefix)\(query.id.uuidString.lowercased()).json")
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(query).write(to: file, options: .atomic)
        } catch {
            throw .cannotWrite(path: file.path, reason: Self.reason(error))
        }
        entries.removeAll { $0.query.id == query.id }
        let position = entries.firstIndex { Self.isOlder(query, than: $0.query) } ?? entries.endIndex
        entries.insert((query, file), at: position)

        var dropped: [ChatQuery] = []
        for oldest in entries.prefix(max(0, entries.count - limit)) where (try? deleteFile(oldest.file)) != nil {
            dropped.append(oldest.query)
        }
        entries.removeAll { entry in dropped.contains { $0.id == entry.query.id } }
        return dropped
    }

    /// The spooled queries, oldest first.
    public func pending() -> [ChatQuery] {
        entries.map(\.query)
    }

    /// Deletes a query's file; unknown ids are ignored. If the file cannot be deleted the query
    /// stays pending.
    public func remove(id: UUID) throws(QuerySpoolError) {
        guard let entry = entries.first(where: { $0.query.id == id }) else { return }
        try deleteFile(entry.file)
        entries.removeAll { $0.query.id == id }
    }

    private func deleteFile(_ file: URL) throws(QuerySpoolError) {
        do {
            try FileManager.default.removeItem(at: file)
        } catch CocoaError.fileNoSuchFile {
            return
        } catch {
            throw .cannotRemove(path: file.path, reason: Self.reason(error))
        }
    }

    private static let filePrefix = "query-"

    private static func isOlder(_ lhs: ChatQuery, than rhs: ChatQuery) -> Bool {
        (lhs.askedAt, lhs.id.uuidString) < (rhs.askedAt, rhs.id.uuidString)
    }

    /// The system's words for a file-system failure ("Permission denied"), else Foundation's.
    private static func reason(_ error: any Error) -> String {
        // Cast through `any Error`: on Linux `as? NSError` from `Any` does not bridge.
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error {
            let posix = underlying as NSError
            if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
        }
        return error.localizedDescription
    }
}

/// Why the spool could not keep or forget a query. Each names the path and what failed.
public enum QuerySpoolError: Error, Equatable, CustomStringConvertible {
    /// The spool folder does not exist and cannot be made.
    case cannotCreateDirectory(path: String, reason: String)
    /// The spool folder's files cannot be listed.
    case cannotReadDirectory(path: String, reason: String)
    /// A query's file cannot be written.
    case cannotWrite(path: String, reason: String)
    /// A query's file cannot be deleted after it was answered or dropped.
    case cannotRemove(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create the query spool directory \(path): \(reason); choose another spool directory or fix its permissions"
        case .cannotReadDirectory(let path, let reason):
            return "cannot list the query spool directory \(path): \(reason); check that it is a readable directory"
        case .cannotWrite(let path, let reason):
            return "cannot save a spooled query to \(path): \(reason); check free space and permissions"
        case .cannotRemove(let path, let reason):
            return "cannot delete the answered query \(path): \(reason); it would be sent again — check the directory's permissions"
        }
    }
}
