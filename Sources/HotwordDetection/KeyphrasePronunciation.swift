/// One way of saying a keyphrase: its entry in the spotting dictionary and the phones it spells.
package struct KeyphrasePronunciation: Sendable, Equatable {
    /// The keyphrase's words joined into one dictionary entry, with the variant's suffix
    /// (`hey_susi(2)`; `computer` for a one-word keyphrase).
    package let entry: String
    /// The phones of each word of the keyphrase, in order.
    package let wordPhones: [[String]]
    /// The phones of the whole keyphrase, in order.
    package var phones: [String] { wordPhones.flatMap { $0 } }

    /// One pronunciation of the keyphrase named `entry`, phones word by word.
    package init(entry: String, wordPhones: [[String]]) {
        self.entry = entry
        self.wordPhones = wordPhones
    }
}
