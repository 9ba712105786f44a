/// Where sounds go: a playback device, or a file that keeps what would have been played.
/// Owned by one thread, which plays one sound at a time.
package protocol SoundOutput: AnyObject {
    /// Plays `sound` to its end (returns once it has been handed over whole), or until it is
    /// asked to stop (a barge-in), and says which.
    @discardableResult
    func play(_ sound: Sound) throws(PlaybackError) -> PlaybackEnd
}

/// How the playing of a sound ended.
package enum PlaybackEnd: Equatable, Sendable {
    /// It was played whole.
    case completed
    /// It was stopped (a barge-in) after its first `afterSeconds` had been heard.
    case stopped(afterSeconds: Double)
}

/// Why a sound could not be played; the message names the device or file and what failed.
package struct PlaybackError: Error, Equatable, CustomStringConvertible {
    /// The playback device or file.
    package var target: String
    /// What failed, for a person.
    package var problem: String

    package init(target: String, problem: String) {
        self.target = target
        self.problem = problem
    }

    package var description: String { "\(target): \(problem)" }
}
