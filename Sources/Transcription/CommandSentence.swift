/// Where a command ends when speech runs on after it with no pause: a television, other people
/// talking. The end-of-speech detector waits for silence, which then comes late or never, and
/// the final would hold the command and ten seconds of whatever followed it.
///
/// The command model knows how commands go. A command is taken to end after its first `k`
/// words when the model finds the sentence likely to end there (log10 P(`</s>` | the two words
/// before) at least `leastEndLog10Probability`), and the word heard next and at least
/// `unlikelyWordsNeeded` of the `wordsLookedAhead` words heard after it are each unlikely where
/// they stand (log10 probability at most `unlikelyWordLog10Probability` after their two words
/// before): not a continuation of this command but other speech, which the model can only hear
/// as its own words in an order it finds improbable. "what does ephemeral mean" goes on after
/// "ephemeral"; "will it rain tomorrow tesla greek australian angeles switch okay" ends after
/// "tomorrow". A long request whose middle the model hears as improbable words can be cut there
/// too (the `long` fixture of `TestAudio/commands` ends after "in berlin").
///
/// The constants were chosen on the first half of the commands of the synthetic susi streams
/// (`Tools/benchmarks/make-susi-speech-audio.py`), with no command of the `TestAudio/commands`
/// fixtures but the long one, and none of a list of 40 held-out commands, cut (see
/// docs/research-log.md).
package struct CommandSentence: Sendable, Equatable {
    /// How likely (log10) the model must find the sentence's end after the command's last words.
    static let leastEndLog10Probability = -0.5
    /// A word this unlikely (log10) or less where it stands does not continue the command.
    static let unlikelyWordLog10Probability = -1.5
    /// Words heard after a possible end that are looked at.
    static let wordsLookedAhead = 6
    /// Of those, how many must be unlikely.
    static let unlikelyWordsNeeded = 4

    /// The words heard, in order, as the language model spells them.
    package let words: [String]

    /// A hypothesis's words.
    package init(words: [String]) {
        self.words = words
    }

    /// The hypothesis text's words (separated by spaces).
    package init(text: String) {
        self.init(words: text.split(separator: " ").map(String.init))
    }

    /// The number of words that make the command, the earliest end that the rule above finds;
    /// nil when it finds none (the command may still be going on, or nothing followed it).
    /// - Parameter log10Probability: the language model's log10 probability of a word after
    ///   its history (oldest first, starting with `<s>`); nil for a word the model lacks,
    ///   which counts as unlikely.
    package func commandLength(log10Probability: (_ word: String, _ history: [String]) -> Double?) -> Int? {
        let sentence = ["<s>"] + words
        func probability(at index: Int) -> Double {
            log10Probability(sentence[index], Array(sentence[max(0, index - 2)..<index])) ?? -.infinity
        }
        guard words.count > Self.wordsLookedAhead else { return nil }
        for length in 1...(words.count - Self.wordsLookedAhead) {
            let history = Array(sentence[max(0, length - 1)...length])
            guard let end = log10Probability("</s>", history), end >= Self.leastEndLog10Probability else { continue }
            let following = (length + 1...length + Self.wordsLookedAhead).map(probability(at:))
            let unlikely = following.count { $0 <= Self.unlikelyWordLog10Probability }
            if following[0] <= Self.unlikelyWordLog10Probability && unlikely >= Self.unlikelyWordsNeeded { return length }
        }
        return nil
    }

    /// The command's words up to its end (see `commandLength(log10Probability:)`), separated by
    /// spaces; nil when no end is found.
    package func command(log10Probability: (_ word: String, _ history: [String]) -> Double?) -> String? {
        commandLength(log10Probability: log10Probability).map { words.prefix($0).joined(separator: " ") }
    }
}
