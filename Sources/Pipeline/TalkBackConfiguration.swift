/// What the device plays back: the sounds on the hotword and at the end of a command, SUSI's
/// answer spoken, and the playback device.
package struct TalkBackConfiguration: Sendable, Equatable {
    /// Play a sound on the hotword and another once the command is complete.
    package var sounds = true
    /// Speak SUSI's answers.
    package var speech = true
    /// Audio file played on the hotword; nil for the built-in chime.
    package var hotwordSound: String?
    /// Audio file played once the command is complete; nil for the built-in chime.
    package var doneSound: String?
    /// ALSA PCM to play through.
    package var playbackDevice = "default"
    /// Cancel what the device plays from what it hears (Speex), so detection goes on while it
    /// plays and the hotword interrupts it; off, detection pauses while it plays.
    package var echoCancellation = true

    package init() {}

    /// Whether anything is played at all.
    package var playsAnything: Bool { sounds || speech }
}
