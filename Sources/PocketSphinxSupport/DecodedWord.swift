/// One word of a PocketSphinx hypothesis with the frames it spans.
package struct DecodedWord: Sendable, Equatable {
    /// The dictionary entry the decoder chose, with its variant suffix (`computer(2)`).
    package let entry: String
    /// First frame of the word, counted from the start of the stream (`Decoder.startStream()`;
    /// 100 frames a second).
    package let startFrame: Int
    /// Last frame of the word, inclusive.
    package let endFrame: Int
    /// The segment's probability (`ps_seg_prob`) in the decoder's log base.
    package let probability: Int32

    /// A word of a hypothesis, as `Decoder.hypothesisWords()` gives it.
    package init(entry: String, startFrame: Int, endFrame: Int, probability: Int32) {
        self.entry = entry
        self.startFrame = startFrame
        self.endFrame = endFrame
        self.probability = probability
    }

    /// The word without the entry's variant suffix (`computer`, not `computer(2)`).
    package var word: String { Self.baseWord(of: entry) }

    /// Whether the word is a filler or a sentence marker (`<s>`, `<sil>`, `[NOISE]`, ...), not speech.
    package var isFiller: Bool {
        word.hasPrefix("<") || word.hasPrefix("[") || word.hasPrefix("+")
    }

    /// The dictionary entry for the pronunciation of `word` at `index` (0 first):
    /// `word`, `word(2)`, ... The inverse of `baseWord(of:)`.
    package static func entry(of word: String, variant index: Int) -> String {
        index == 0 ? word : "\(word)(\(index + 1))"
    }

    /// `word(2)` -> `word`.
    package static func baseWord(of entry: String) -> String {
        guard entry.hasSuffix(")"), let open = entry.lastIndex(of: "(") else { return entry }
        return String(entry[..<open])
    }
}
