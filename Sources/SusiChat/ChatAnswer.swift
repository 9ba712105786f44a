/// SUSI's answer to one query: the actions of its first answer, in the server's order.
public struct ChatAnswer: Sendable, Equatable {
    /// The query as the server understood it.
    public var query: String
    /// What SUSI answers with: text, tables, feeds, timers, ... (empty when it has no answer).
    public var actions: [ChatAction]

    /// An answer to `query` made of `actions`.
    public init(query: String, actions: [ChatAction]) {
        self.query = query
        self.actions = actions
    }

    /// All actions as one text for a person, one action (or table row, or feed entry) per line.
    public var readableText: String {
        actions.map(\.readableText).filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
