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
}
