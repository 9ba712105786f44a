import AudioInput

/// Decides where speech starts and ends from the energy of 10 ms windows relative to an
/// adaptive noise floor.
///
/// The noise floor starts at the first 50 ms level (mean power of 5 windows), follows the
/// quietest 50 ms level at once and otherwise rises by 1 dB/s, so the pauses inside a command pull it down to the room's
/// noise even when the command starts in the very first window of a session. Speech has started
/// once 5 of 8 consecutive windows are each 12 dB above the floor (a click of 20 ms is not a
/// command); it goes on while the 50 ms level stays 10 dB above the floor, and it has ended after
/// `trailingSilence` below that.
///
/// A sound whose 50 ms level stays within 4 dB for a second (a kettle, a fan or a tap switched
/// on after the hotword) is no speech, however loud: when it reaches 10 dB above the floor (it
/// would keep speech going) the floor rises to its quietest level at once, and speech that
/// started in it is taken back. Speech rises and falls at the rate of its syllables: on the
/// spoken fixtures its 50 ms level spreads over at least 14 dB in any second, a second of
/// continuous talk included; broadband noise above 100 Hz (white, pink, 300–3000 Hz) over at
/// most 3 dB, a 50–500 Hz rumble over 4 dB in most seconds. Compressed broadcast talk in brown
/// noise came down to 5–6 dB for moments (docs/transcription.md). A vowel held for a whole
/// second would be taken for a steady sound; noise as deep as brown noise (5–7 dB) is not.
///
/// Why energy rather than PocketSphinx's own voice-activity detection (`ps_get_in_speech`),
/// measured on the 29 spoken fixtures of `TestAudio/commands` fed in 30 ms frames:
/// - this detector places the end of speech 0.00–0.04 s after the true end, so the final comes
///   0.70–0.75 s after it with a 0.7 s trailing silence, and the start within 0.08 s;
/// - PocketSphinx's detector only works with `-remove_silence yes` (with `no`, which keeps the
///   decoder on the stream's own sample count, it never leaves speech once in it), and then it
///   leaves speech 0.40–0.55 s after the true end, its 0.5 s post-speech hangover, before any
///   trailing silence is counted;
/// - this one needs no decoder, so it is tested on its own.
/// On the real recordings of `shared/devdata/stt` this detector ends no utterance at an inner pause.
package struct EndOfSpeechDetector: Sendable, Equatable {
    /// Where the detector is in the session.
    package enum State: Sendable, Equatable {
        /// No speech yet, or none but a steady sound (the detector goes back to this from
        /// `speaking` when what it heard is one).
        case waitingForSpeech
        /// Speech started at `start` (a sample count) and has not ended.
        case speaking(start: Int)
        /// Speech ran from `start` to `end`; the silence after it reached the trailing silence.
        case ended(start: Int, end: Int)
    }

    /// Samples per analysis window: 10 ms, the frame step of PocketSphinx's front end.
    package static let windowLength = AnalysisWindow.length
    /// Windows whose mean power is the smoothed level: 50 ms. Background noise in single 10 ms
    /// windows spreads over 14 dB (pink noise fixture), over 50 ms over 8 dB.
    package static let smoothingWindows = 5
    /// A window this far above the floor (dB) counts towards the start of speech.
    static let startMargin = 12.0
    /// Once speaking, a smoothed level this far above the floor (dB) keeps speech going.
    static let continueMargin = 10.0
    /// Speech starts when this many of the last `startSpan` windows are speech.
    static let startWindows = 5
    static let startSpan = 8
    /// Smoothed levels within `steadySpread` dB of each other for this many windows (1 s) are a
    /// steady sound: speech falls between its syllables within a second.
    static let steadyWindows = 100
    /// The widest spread (dB) of the smoothed levels of a steady sound.
    static let steadySpread = 4.0
    /// How fast the floor rises when no window is quieter, in dB per window (1 dB/s).
    static let floorRise = 0.01
    /// The floor never goes below this (dBFS), so digital silence does not make any noise speech.
    static let lowestFloor = -90.0

    /// Silence after speech (seconds) from which the speaker is taken to have stopped, should
    /// the session be ended before the trailing silence is complete: longer than the gaps
    /// between the words of a phrase.
    package static let shortestPause = 0.2

    /// Samples of silence after speech that end it.
    package let trailingSilence: Int
    /// The current state.
    package private(set) var state: State = .waitingForSpeech
    /// Samples analysed so far (whole windows only).
    package private(set) var samplesSeen = 0
    /// The noise floor in dBFS, nil before the first window.
    package private(set) var noiseFloor: Double?

    /// Samples of the window being filled.
    private var pending: [Float] = []
    /// Mean power of the most recent windows, oldest first, at most `smoothingWindows`.
    private var recentPower: [Double] = []
    /// Smoothed levels (dBFS) of the most recent windows, oldest first, at most `steadyWindows`;
    /// none heard over the device's sound.
    private var recentLevels: [Double] = []
    /// Speech decisions of the most recent windows, oldest first, at most `startSpan`.
    private var recentWindows: [Bool] = []
    /// Sample just past the last speech window.
    private var speechEnd = 0

    /// - Parameter trailingSilence: seconds of silence after speech that end it.
    package init(trailingSilence: Double) {
        self.trailingSilence = Int((trailingSilence * Double(pipelineSampleRate)).rounded())
    }

    /// Whether speech has stopped for at least `shortestPause` and the trailing silence is
    /// being counted: ending the session now cuts no word off. False before speech, while
    /// speaking, and once ended.
    package var isInTrailingSilence: Bool {
        guard case .speaking = state else { return false }
        return samplesSeen - speechEnd >= Int(Self.shortestPause * Double(pipelineSampleRate))
    }

    /// The speech heard (samples from its start to just past its last speech window), once it
    /// has started.
    package var speech: Range<Int>? {
        switch state {
        case .waitingForSpeech: nil
        case .speaking(let start): start..<speechEnd
        case .ended(let start, let end): start..<end
        }
    }

    /// Whether the last whole window analysed was speech: it started speech or kept it going.
    package var lastWindowWasSpeech: Bool {
        guard case .speaking = state else { return false }
        return speechEnd == samplesSeen
    }

    /// Waits for speech again after speech that ended (a click, a cough, a chime that is no
    /// command), with the noise floor learnt so far.
    package mutating func resumeWaiting() {
        state = .waitingForSpeech
        recentWindows.removeAll()
    }

    /// Analyses a frame (any length; a window left incomplete waits for the next frame),
    /// heard while the device played its own sound or not, and returns the state after it.
    /// Once ended, the state stays ended until `resumeWaiting()`.
    ///
    /// What is heard while the device sounds says nothing of the room's noise (an echo
    /// canceller's suppression takes the room's noise down with the echo): the floor stays as
    /// it was, and is not set from it.
    @discardableResult
    package mutating func process(_ frame: [Float], overDeviceSound: Bool = false) -> State {
        var index = frame.startIndex
        while index < frame.endIndex {
            let take = min(Self.windowLength - pending.count, frame.endIndex - index)
            pending += frame[index..<(index + take)]
            index += take
            if pending.count == Self.windowLength {
                analyseWindow(pending, overDeviceSound: overDeviceSound)
                pending.removeAll(keepingCapacity: true)
            }
        }
        return state
    }

    private mutating func analyseWindow(_ window: [Float], overDeviceSound: Bool) {
        let power = AnalysisWindow.power(of: window)
        let windowStart = samplesSeen
        samplesSeen += Self.windowLength
        if noiseFloor == nil && overDeviceSound {
            recentPower.removeAll()
            return
        }
        recentPower.append(power)
        if recentPower.count > Self.smoothingWindows { recentPower.removeFirst() }
        let level = AnalysisWindow.decibels(ofPower: recentPower.reduce(0, +) / Double(recentPower.count))
        let floor: Double
        var steadySoundIsSpeech = false
        if let noiseFloor, overDeviceSound {
            floor = noiseFloor
            recentLevels.removeAll(keepingCapacity: true)
        } else if let noiseFloor {
            // Only a steady sound loud enough to be speech moves the floor: the steady noise of
            // the room (in whose dips the floor sits) is left to the floor's own rule.
            let steady = steadyLevels(adding: level)
            steadySoundIsSpeech = steady.map { $0.upperBound - noiseFloor >= Self.continueMargin } ?? false
            let quietestSteady = steadySoundIsSpeech ? steady?.lowerBound ?? Self.lowestFloor : Self.lowestFloor
            floor = max(min(level, noiseFloor + Self.floorRise), Self.lowestFloor, quietestSteady)
        } else {
            // The first floor is the first 50 ms level (without the device's sound), not one
            // window's: an echo canceller's first block of digital silence would set it at the
            // lowest floor, and the room's noise after it would be speech for the whole session.
            // The windows before it are judged against it.
            guard recentPower.count == Self.smoothingWindows else { return }
            floor = max(level, Self.lowestFloor)
            recentWindows = recentPower.dropLast().map { AnalysisWindow.decibels(ofPower: $0) - floor >= Self.startMargin }
        }
        noiseFloor = floor

        switch state {
        case .waitingForSpeech:
            recentWindows.append(AnalysisWindow.decibels(ofPower: power) - floor >= Self.startMargin)
            if recentWindows.count > Self.startSpan { recentWindows.removeFirst() }
            if recentWindows.filter({ $0 }).count >= Self.startWindows {
                let firstSpeech = recentWindows.firstIndex(of: true) ?? 0
                let start = windowStart - (recentWindows.count - 1 - firstSpeech) * Self.windowLength
                state = .speaking(start: start)
                speechEnd = samplesSeen
            }
        case .speaking(let start):
            if steadySoundIsSpeech {
                // The steady second's levels heard its windows and the 40 ms before them.
                let steadyStart = samplesSeen - (Self.steadyWindows + Self.smoothingWindows - 1) * Self.windowLength
                guard start < steadyStart else {
                    resumeWaiting()
                    return
                }
                speechEnd = min(speechEnd, steadyStart)
            }
            if level - floor >= Self.continueMargin {
                speechEnd = samplesSeen
            } else if samplesSeen - speechEnd >= trailingSilence {
                state = .ended(start: start, end: speechEnd)
            }
        case .ended:
            break
        }
    }

    /// Adds the smoothed `level` to the recent levels; from their quietest to their loudest when
    /// they have held steady for `steadyWindows`, nil otherwise.
    private mutating func steadyLevels(adding level: Double) -> ClosedRange<Double>? {
        recentLevels.append(level)
        if recentLevels.count > Self.steadyWindows { recentLevels.removeFirst() }
        guard recentLevels.count == Self.steadyWindows, let quietest = recentLevels.min(), let loudest = recentLevels.max(),
              loudest - quietest <= Self.steadySpread else { return nil }
        return quietest...loudest
    }
}
