/// Word error rate: substitutions, deletions and insertions over the reference's words.
package enum WordErrorRate {
    /// The edit distance in words between the two texts and the number of reference words,
    /// after lower-casing and removing punctuation on both sides.
    package static func between(reference: String, hypothesis: String) -> (errors: Int, words: Int) {
        let expected = words(of: reference)
        let heard = words(of: hypothesis)
        // Levenshtein distance over words, one row at a time.
        var previous = Array(0...heard.count)
        for (row, expectedWord) in expected.enumerated() {
            var current = [row + 1] + Array(repeating: 0, count: heard.count)
            for (column, heardWord) in heard.enumerated() {
                let substitution = previous[column] + (expectedWord == heardWord ? 0 : 1)
                current[column + 1] = min(substitution, previous[column + 1] + 1, current[column] + 1)
            }
            previous = current
        }
        return (previous[heard.count], expected.count)
    }

    /// Lower-case words with punctuation removed; an apostrophe inside a word stays
    /// ("what's"), a hyphen separates words.
    static func words(of text: String) -> [String] {
        var cleaned = ""
        let characters = Array(text.lowercased())
        for (index, character) in characters.enumerated() {
            if character.isLetter || character.isNumber {
                cleaned.append(character)
            } else if character == "'" || character == "’",
                      index > 0, index + 1 < characters.count,
                      characters[index - 1].isLetter, characters[index + 1].isLetter {
                cleaned.append("'")
            } else {
                cleaned.append(" ")
            }
        }
        return cleaned.split(separator: " ").map(String.init)
    }
}
