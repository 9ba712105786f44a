import Foundation

/// A task executor with a thread of its own, so that a server under test resumes its awaits
/// there rather than in the test process's cooperative pool, which the suite's synchronous
/// tests hold while their commands run (on two cores, for up to 19 s measured): a stop timed
/// so is the server's, not the wait for a free thread.
final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    init(named name: String) {
        let thread = Thread { [self] in runJobs() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once the jobs enqueued so far have run.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
