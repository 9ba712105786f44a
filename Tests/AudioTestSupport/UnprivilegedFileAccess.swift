import Foundation

/// File access as a user without privileges, for tests of what a file's mode forbids: they
/// must hold when the tests run as root (CI does), whom no mode shuts out.
///
/// Linux checks file access against a thread's file-system user and group, which
/// `setfsuid`/`setfsgid` change for the calling thread alone (unlike `setuid`, which glibc
/// applies to every thread); leaving user 0 also drops the capabilities that let root read
/// anything, and going back restores them.
public enum UnprivilegedFileAccess {
    /// The user and group `nobody`/`nogroup`.
    public static let nobody: UInt32 = 65_534

    private typealias SetFileSystemID = @convention(c) (UInt32) -> Int32

    /// Runs `body` on this thread with the file-system user and group of `nobody`, then
    /// restores them. `body` must not suspend (it is synchronous), so it stays on this thread.
    public static func asNobody<Result>(_ body: () throws -> Result) rethrows -> Result {
        // Glibc's module does not export <sys/fsuid.h>; the functions are in libc all the same.
        let process = dlopen(nil, RTLD_NOW)
        guard let userSymbol = dlsym(process, "setfsuid"), let groupSymbol = dlsym(process, "setfsgid") else {
            fatalError("setfsuid/setfsgid not found in libc")
        }
        let setUser = unsafeBitCast(userSymbol, to: SetFileSystemID.self)
        let setGroup = unsafeBitCast(groupSymbol, to: SetFileSystemID.self)
        // Each returns the previous ID, whether or not the change was allowed.
        let group = UInt32(bitPattern: setGroup(nobody))
        let user = UInt32(bitPattern: setUser(nobody))
        defer {
            _ = setUser(user)
            _ = setGroup(group)
        }
        return try body()
    }
}
