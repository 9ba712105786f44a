/// SUSI's answer to one query: the actions of its first answer, in the server's order.
package struct ChatAnswer: Sendable, Equatable {
    /// The query as the server understood it.
    package var query: String
    /// What SUSI answers with: text, tables, feeds, timers, ... (empty when it has no answer).
    package var actions: [ChatAction]
    /// The language the query was asked in (the `language` sent with it), which SUSI answers in.
    package var language: String

    /// An answer to `query`, asked in `language`, made of `actions`.
    package init(query: String, actions: [ChatAction], language: String = "en") {
        self.query = query
        self.actions = actions
        self.language = language
    }

    /// All actions as one text for a person, one action (or table row, or feed entry) per line.
    package var readableText: String {
        actions.map(\.readableText).filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
