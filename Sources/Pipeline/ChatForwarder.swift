import SusiChat
import TextFormatting

/// Sends final commands to the SUSI server and turns what happens into events: `query`, then
/// `answer`, or an `error` saying the query was kept in the spool or could not be sent.
package struct ChatForwarder: Sendable {
    private let delivery: ChatDelivery

    package init(configuration: ChatClientConfiguration) throws(QuerySpoolError) {
        delivery = try ChatDelivery(configuration: configuration)
    }

    /// Asks SUSI `text`; an empty text sends nothing.
    package func forward(_ text: String) async -> [ListenEvent] {
        guard !text.trimmingWhitespace().isEmpty else { return [] }
        let query = ChatQuery(text: text)
        return Self.events(for: await delivery.deliver(query), of: query)
    }

    /// After `forwarded`, the events of a `forward` in which the server answered, sends what
    /// the spool kept from earlier (`flushSpool()`); otherwise nothing. Called once the answer
    /// has been reported, so that it does not wait for the spool.
    package func resend(after forwarded: [ListenEvent]) async -> [ListenEvent] {
        guard case .query(let query)? = forwarded.first, query.status == .sent, delivery.spool != nil else { return [] }
        return await flushSpool(afterAnAnswer: true)
    }

    /// What a run reports before its first command: an error for each leftover of an
    /// interrupted write that held no whole query (it was deleted), for each file in the
    /// spool folder that looks like a kept query but cannot be read (it is left where it is),
    /// and for the oldest queries beyond the spool's limit (a folder filled by hand, or by a
    /// run with a higher limit: they are dropped), then what `flushSpool()` sends.
    package func start() async -> [ListenEvent] {
        let discarded = (delivery.spool?.discardedLeftovers ?? []).map { file in
            ListenEvent.error(ErrorEvent(file: nil, message: "spool: deleted \(file.path), left by an interrupted write without a whole query"))
        }
        let unreadable = (delivery.spool?.unreadableFiles ?? []).map { file in
            ListenEvent.error(ErrorEvent(file: nil, message: "spool: \(file.path) is not a query this program can read; it is left in place"))
        }
        let dropped = await delivery.spool?.dropBeyondLimit() ?? []
        let overflow = dropped.isEmpty ? [] : [ListenEvent.error(ErrorEvent(file: nil, message: Self.droppedMessage(count: dropped.count)))]
        return discarded + unreadable + overflow + (await flushSpool())
    }

    private static func droppedMessage(count: Int) -> String {
        "spool full: dropped the oldest \(count) quer\(count == 1 ? "y" : "ies")"
    }

    /// Sends what the spool holds and reports it (at start-up and, `afterAnAnswer`, once the
    /// server answers again; see `ChatDelivery.flushSpool(afterAnAnswer:)`).
    /// Answers to these queries are reported but not spoken: they may be hours old, and a
    /// device that starts talking unasked is no help.
    package func flushSpool(afterAnAnswer: Bool = false) async -> [ListenEvent] {
        await delivery.flushSpool(afterAnAnswer: afterAnAnswer).flatMap { flushed -> [ListenEvent] in
            var events = Self.events(for: flushed.outcome, of: flushed.query).map { event in
                guard case .answer(var answer) = event else { return event }
                answer.spokenPassages = []
                return ListenEvent.answer(answer)
            }
            if let spoolError = flushed.spoolError {
                events.append(.error(ErrorEvent(file: nil, message: "spool: \(spoolError)")))
            }
            return events
        }
    }

    /// Sends the next queries with `configuration`'s server and details (a SIGHUP's reload);
    /// the spool stays where it is.
    package func reconfigure(_ configuration: ChatClientConfiguration) async {
        await delivery.reconfigure(configuration)
    }

    /// Keeps `text` in the spool without asking (at shutdown, when there is no time to wait).
    package func keep(_ text: String) async -> [ListenEvent] {
        let query = ChatQuery(text: text)
        guard let spool = delivery.spool else {
            return [.query(QueryEvent(text: text, status: .failed, id: query.id.uuidString)),
                    .error(ErrorEvent(file: nil, message: "shutting down: \"\(text)\" was not sent and no spool folder is set"))]
        }
        do {
            try await spool.add(query)
            return [.query(QueryEvent(text: text, status: .spooled, id: query.id.uuidString))]
        } catch {
            return [.query(QueryEvent(text: text, status: .failed, id: query.id.uuidString)),
                    .error(ErrorEvent(file: nil, message: "spool: \(error)"))]
        }
    }

    private static func events(for outcome: ChatDelivery.Outcome, of asked: ChatQuery) -> [ListenEvent] {
        switch outcome {
        case .answered(let answer):
            // `q` is what was sent: a server may leave its own `query` out or change it.
            return [.query(QueryEvent(text: asked.text, status: .sent, id: asked.id.uuidString)),
                    .answer(AnswerEvent(query: asked.text, text: answer.readableText, actions: answer.actions.map(\.json),
                                         spokenPassages: answer.spokenPassages))]
        case .answeredButStillSpooled(let answer, let spoolError):
            return events(for: .answered(answer), of: asked) + [.error(ErrorEvent(file: nil, message: "spool: \(spoolError)"))]
        case .spooled(let query, let reason, let dropped):
            var events: [ListenEvent] = [
                .query(QueryEvent(text: query.text, status: .spooled, id: query.id.uuidString)),
                .error(ErrorEvent(file: nil, message: "\(reason); \"\(query.text)\" is kept in the spool and sent when the server is back")),
            ]
            if !dropped.isEmpty {
                events.append(.error(ErrorEvent(file: nil, message: droppedMessage(count: dropped.count))))
            }
            return events
        case .interrupted(let query):
            return [.query(QueryEvent(text: query.text, status: .spooled, id: query.id.uuidString))]
        case .notSpooled(let query, let reason, let spoolError):
            return [.query(QueryEvent(text: query.text, status: .failed, id: query.id.uuidString)),
                    .error(ErrorEvent(file: nil, message: "\(reason); the spool could not keep it either: \(spoolError)"))]
        case .failed(let reason):
            return [.query(QueryEvent(text: asked.text, status: .failed, id: asked.id.uuidString)),
                    .error(ErrorEvent(file: nil, message: "chat: \(reason)"))]
        }
    }
}
