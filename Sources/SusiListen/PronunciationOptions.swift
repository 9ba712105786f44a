import ArgumentParser
import HotwordDetection

/// The user's own pronunciations, for every command that builds a keyword spotter.
struct PronunciationOptions: ParsableArguments, Sendable {
    // A malformed WORD=PHONES fails while parsing, with exit code 64 and what is wrong with it.
    @Option(name: .customLong("pronunciation"), help: ArgumentHelp("Your own pronunciation of a word, read before the dictionaries and replacing their entries for it: WORD=PHONES with the acoustic model's phones, e.g. \"susi=S UW Z IY\" (case does not matter, stress digits as in AH0 are dropped); repeat for more words, or for a second variant of one.", valueName: "word=phones"), transform: { try UserPronunciation(parsing: $0) })
    var pronunciations: [UserPronunciation] = []
}
