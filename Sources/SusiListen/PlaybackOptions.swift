import ArgumentParser
import Pipeline

/// Options for what the device plays: sounds, spoken answers, and where they go. Each one
/// given overrides the configuration file.
struct PlaybackOptions: ParsableArguments, Sendable {
    @Option(name: Setting.playbackDevice.flagName, help: Setting.playbackDevice.argumentHelp)
    var playbackDevice: String?

    @Option(name: Setting.hotwordSound.flagName, help: Setting.hotwordSound.argumentHelp)
    var hotwordSound: String?

    @Option(name: Setting.doneSound.flagName, help: Setting.doneSound.argumentHelp)
    var doneSound: String?

    @Flag(name: Setting.sounds.flagName, help: Setting.sounds.argumentHelp)
    var noSounds = false

    @Flag(name: Setting.speech.flagName, help: Setting.speech.argumentHelp)
    var noSpeech = false

    @Option(name: .long, help: ArgumentHelp("With --file: write everything that would be played (sounds and spoken answers, in order) to this WAV file (16 kHz, mono, 16-bit). Without it, --file runs play nothing.", valueName: "file"))
    var speakTo: String?

    @Option(name: Setting.echoCancellation.flagName, help: Setting.echoCancellation.argumentHelp)
    var echoCancellation: String?

    @Option(name: .long, help: ArgumentHelp("With one --file: an audio file of what the device's speaker played while that file was recorded, from the same instant on (the echo reference); detection hears the file as it would live.", valueName: "file"))
    var echoReference: String?

    /// The settings these options give (`--speak-to` and `--echo-reference` are for `--file`
    /// runs alone, no settings).
    var settings: CommandLineSettings {
        var given = CommandLineSettings()
        given.add(.playbackDevice, playbackDevice)
        given.add(.hotwordSound, hotwordSound)
        given.add(.doneSound, doneSound)
        given.add(.sounds, switched: noSounds)
        given.add(.speech, switched: noSpeech)
        given.add(.echoCancellation, echoCancellation)
        return given
    }

    func validate() throws {
        try settings.validate()
    }
}
