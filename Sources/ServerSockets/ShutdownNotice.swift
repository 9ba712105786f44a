import Glibc

/// A one-way notice that the server is shutting down, as a pipe whose reading end every thread
/// blocked in `poll` on a socket also polls: raising it writes a byte, which wakes them all at
/// once and leaves the end readable from then on.
package final class ShutdownNotice: @unchecked Sendable {
    /// Readable once raised; both ends are owned by this instance and closed in deinit.
    package let descriptor: Int32
    private let writingEnd: Int32

    /// A notice for the server on `address` (named in the error when no descriptor is left).
    package init(for address: ServerAddress) throws(ServerSocketError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw .cannotListen(address, call: "pipe", reason: String(cString: strerror(errno)))
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        descriptor = ends[0]
        writingEnd = ends[1]
    }

    deinit {
        close(descriptor)
        close(writingEnd)
    }

    /// Whether the notice has been raised: for work that polls no socket, checked between its steps.
    package var isRaised: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// Wakes every poll on ``descriptor``; it stays readable from then on (nothing reads it).
    package func raise() {
        var byte: UInt8 = 1
        _ = write(writingEnd, &byte, 1)
    }
}
