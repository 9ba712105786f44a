import Threading

/// A one-way flag raised to end a loop on another thread, with a wait that ends early when
/// it is raised (for back-off between attempts).
package final class StopSignal: @unchecked Sendable {
    private let condition = Condition()
    private var raised = false

    package init() {}

    /// Whether `raise()` has been called.
    package var isRaised: Bool {
        condition.lock()
        defer { condition.unlock() }
        return raised
    }

    /// Raises the flag and wakes every `wait`.
    package func raise() {
        condition.lock()
        raised = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits up to `seconds`; returns true when the signal was raised meanwhile.
    package func wait(seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Condition.Deadline(secondsFromNow: seconds)
        while !raised, condition.wait(until: deadline) {}
        return raised
    }
}
