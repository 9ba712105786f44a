import CCurl
import FoundationEssentials
import Glibc
import SharedLibraries
import TextFormatting

/// Asks a SUSI server one query at a time over HTTP(S).
///
/// Network failures, timeouts and server errors (5xx, 408, 429) are retried up to
/// `maxAttempts` times, waiting `retryBaseDelay` and then twice as long before each further
/// attempt, or as long as the server's `Retry-After` asks if that is longer (at most
/// `longestRetryAfter`). A 4xx status or a body that is not a SUSI answer is final at once.
package actor ChatClient {
    /// The longest wait a server's `Retry-After` can ask for before a retry.
    package static let longestRetryAfter = Duration.seconds(30)

    /// The server, what is sent with each query, and the timeouts and retries.
    package nonisolated let configuration: ChatClientConfiguration

    /// A client for `configuration`; nothing is sent until `ask(_:)`.
    package init(configuration: ChatClientConfiguration = ChatClientConfiguration()) {
        self.configuration = configuration
    }

    /// SUSI's answer to `query`. An empty or whitespace-only text throws `.emptyQuery` without
    /// sending anything.
    package func ask(_ query: ChatQuery) async throws(ChatError) -> ChatAnswer {
        guard !query.text.trimmingWhitespace().isEmpty else { throw .emptyQuery }
        var attempt = 1
        var timeOuts = 0
        do throws(ChatError) {
            let request = try ChatRequest(query: query, configuration: configuration)
            while true {
                var retryAfter: String?
                do throws(ChatError) {
                    let exchange = try await fetch(request)
                    retryAfter = exchange.retryAfter
                    return try answer(from: exchange)
                } catch {
                    if case .timedOut = error { timeOuts += 1 }
                    guard error.isTransient && attempt < configuration.maxAttempts else { throw error }
                    try await wait(for: Self.retryDelay(after: attempt, base: configuration.retryBaseDelay,
                                                        retryAfter: retryAfter, now: Date()))
                    attempt += 1
                }
            }
        } catch .timedOut(let seconds, _) {
            throw .timedOut(seconds: seconds, attempts: timeOuts)
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
        var answer = try ChatAnswer(responseBody: body, contentType: exchange.contentType)
        answer.language = configuration.language
        return answer
    }

    /// Sends the request and waits at most `requestTimeout` for the whole answer.
    ///
    /// The deadline is kept here, so that it reads the same whatever the transfer does with
    /// its own; libcurl's time-out is only a backstop.
    private func fetch(_ request: ChatRequest) async throws(ChatError) -> HTTPExchange {
        let timeout = configuration.requestTimeout
        let url = request.url
        let maxBytes = configuration.maxResponseBytes
        do {
            return try await withThrowingTaskGroup(of: HTTPExchange?.self) { group in
                group.addTask {
                    try await CurlTransfer.get(url, backstopTimeout: timeout + .seconds(1), maxBytes: maxBytes)
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let exchange = try await group.next() ?? nil else {
                    throw CurlTransfer.Failure(code: CURLE_OPERATION_TIMEDOUT, message: "time-out")
                }
                return exchange
            }
        } catch {
            throw transferFailure(error)
        }
    }

    private func transferFailure(_ error: any Error) -> ChatError {
        if Task.isCancelled || error is CancellationError { return .cancelled }
        if error is CurlTransfer.TooLarge { return .responseTooLarge(limit: configuration.maxResponseBytes) }
        if error is CurlTransfer.TooManyRedirects { return .tooManyRedirects(limit: CurlTransfer.maximumRedirects) }
        if let problem = error as? SharedLibraryError { return .clientLibraryUnavailable(problem) }
        let server = configuration.serverForDisplay
        guard let failure = error as? CurlTransfer.Failure else {
            return .unreachable(server: server, reason: String(describing: type(of: error)))
        }
        let reason: String
        switch failure.code {
        case CURLE_OPERATION_TIMEDOUT: return .timedOut(seconds: configuration.requestTimeout.timeInterval, attempts: 1)
        // The server's own address was checked before the transfer: these come from its reply.
        case CURLE_UNSUPPORTED_PROTOCOL: reason = "the reply is not HTTP, or redirects to an address that is not http(s) (\(failure.message))"
        case CURLE_URL_MALFORMAT: reason = "the server redirected to an address that is not a URL (\(failure.message))"
        case CURLE_COULDNT_CONNECT: reason = "connection refused"
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: reason = "host name not found"
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: reason = "connection lost"
        case CURLE_SSL_CONNECT_ERROR: reason = "TLS handshake failed"
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM:
            reason = "the server's TLS certificate is not trusted"
        case CURLE_WEIRD_SERVER_REPLY: reason = "the server's reply is not HTTP"
        case CURLE_GOT_NOTHING: reason = "the server closed the connection without answering"
        default: reason = "network error: \(failure.message)"
        }
        return .unreachable(server: server, reason: reason)
    }

    /// The wait before the attempt after `attempt`: `base` doubled with each attempt, or the
    /// server's `Retry-After` (seconds, or an HTTP date) when longer, up to `longestRetryAfter`.
    static func retryDelay(after attempt: Int, base: Duration, retryAfter: String?, now: Date) -> Duration {
        let backoff = base * (1 << min(attempt - 1, 20))
        guard let retryAfter = retryAfter?.trimmingWhitespace() else { return backoff }
        let asked: Double
        if let seconds = UInt64(retryAfter) {
            asked = Double(min(seconds, 1 << 32))
        } else if let date = httpDate(retryAfter) {
            asked = date.timeIntervalSince(now)
        } else {
            return backoff
        }
        return max(backoff, min(.seconds(max(0, asked)), longestRetryAfter))
    }

    /// The moment an IMF-fixdate names, the form of HTTP dates (`Sun, 06 Nov 1994 08:49:37 GMT`);
    /// nil for any other text.
    static func httpDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        let clock = parts.count == 6 ? parts[4].split(separator: ":") : []
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), Self.dayNames.contains(String(parts[0].dropLast())),
            parts[5] == "GMT", parts[1].count == 2, let day = Int32(parts[1]), let month = Self.monthNames.firstIndex(of: String(parts[2])),
            parts[3].count == 4, let year = Int32(parts[3]), clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = Int32(clock[0]), let minute = Int32(clock[1]), let second = Int32(clock[2]),
            (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var fields = tm()
        fields.tm_year = year - 1900
        fields.tm_mon = Int32(month)
        fields.tm_mday = day
        fields.tm_hour = hour
        fields.tm_min = minute
        fields.tm_sec = second
        return Date(timeIntervalSince1970: Double(timegm(&fields)))
    }

    private static let dayNames: Set<String> = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

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
            while let found = result[searchStart...].firstRange(of: Data(text.utf8)) {
                result.replaceSubrange(found, with: Data(replacement.utf8))
                searchStart = found.lowerBound + replacement.utf8.count
            }
            return result
        }
    }
}
