import Glibc

/// A mutual-exclusion lock for state that threads of their own share with the rest of the
/// program (a `pthread_mutex_t`, which this owns and frees).
package final class Lock: @unchecked Sendable {
    fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }

    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock with a condition to wait for: a thread holding the lock waits until another changes
/// the state it guards and signals.
package final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        // Deadlines on the monotonic clock, which setting the wall clock does not move.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    package func lock() { mutex.lock() }

    package func unlock() { mutex.unlock() }

    /// Runs `body` holding the lock.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try mutex.withLock(body)
    }

    /// Releases the lock until signalled, then takes it again. Call holding the lock, in a loop
    /// over the condition awaited (a wait may end without a signal).
    package func wait() { pthread_cond_wait(condition, mutex.mutex) }

    /// Like `wait()`, but gives up at `deadline`; returns false once the deadline has passed.
    package func wait(until deadline: Deadline) -> Bool {
        var time = deadline.time
        return pthread_cond_timedwait(condition, mutex.mutex, &time) != ETIMEDOUT
    }

    /// Wakes one waiting thread.
    package func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiting thread.
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// A moment on the monotonic clock to wait until.
    package struct Deadline: Sendable {
        fileprivate let time: timespec

        /// `seconds` from now.
        package init(secondsFromNow seconds: Double) {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nanoseconds = Int(now.tv_nsec) + Int((max(0, seconds) * 1e9).rounded())
            time = timespec(tv_sec: now.tv_sec + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        }
    }
}
