import Glibc

/// A thread of its own for work that blocks: a C read, a socket, a decoder that must not run on
/// Swift's cooperative pool.
///
/// Started detached, it runs its work to the end and frees itself; whoever needs the work's
/// outcome hears of it through what the work does (a continuation, a condition).
package enum DedicatedThread {
    /// Starts `work` on a new thread named `name` (the first 15 bytes, as `top -H` and `gdb`
    /// show it). Ends the process if the system cannot make a thread: running on without the
    /// capture or client thread would be worse.
    package static func start(named name: String, _ work: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Work(name: name, body: work)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, run, context)
        guard status == 0 else {
            fatalError("cannot start the thread \"\(name)\": \(String(cString: strerror(status)))")
        }
        pthread_detach(thread)
    }

    /// Runs `work` on a new thread named `name` and waits, without holding a thread of Swift's
    /// pool, for what it returns or throws.
    package static func run<Result: Sendable, Failure: Error>(
        named name: String, _ work: @escaping @Sendable () throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Swift.Result<Result, Failure>, Never>) in
            start(named: name) {
                do throws(Failure) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try outcome.get()
    }

    /// The new thread's entry point: takes its work back from `pthread_create`'s pointer.
    private static let run: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
        nameThisThread(work.name)
        work.body()
        return nil
    }

    /// Names the calling thread by writing its `comm` file, as `pthread_setname_np` does (which
    /// Swift's Glibc module does not declare); the kernel keeps the first 15 bytes.
    private static func nameThisThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// What a started thread runs, passed through `pthread_create`'s one pointer.
    private final class Work: Sendable {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}
