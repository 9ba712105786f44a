import Glibc
import Testing
import Threading

@Suite struct DedicatedThreadTests {
    @Test func runsTheWorkOnAnotherThreadNamedAsAsked() async {
        let (name, isAnotherThread) = await withCheckedContinuation { (continuation: CheckedContinuation<(String, Bool), Never>) in
            let caller = pthread_self()
            DedicatedThread.start(named: "susi-listen capture thread") {
                var buffer = [UInt8](repeating: 0, count: 64)
                let descriptor = open("/proc/thread-self/comm", O_RDONLY)
                let length = read(descriptor, &buffer, buffer.count)
                close(descriptor)
                // The kernel ends the name with a line break.
                let name = String(decoding: buffer[..<max(0, length - 1)], as: UTF8.self)
                continuation.resume(returning: (name, pthread_equal(pthread_self(), caller) == 0))
            }
        }
        #expect(name == "susi-listen cap", "the kernel keeps 15 bytes of a thread's name")
        #expect(isAnotherThread)
    }
}

@Suite struct ConditionTests {
    @Test func aSignalWakesTheThreadWaitingForIt() async {
        let condition = Condition()
        let box = Flag()
        let waited = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            DedicatedThread.start(named: "waiter") {
                let signalled = condition.withLock {
                    while !box.isSet {
                        guard condition.wait(until: .init(secondsFromNow: 10)) else { return false }
                    }
                    return true
                }
                continuation.resume(returning: signalled)
            }
            DedicatedThread.start(named: "signaller") {
                condition.withLock {
                    box.isSet = true
                    condition.broadcast()
                }
            }
        }
        #expect(waited)
    }

    @Test func aWaitEndsAtItsDeadlineWithoutASignal() {
        let condition = Condition()
        let start = ContinuousClock.now
        let signalled = condition.withLock { condition.wait(until: .init(secondsFromNow: 0.05)) }
        let elapsed = ContinuousClock.now - start
        #expect(!signalled)
        #expect(elapsed >= .milliseconds(50))
    }

    /// State shared by the two threads, guarded by the condition's lock.
    private final class Flag: @unchecked Sendable {
        var isSet = false
    }
}

@Suite struct LockTests {
    @Test func threadsTakingTheLockNeverLoseAnUpdate() async {
        let lock = Lock()
        let counter = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        DedicatedThread.start(named: "adder") {
                            for _ in 0..<10_000 { lock.withLock { counter.value += 1 } }
                            continuation.resume()
                        }
                    }
                }
            }
        }
        #expect(lock.withLock { counter.value } == 40_000)
    }

    private final class Counter: @unchecked Sendable {
        var value = 0
    }
}
