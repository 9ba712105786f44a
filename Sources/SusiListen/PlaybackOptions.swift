import ArgumentParser
import Pipeline

/// Options for what the device plays: sounds, spoken answers, and where they go. Each one
/// given overrides the configuration file.
struct PlaybackOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: ArgumentHelp("ALSA playback device for sounds and spoken answers (default: default).", valueName: "name"))
    var playbackDevice: String?

    @Option(name: .long, help: ArgumentHelp("Audio file played on the hotword, any format libsndfile reads (default: a built-in chime).", valueName: "file"))
    var hotwordSound: String?

    @Option(name: .long, help: ArgumentHelp("Audio file played once the command is complete (default: a built-in chime).", valueName: "file"))
    var doneSound: String?

    @Flag(name: .long, help: "Play no sound on the hotword or at the end of a command.")
    var noSounds = false

    @Flag(name: .long, help: "Do not speak SUSI's answers.")
    var noSpeech = false

    @Option(name: .long, help: ArgumentHelp("With --file: write everything that would be played (sounds and spoken answers, in order) to this WAV file (16 kHz, mono, 16-bit). Without it, --file runs play nothing.", valueName: "file"))
    var speakTo: String?

    @Option(name: .long, help: ArgumentHelp("on: cancel what the device plays from what it hears (Speex), so the hotword is heard during playback and interrupts it; off: pause detection while it plays (default: on).", valueName: "on|off"))
    var echoCancellation: String?

    @Option(name: .long, help: ArgumentHelp("With one --file: an audio file of what the device's speaker played while that file was recorded, from the same instant on (the echo reference); detection hears the file as it would live.", valueName: "file"))
    var echoReference: String?

    func validate() throws {
        if let echoCancellation, !["on", "off"].contains(echoCancellation) {
            throw ValidationError("--echo-cancellation must be on or off, not \"\(echoCancellation)\"")
        }
    }

    /// Puts the options that were given into `configuration`.
    func apply(to configuration: inout Configuration) {
        if let echoCancellation { configuration.talkBack.echoCancellation = echoCancellation == "on" }
        if let playbackDevice { configuration.talkBack.playbackDevice = playbackDevice }
        if let hotwordSound { configuration.talkBack.hotwordSound = hotwordSound }
        if let doneSound { configuration.talkBack.doneSound = doneSound }
        if noSounds { configuration.talkBack.sounds = false }
        if noSpeech { configuration.talkBack.speech = false }
    }
}
