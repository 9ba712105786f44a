import Foundation

/// What a device without a screen says for an answer: SUSI's sentences as they are, a short
/// summary of tables and feeds, and a sentence for each action it cannot carry out.
///
/// The device's own sentences are English whatever the query's language; SUSI's expressions
/// are spoken as SUSI wrote them.
extension ChatAnswer {
    /// The answer to speak, one sentence or summary per action, in the server's order; empty
    /// when SUSI had no answer. An action the device cannot carry out is mentioned once, even
    /// when the answer holds several of its kind.
    package var spokenText: String {
        var sentences: [String] = []
        for sentence in actions.map(\.spokenText) where !sentence.isEmpty && !sentences.contains(sentence) {
            sentences.append(sentence)
        }
        return sentences.joined(separator: " ")
    }
}

extension ChatAction {
    /// How many titles of a table or feed are read out.
    package static let spokenTitleCount = 3

    /// The action as spoken: the expression; for a table or feed how many results there are
    /// and the first titles (a table row's title is its first cell); otherwise a sentence
    /// saying what the device cannot do.
    package var spokenText: String {
        switch self {
        case .answer(let expression):
            return expression.trimmingCharacters(in: .whitespacesAndNewlines)
        case .table(_, let rows):
            return Self.summary(count: rows.count, titles: rows.compactMap(\.first))
        case .rss(let items):
            return Self.summary(count: items.count, titles: items.map(\.title))
        case .websearch(let query):
            return "I would search the web for \(query), but this device cannot show search results."
        case .map:
            return "I cannot show a map on this device."
        case .anchor(_, let text):
            let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return name.isEmpty ? "I found a link, but I cannot open links on this device."
                                : "I found a link, \(name), but I cannot open links on this device."
        case .audioPlay:
            return "I cannot play audio on this device."
        case .videoPlay:
            return "I cannot play videos on this device."
        case .timerSet:
            return "I cannot set timers on this device."
        case .mediaControl:
            return "I cannot control playback on this device."
        case .unknown(let type, _):
            return "I cannot do \(type.replacingOccurrences(of: "_", with: " ")) on this device."
        }
    }

    /// "I found 7 results. The first are: A. B. C." from a count and the titles in order.
    private static func summary(count: Int, titles: [String]) -> String {
        guard count > 0 else { return "I found no results." }
        let first = titles.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.prefix(spokenTitleCount)
        let found = count == 1 ? "I found one result" : "I found \(count) results"
        guard !first.isEmpty else { return found + "." }
        let lead = count == 1 ? ": " : first.count == 1 ? ". The first is: " : ". The first are: "
        return found + lead + first.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " ")
    }
}
