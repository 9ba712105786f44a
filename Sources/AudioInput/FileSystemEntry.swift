import Glibc

/// What a path names on disk, as far as finding and opening audio files is concerned.
/// Symbolic links are followed.
enum FileSystemEntry: Equatable {
    /// Nothing exists at the path.
    case missing
    /// The path cannot be examined because a folder on the way may not be searched.
    case inaccessible
    /// Symbolic links on the way lead round in a loop.
    case symbolicLinkLoop
    /// A folder, identified by device and inode so that a walk notices a link leading back up.
    case directory(device: UInt64, inode: UInt64)
    /// A regular file of the given size.
    case regularFile(byteCount: Int64)
    /// A pipe, device or socket, left for libsndfile to deal with.
    case special

    init(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            switch errno {
            case EACCES, EPERM: self = .inaccessible
            case ELOOP: self = .symbolicLinkLoop
            default: self = .missing
            }
            return
        }
        switch status.st_mode & mode_t(S_IFMT) {
        case mode_t(S_IFDIR):
            self = .directory(
                device: UInt64(truncatingIfNeeded: status.st_dev),
                inode: UInt64(truncatingIfNeeded: status.st_ino))
        case mode_t(S_IFREG):
            self = .regularFile(byteCount: Int64(status.st_size))
        default:
            self = .special
        }
    }

    /// Why `path`, this entry, cannot be opened at all; nil when it names something.
    func unreachable(_ path: String) -> AudioInputError? {
        switch self {
        // Swift turns the bytes of a name that are not UTF-8 into U+FFFD, and the name so
        // spelled names nothing: the file is there, but cannot be named from here.
        case .missing: path.contains("\u{FFFD}") ? .nameNotUTF8(path: path) : .noSuchFile(path: path)
        case .inaccessible: .permissionDenied(path: path)
        case .symbolicLinkLoop: .symbolicLinkLoop(path: path)
        case .directory, .regularFile, .special: nil
        }
    }

    /// Whether this process may read the file, or list the folder, at `path`: asked with the
    /// identity that opening uses (the effective one, as `AT_EACCESS` says), not the real
    /// user that plain `access` asks about.
    static func mayRead(_ path: String, isFolder: Bool = false) -> Bool {
        faccessat(AT_FDCWD, path, isFolder ? R_OK | X_OK : R_OK, AT_EACCESS) == 0
    }
}
