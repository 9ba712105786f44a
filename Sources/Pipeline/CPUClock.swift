import Glibc

/// CPU time used, for real-time factors.
package enum CPUClock {
    /// Seconds of CPU used so far by every thread of the process.
    package static func processSeconds() -> Double { seconds(CLOCK_PROCESS_CPUTIME_ID) }

    /// Seconds of CPU used so far by the calling thread alone.
    package static func threadSeconds() -> Double { seconds(CLOCK_THREAD_CPUTIME_ID) }

    private static func seconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
