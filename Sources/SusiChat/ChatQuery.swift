import Foundation

/// One transcribed command to send to SUSI.
public struct ChatQuery: Sendable, Equatable, Codable {
    /// What the person said, as transcribed.
    public var text: String
    /// When it was said; the time-zone offset sent with the query is the one in force then.
    public var askedAt: Date
    /// Identifies the query in the spool, so it is sent once and removed once.
    public var id: UUID

    public init(text: String, askedAt: Date = Date(), id: UUID = UUID()) {
        self.text = text
        self.askedAt = askedAt
        self.id = id
    }
}
