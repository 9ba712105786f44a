/// What a configuration read again (on SIGHUP) changes for a running daemon, by configuration
/// file key: what it applies while it listens, and what waits for a restart.
///
/// Detection settings are applied by building a new detector beside the running one; the chat
/// settings from the next query on. The capture device and its period, the transcription
/// session, the spool folder, playback, the log and the events socket are set up once, at start;
/// the `serve.*` keys are `serve`'s, which is not reloaded.
package struct ConfigurationChanges: Sendable, Equatable {
    /// Keys whose new values the daemon applies.
    package var applied: [String]
    /// Keys whose new values are ignored until the daemon is restarted.
    package var needsRestart: [String]
    /// Whether applying them needs a new detector.
    package var rebuildsDetector: Bool
    /// Whether applying them changes what the chat client sends or where.
    package var changesChat: Bool

    /// What `next` changes: the live settings against `current` (those in use), the others
    /// against `started` (those the daemon started with, still in use).
    package init(started: Configuration, current: Configuration, next: Configuration) {
        applied = Setting.all.filter { $0.isLive && !$0.isSame(current, next) }.map(\.key)
        needsRestart = Setting.all.filter { !$0.isLive && !$0.isSame(started, next) }.map(\.key)
        rebuildsDetector = current.spotterConfiguration != next.spotterConfiguration
        changesChat = applied.contains { $0.hasPrefix("chat.") }
    }
}
