import FoundationEssentials
import SharedLibraries
import TextFormatting

/// Why a query got no answer. Descriptions are one line a person can act on and never contain
/// the access token (the client removes it from anything a server sends back, too).
package enum ChatError: Error, Equatable, CustomStringConvertible {
    /// No HTTP answer came: connection refused, host not found, network down, TLS failure.
    case unreachable(server: String, reason: String)
    /// The server took longer than the request timeout, on each of `attempts` tries that
    /// timed out (others may have failed otherwise before).
    case timedOut(seconds: Double, attempts: Int)
    /// The server answered with a status outside 200...299.
    case httpStatus(code: Int, bodyExcerpt: String)
    /// The body is not JSON, e.g. an HTML page from a proxy or a wrong address.
    case notJSON(contentType: String?, excerpt: String)
    /// The body is JSON but not a SUSI chat answer.
    case unexpectedShape(reason: String)
    /// The body grew past the configured limit; reading stopped there.
    case responseTooLarge(limit: Int)
    /// The transcript is empty or only whitespace; nothing was sent.
    case emptyQuery
    /// The server address is not an http or https URL with a host.
    case invalidServerURL(String)
    /// The task asking was cancelled (the program is shutting down).
    case cancelled
    /// The server redirected more than `limit` times in a row (a redirect loop).
    case tooManyRedirects(limit: Int)
    /// libcurl, which makes the requests, could not be opened.
    case clientLibraryUnavailable(SharedLibraryError)

    /// Whether asking again later may succeed: network failures, timeouts, server errors (5xx)
    /// and "try later" statuses (408, 429). These are retried.
    package var isTransient: Bool {
        switch self {
        case .unreachable, .timedOut: return true
        case .httpStatus(let code, _): return code >= 500 || code == 408 || code == 429
        case .notJSON, .unexpectedShape, .responseTooLarge, .emptyQuery, .invalidServerURL, .cancelled, .tooManyRedirects, .clientLibraryUnavailable: return false
        }
    }

    /// Whether the server gave this query a reply of its own that asking again would only
    /// repeat: a 4xx status about the request itself (400, 413, 414, 422, 431), JSON that is not
    /// a chat answer, a body past the limit; or the query is empty. The rest leaves the query
    /// unanswered, and `ChatDelivery` keeps it spooled: transient failures, a cancelled query,
    /// and replies that show the address does not reach a SUSI server as it should (a web page
    /// from a captive portal or proxy, 401 or 403 for the access token, 404, 407, a redirect
    /// loop or a redirect away from HTTP).
    package var settlesTheQuery: Bool {
        switch self {
        case .httpStatus(let code, _): return [400, 413, 414, 422, 431].contains(code)
        case .unexpectedShape, .responseTooLarge, .emptyQuery: return true
        case .unreachable, .timedOut, .notJSON, .invalidServerURL, .cancelled, .tooManyRedirects, .clientLibraryUnavailable: return false
        }
    }

    package var description: String {
        switch self {
        case .unreachable(let server, let reason):
            return "cannot reach the SUSI server \(server): \(reason); check the server address and the network"
        case .timedOut(let seconds, let attempts):
            let tries = attempts == 1 ? "" : " on each of \(attempts) tries"
            return "the SUSI server did not answer within \(Self.format(seconds)) s\(tries); it may be overloaded or the network slow — try again or raise the request timeout"
        case .httpStatus(let code, let excerpt):
            let body = excerpt.isEmpty ? "" : ": \(excerpt)"
            return "the SUSI server answered HTTP \(code)\(Self.reasonPhrase(forStatus: code).map { " (\($0))" } ?? "")\(body); \(Self.advice(forStatus: code))"
        case .notJSON(let contentType, let excerpt):
            let kind = contentType.map { "a body of type \($0)" } ?? "a body without content type"
            return "the SUSI server sent \(kind) that is not JSON (\"\(excerpt)\"); check that the server address points at a SUSI API server, not a web page or proxy"
        case .unexpectedShape(let reason):
            return "the SUSI server's JSON is not a chat answer (\(reason)); check that the server address points at a SUSI API server"
        case .responseTooLarge(let limit):
            return "the SUSI server's answer is larger than \(limit) bytes; stopped reading; a SUSI answer is far smaller, so check that the server address points at a SUSI API server"
        case .emptyQuery:
            return "nothing to ask: the transcript is empty"
        case .invalidServerURL(let address):
            return "\"\(address)\" is not a SUSI server address; give an http:// or https:// URL without a query or fragment, such as https://api.susi.ai"
        case .cancelled:
            return "the query was cancelled before an answer arrived"
        case .tooManyRedirects(let limit):
            return "the SUSI server redirected more than \(limit) times in a row (a redirect loop); check the server address"
        case .clientLibraryUnavailable(let problem):
            return "cannot send queries: \(problem)"
        }
    }

    /// RFC 9110's reason phrase for the statuses a server, or a proxy in front of it, commonly
    /// answers with; nil for the others.
    static func reasonPhrase(forStatus code: Int) -> String? {
        switch code {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: nil
        }
    }

    private static func advice(forStatus code: Int) -> String {
        switch code {
        case 401, 403: return "check the access token"
        case 404: return "check the server address (the client asks {server}/susi/chat.json)"
        case 408, 429: return "the server is busy; try again later"
        case 500...: return "the server has a problem; try again later"
        default: return "the server refused the request"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds.rounded() == seconds ? String(Int(seconds)) : String(printf: "%.3g", seconds)
    }

    /// The start of a body as one line of text, for error messages.
    static func excerpt(of body: Data, limit: Int = 160) -> String {
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// What stands in an error's text where a secret was.
    static let redactionMark = "<redacted>"

    /// The forms in which `secret` can come back from a server that echoes the request URL: as
    /// given, and percent-encoded with upper- or lower-case hexadecimal digits. None for no
    /// secret.
    static func forms(ofSecret secret: String?) -> Set<String> {
        guard let secret, !secret.isEmpty else { return [] }
        return [secret, ChatRequest.percentEncoded(secret), ChatRequest.percentEncoded(secret, lowerCaseDigits: true)]
    }

    /// The same error with every occurrence of `secret` (as given and percent-encoded) replaced,
    /// for text that came from a server, which may echo the request URL back.
    func redacting(_ secret: String?) -> ChatError {
        let forms = Self.forms(ofSecret: secret)
        guard !forms.isEmpty else { return self }
        func clean(_ text: String) -> String {
            forms.reduce(text) { $0.replacing($1, with: Self.redactionMark) }
        }
        switch self {
        case .unreachable(let server, let reason): return .unreachable(server: clean(server), reason: clean(reason))
        case .httpStatus(let code, let excerpt): return .httpStatus(code: code, bodyExcerpt: clean(excerpt))
        case .notJSON(let contentType, let excerpt): return .notJSON(contentType: contentType.map(clean), excerpt: clean(excerpt))
        case .unexpectedShape(let reason): return .unexpectedShape(reason: clean(reason))
        case .invalidServerURL(let address): return .invalidServerURL(clean(address))
        case .timedOut, .responseTooLarge, .emptyQuery, .cancelled, .tooManyRedirects, .clientLibraryUnavailable: return self
        }
    }
}
