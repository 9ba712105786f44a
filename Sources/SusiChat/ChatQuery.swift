import FoundationEssentials

/// One transcribed command to send to SUSI.
package struct ChatQuery: Sendable, Equatable, Codable {
    /// What the person said, as transcribed.
    package var text: String
    /// When it was said; the time-zone offset sent with the query is the one in force then.
    package var askedAt: Date
    /// Identifies the query in the spool, so it is sent once and removed once.
    package var id: UUID

    package init(text: String, askedAt: Date = Date(), id: UUID = UUID()) {
        self.text = text
        self.askedAt = askedAt
        self.id = id
    }
}
