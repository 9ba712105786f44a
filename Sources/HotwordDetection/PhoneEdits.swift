/// The edit distance between phone sequences.
enum PhoneEdits {
    /// The fewest substitutions, insertions and deletions that turn `heard` into `expected`.
    static func count(from heard: [String], to expected: [String]) -> Int {
        guard !heard.isEmpty else { return expected.count }
        var previous = Array(0...heard.count)
        for (row, phone) in expected.enumerated() {
            var current = [row + 1]
            for (column, heardPhone) in heard.enumerated() {
                current.append(min(previous[column + 1] + 1, current[column] + 1,
                                   previous[column] + (heardPhone == phone ? 0 : 1)))
            }
            previous = current
        }
        return previous[heard.count]
    }

    /// Whether `heard` splits into one stretch per word of a keyphrase of several words, each
    /// with fewer edits than its word has phones: no word missed entirely. An edit count over
    /// the whole keyphrase can pass without its short words: "the susi" is two edits from "hey
    /// susi", as close as "hey suzy". One word is always heard in this sense. (Each word at most
    /// half its phones off was measured too: it cost 1 to 4 of 40 synthetic keyphrases.)
    static func everyWordHeard(_ heard: [String], words: [[String]]) -> Bool {
        guard words.count > 1 else { return true }
        // reachable[p]: the words so far can cover heard[..<p].
        var reachable = [true] + Array(repeating: false, count: heard.count)
        for word in words {
            var next = Array(repeating: false, count: heard.count + 1)
            for start in reachable.indices where reachable[start] {
                for end in start...heard.count where !next[end] {
                    next[end] = count(from: Array(heard[start..<end]), to: word) < word.count
                }
            }
            reachable = next
        }
        return reachable[heard.count]
    }
}
