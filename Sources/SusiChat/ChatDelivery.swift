import FoundationEssentials

/// Asks through a `ChatClient` and keeps what the server could not take in a `QuerySpool`,
/// to be sent again, oldest first, when `flushSpool()` is called.
///
/// The spool is a write-ahead log: a query is saved before its first try and removed once
/// the server has replied, so a crash, `kill -9` or shutdown while it is being asked leaves it
/// in the spool rather than losing it.
///
/// A query leaves the spool once the server has given a definite reply: an answer, or a
/// refusal that asking again would only repeat (`ChatError.settlesTheQuery`). It stays after
/// any other failure: the network, a timeout, a 5xx status, and replies that are not the SUSI
/// server's (a captive portal's page, 401 for an expired token, 404 from a proxy). Flushes
/// never overlap, so no spooled query is sent twice by this process.
package actor ChatDelivery {
    /// What became of a query.
    package enum Outcome: Sendable, Equatable {
        /// The server answered.
        case answered(ChatAnswer)
        /// The server answered, but the query's file could not be deleted from the spool: it
        /// stays pending and would be sent again.
        case answeredButStillSpooled(ChatAnswer, spoolError: QuerySpoolError)
        /// The server stayed unavailable after all attempts, or did not answer as a SUSI server
        /// (see `ChatError.settlesTheQuery`); the query is in the spool (or, in a flush, stays
        /// there). `dropped` are older queries removed to stay within the limit.
        case spooled(ChatQuery, reason: ChatError, dropped: [ChatQuery])
        /// The server stayed unavailable (as for `spooled`) and the spool could not save the
        /// query: it is lost.
        case notSpooled(ChatQuery, reason: ChatError, spoolError: QuerySpoolError)
        /// Asking was cancelled (shutdown) before a reply; the query stays in the spool.
        case interrupted(ChatQuery)
        /// A reply that settles the query without answering it, or any failure with no spool
        /// configured; nothing was kept.
        case failed(ChatError)
    }

    /// What a flush did with one spooled query.
    package struct FlushedQuery: Sendable, Equatable {
        package var query: ChatQuery
        /// `.answered` or `.failed`: it left the spool; `.spooled`: it stays, and the flush
        /// stopped there.
        package var outcome: Outcome
        /// Set when the query was delivered but its file could not be deleted; the flush
        /// stopped there, and the query stays pending.
        package var spoolError: QuerySpoolError?
    }

    /// Replaced by `reconfigure(_:)`; a query being asked keeps the client it started with.
    private var client: ChatClient
    /// Nil when the configuration names no spool directory.
    package nonisolated let spool: QuerySpool?
    private var isFlushing = false
    /// Queries being asked by `deliver`: in the spool already, but not for a flush to send.
    private var inFlight = Set<UUID>()

    /// A client for `configuration` and, if it names a `spoolDirectory`, the spool there.
    package init(configuration: ChatClientConfiguration) throws(QuerySpoolError) {
        client = ChatClient(configuration: configuration)
        if let directory = configuration.spoolDirectory {
            spool = try QuerySpool(directory: directory, limit: configuration.spoolLimit)
        } else {
            spool = nil
        }
    }

    /// Asks through a client for `configuration` from the next query on (one being asked
    /// finishes as it began); the spool stays where it is, whatever `configuration` names.
    package func reconfigure(_ configuration: ChatClientConfiguration) {
        client = ChatClient(configuration: configuration)
    }

    /// Saves `query` in the spool, asks it, and removes it once the server has replied; if the
    /// server stays unavailable it stays spooled (the limit applied then), and if asking is
    /// cancelled it stays spooled as it is. "Unavailable" is any failure that does not settle
    /// the query (`ChatError.settlesTheQuery`).
    package func deliver(_ query: ChatQuery) async -> Outcome {
        var saveError: QuerySpoolError?
        if let spool {
            do throws(QuerySpoolError) {
                try await spool.save(query)
            } catch {
                saveError = error
            }
        }
        let isSaved = spool != nil && saveError == nil
        inFlight.insert(query.id)
        defer { inFlight.remove(query.id) }
        do throws(ChatError) {
            let answer = try await client.ask(query)
            if isSaved, let spool {
                do throws(QuerySpoolError) {
                    try await spool.remove(id: query.id)
                } catch {
                    return .answeredButStillSpooled(answer, spoolError: error)
                }
            }
            return .answered(answer)
        } catch {
            guard let spool else { return .failed(error) }
            if isSaved && error == .cancelled { return .interrupted(query) }
            if let saveError, !error.settlesTheQuery { return .notSpooled(query, reason: error, spoolError: saveError) }
            if isSaved && !error.settlesTheQuery { return .spooled(query, reason: error, dropped: await spool.dropBeyondLimit()) }
            if isSaved { try? await spool.remove(id: query.id) }
            return .failed(error)
        }
    }

    /// Sends the spooled queries again, oldest first, each removed only after the server's
    /// definite reply. Stops at the first failure that does not settle its query, leaving it
    /// and the newer ones spooled; but `afterAnAnswer` (the server has just answered a query as
    /// a SUSI server), only at a transient one: a reply that is not SUSI's (a proxy's 403 for
    /// what this query says) is then about the query, and settles it, so that one query cannot
    /// hold back the ones behind it. Returns at once, with nothing, while another flush runs.
    package func flushSpool(afterAnAnswer: Bool = false) async -> [FlushedQuery] {
        guard let spool, !isFlushing else { return [] }
        isFlushing = true
        defer { isFlushing = false }

        var flushed: [FlushedQuery] = []
        for query in await spool.pending() where !inFlight.contains(query.id) {
            let outcome: Outcome
            do throws(ChatError) {
                outcome = .answered(try await client.ask(query))
            } catch where afterAnAnswer ? error.isTransient || error == .cancelled : !error.settlesTheQuery {
                flushed.append(FlushedQuery(query: query, outcome: .spooled(query, reason: error, dropped: [])))
                break
            } catch {
                outcome = .failed(error)
            }
            do throws(QuerySpoolError) {
                try await spool.remove(id: query.id)
                flushed.append(FlushedQuery(query: query, outcome: outcome))
            } catch {
                flushed.append(FlushedQuery(query: query, outcome: outcome, spoolError: error))
                break
            }
        }
        return flushed
    }
}
