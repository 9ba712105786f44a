import FoundationEssentials
import Glibc
import Threading

/// The exclusive `flock` on a spool folder's lock file, so that one process at a time owns the
/// folder: two processes sharing it would each send every query. Every spool of this process
/// on the same folder shares one lock; the file descriptor is closed, and the lock released,
/// when the last of them goes.
final class SpoolFolderLock: @unchecked Sendable {
    /// The lock file inside the spool folder.
    static let fileName = ".lock"

    private let descriptor: Int32
    private let path: String

    private static let registryLock = Lock()
    /// The locks this process holds, by lock file path; weak, so that a lock goes with its last user.
    nonisolated(unsafe) private static var held: [String: Weak] = [:]

    private struct Weak {
        weak var lock: SpoolFolderLock?
    }

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        Self.registryLock.withLock {
            if Self.held[path]?.lock == nil { Self.held[path] = nil }
            close(descriptor)
        }
    }

    /// Takes the lock of `directory`, or shares the one this process already holds; fails,
    /// without waiting, when another process holds it.
    static func acquire(_ directory: URL) throws(QuerySpoolError) -> SpoolFolderLock {
        let path = directory.appendingPathComponent(fileName).standardizedFileURL.path
        registryLock.lock()
        defer { registryLock.unlock() }
        if let existing = held[path]?.lock { return existing }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .cannotReadDirectory(path: directory.path, reason: "cannot open its lock file \(fileName): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { throw .inUse(path: directory.path) }
            throw .cannotReadDirectory(path: directory.path, reason: "cannot lock \(fileName): \(String(cString: strerror(code)))")
        }
        let lock = SpoolFolderLock(descriptor: descriptor, path: path)
        held[path] = Weak(lock: lock)
        return lock
    }
}
