import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Asks a SUSI server one query at a time over HTTP(S).
///
/// Network failures, timeouts and server errors (5xx, 408, 429) are retried up to
/// `maxAttempts` times, waiting `retryBaseDelay` and then twice as long before each further
/// attempt, or as long as the server's `Retry-After` asks if that is longer (at most
/// `longestRetryAfter`). A 4xx status or a body that is not a SUSI answer is final at once.
public actor ChatClient {
    /// The longest wait a server's `Retry-After` can ask for before a retry.
    public static let longestRetryAfter = Duration.seconds(30)

    /// The server, what is sent with each query, and the timeouts and retries.
    public nonisolated let configuration: ChatClientConfiguration

    /// A client for `configuration`; nothing is sent until `ask(_:)`.
    public init(configuration: ChatClientConfiguration = ChatClientConfiguration()) {
        self.configuration = configuration
    }

    /// SUSI's answer to `query`. An empty or whitespace-only text throws `.emptyQuery` without
    /// sending anything.
    public func ask(_ query: ChatQuery) async throws(ChatError) -> ChatAnswer {
        guard !query.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyQuery }
        do throws(ChatError) {
            let request = try ChatRequest(query: query, configuration: configuration)
            var attempt = 1
            while true {
                var retryAfter: String?
                do throws(ChatError) {
                    let exchange = try await fetch(request)
                    retryAfter = exchange.retryAfter
                    return try answer(from: exchange)
                } catch where error.isTransient && attempt < configuration.maxAttempts {
                    try await wait(for: Self.retryDelay(after: attempt, base: configuration.retryBaseDelay,
                                                        retryAfter: retryAfter, now: Date()))
                    attempt += 1
                }
            }
        } catch {
            throw error.redacting(configuration.accessToken)
        }
    }

    /// The answer in one exchange: its status and its body read as a SUSI answer.
    ///
    /// The access token is blanked in the whole body before anything is read from it: an error's
    /// excerpt is cut from the body, and a token cut in half would no longer be recognised.
    private func answer(from exchange: HTTPExchange) throws(ChatError) -> ChatAnswer {
        let body = exchange.body.replacing(ChatError.forms(ofSecret: configuration.accessToken),
                                           with: ChatError.redactionMark)
        guard (200...299).contains(exchange.status) else {
            throw .httpStatus(code: exchange.status, bodyExcerpt: ChatError.excerpt(of: body))
        }
        return try ChatAnswer(responseBody: body, contentType: exchange.contentType)
    }

    /// Sends the request and waits at most `requestTimeout` for the whole answer.
    ///
    /// The deadline is kept here rather than left to URLSession: on Linux, FoundationNetworking
    /// truncates its timeout to whole seconds (0.5 s fires at once, 1.5 s after 1 s) and
    /// restarts it with every chunk received, so a server trickling bytes would never time out.
    private func fetch(_ request: ChatRequest) async throws(ChatError) -> HTTPExchange {
        let timeout = configuration.requestTimeout
        let url = request.url
        let maxBytes = configuration.maxResponseBytes
        do {
            return try await withThrowingTaskGroup(of: HTTPExchange?.self) { group in
                group.addTask {
                    // URLSession's own timer only as a backstop, a whole second past ours.
                    try await BoundedDataTransfer.get(url, backstopTimeout: timeout.timeInterval.rounded(.up) + 1,
                                                      maxBytes: maxBytes)
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let exchange = try await group.next() ?? nil else {
                    throw URLError(.timedOut)
                }
                return exchange
            }
        } catch {
            throw transferFailure(error)
        }
    }

    private func transferFailure(_ error: any Error) -> ChatError {
        if Task.isCancelled || error is CancellationError { return .cancelled }
        if error is BoundedDataTransfer.TooLarge { return .responseTooLarge(limit: configuration.maxResponseBytes) }
        if error is BoundedDataTransfer.TooManyRedirects { return .tooManyRedirects(limit: BoundedDataTransfer.maximumRedirects) }
        let server = configuration.serverForDisplay
        guard let urlError = error as? URLError else {
            return .unreachable(server: server, reason: String(describing: type(of: error)))
        }
        let reason: String
        switch urlError.code {
        case .timedOut: return .timedOut(seconds: configuration.requestTimeout.timeInterval)
        case .cancelled: return .cancelled
        case .badURL, .unsupportedURL: return .invalidServerURL(server)
        case .cannotConnectToHost: reason = "connection refused"
        case .cannotFindHost, .dnsLookupFailed: reason = "host name not found"
        case .notConnectedToInternet: reason = "no network connection"
        case .networkConnectionLost: reason = "connection lost"
        case .secureConnectionFailed: reason = "TLS handshake failed"
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
             .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            reason = "the server's TLS certificate is not trusted"
        case .badServerResponse, .cannotParseResponse: reason = "the server's reply is not HTTP"
        case .zeroByteResource: reason = "the server closed the connection without answering"
        default: reason = "network error \(urlError.code.rawValue)"
        }
        return .unreachable(server: server, reason: reason)
    }

    /// The wait before the attempt after `attempt`: `base` doubled with each attempt, or the
    /// server's `Retry-After` (seconds, or an HTTP date) when longer, up to `longestRetryAfter`.
    static func retryDelay(after attempt: Int, base: Duration, retryAfter: String?, now: Date) -> Duration {
        let backoff = base * (1 << min(attempt - 1, 20))
        guard let retryAfter = retryAfter?.trimmingCharacters(in: .whitespaces) else { return backoff }
        let asked: Double
        if let seconds = UInt64(retryAfter) {
            asked = Double(min(seconds, 1 << 32))
        } else if let date = httpDateFormatter.date(from: retryAfter) {
            asked = date.timeIntervalSince(now)
        } else {
            return backoff
        }
        return max(backoff, min(.seconds(max(0, asked)), longestRetryAfter))
    }

    /// IMF-fixdate, the form of HTTP dates (`Sun, 06 Nov 1994 08:49:37 GMT`).
    private static let httpDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }()

    private func wait(for delay: Duration) async throws(ChatError) {
        do {
            try await Task.sleep(for: delay)
        } catch {
            throw .cancelled
        }
    }
}

private extension Data {
    /// The bytes with every occurrence of each of `texts` (UTF-8) replaced by `replacement`.
    func replacing(_ texts: Set<String>, with replacement: String) -> Data {
        texts.reduce(self) { data, text in
            var result = data
            var searchStart = result.startIndex
            while let found = result.range(of: Data(text.utf8), in: searchStart..<result.endIndex) {
                result.replaceSubrange(found, with: Data(replacement.utf8))
                searchStart = found.lowerBound + replacement.utf8.count
            }
            return result
        }
    }
}
