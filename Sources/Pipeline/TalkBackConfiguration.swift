/// What the device plays back: the sounds on the hotword and at the end of a command, SUSI's
/// answer spoken, and the playback device.
public struct TalkBackConfiguration: Sendable, Equatable {
    /// Play a sound on the hotword and another once the command is complete.
    public var sounds = true
    /// Speak SUSI's answers.
    public var speech = true
    /// Audio file played on the hotword; nil for the built-in chime.
    public var hotwordSound: String?
    /// Audio file played once the command is complete; nil for the built-in chime.
    public var doneSound: String?
    /// ALSA PCM to play through.
    public var playbackDevice = "default"
    /// Cancel what the device plays from what it hears (Speex), so detection goes on while it
    /// plays and the hotword interrupts it; off, detection pauses while it plays.
    public var echoCancellation = true

    public init() {}

    /// Whether anything is played at all.
    public var playsAnything: Bool { sounds || speech }
}
