import HotwordDetection
import Threading

/// Detectors for the connections: a connection takes one at `audio-start` and gives it back
/// at `audio-stop` or when it closes, so a decoder is used by one connection thread at a time
/// and a new connection (Home Assistant opens one per pipeline run) rarely waits for models
/// to load.
package final class DetectorPool: @unchecked Sendable {
    private let lock = Lock()
    /// Detectors no connection holds; reset before they are handed out again.
    private var idle: [any HotwordDetector] = []
    private let make: @Sendable () throws -> any HotwordDetector
    /// Most idle detectors kept: more would only hold memory after a burst of clients.
    private let keptIdle: Int

    /// A pool that builds detectors with `make`, keeping at most `keptIdle` when they are given back.
    package init(keptIdle: Int, make: @escaping @Sendable () throws -> any HotwordDetector) {
        self.keptIdle = keptIdle
        self.make = make
    }

    /// A detector for one connection alone, at the start of its stream.
    func take() throws -> any HotwordDetector {
        lock.lock()
        let kept = idle.popLast()
        lock.unlock()
        if let kept {
            try kept.reset()
            return kept
        }
        return try make()
    }

    /// Gives back a detector its connection no longer uses.
    func giveBack(_ detector: any HotwordDetector) {
        lock.lock()
        defer { lock.unlock() }
        if idle.count < keptIdle { idle.append(detector) }
    }

    /// Adds a detector built elsewhere (the one built at start to check the models).
    package func keep(_ detector: any HotwordDetector) {
        giveBack(detector)
    }
}
