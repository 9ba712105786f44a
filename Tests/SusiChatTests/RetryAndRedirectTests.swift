import HTTPTestSupport
import Foundation
import Testing
@testable import SusiChat

/// How long the client waits before a retry, and how far it follows redirects.
@Suite struct RetryAndRedirectTests {
    let base = Duration.milliseconds(500)
    let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test(arguments: [
        (nil, 1, Duration.milliseconds(500)),
        (nil, 3, Duration.seconds(2)),
        ("7", 1, Duration.seconds(7)),
        (" 7 ", 1, Duration.seconds(7)),
        ("0", 2, Duration.seconds(1)),
        ("Sun, 06 Nov 1994 08:49:49 GMT", 1, Duration.seconds(12)),
        ("Sun, 06 Nov 1994 08:49:00 GMT", 1, Duration.milliseconds(500)),
        ("Sun, 06 Nov 1994 08:49:49 UTC", 1, Duration.milliseconds(500)),
        ("Sunday, 06-Nov-94 08:49:49 GMT", 1, Duration.milliseconds(500)),
        ("Sun, 06 Nov 1994 25:49:49 GMT", 1, Duration.milliseconds(500)),
        ("86400", 1, Duration.seconds(30)),
        ("99999999999999999999999", 1, Duration.milliseconds(500)),
        ("soon", 1, Duration.milliseconds(500)),
    ] as [(String?, Int, Duration)])
    func waitsForTheServersRetryAfterWhenLongerUpToABound(_ retryAfter: String?, attempt: Int, expected: Duration) {
        #expect(ChatClient.retryDelay(after: attempt, base: base, retryAfter: retryAfter, now: now) == expected)
    }

    @Test func retriesABusyServerThatSaysWhenToComeBack() async throws {
        var busy = LoopbackHTTPServer.Response.json("{}", status: 503)
        busy.headers.append((name: "Retry-After", value: "0"))
        let server = try LoopbackHTTPServer(script: [busy, .json(Fixtures.greeting)])
        defer { server.stop() }
        let answer = try await ChatClient(configuration: Fixtures.configuration(server: server.url)).ask(Fixtures.query())
        #expect(answer.readableText == "Hi, I'm SUSI.")
        #expect(server.recordedRequests.count == 2)
    }

    /// A redirect to another scheme is refused; the address given is fine, so the error says
    /// what the server did, and the query counts as unanswered (retried, spooled).
    @Test func refusesARedirectAwayFromHTTPAsTheServersReply() async throws {
        var redirect = LoopbackHTTPServer.Response.json("", status: 302)
        redirect.headers.append((name: "Location", value: "ftp://127.0.0.1/susi"))
        let server = try LoopbackHTTPServer(script: [redirect])
        defer { server.stop() }
        do {
            _ = try await ChatClient(configuration: Fixtures.configuration(server: server.url, maxAttempts: 1)).ask(Fixtures.query())
            Issue.record("a redirect to ftp was answered")
        } catch {
            guard case .unreachable(_, let reason) = error else {
                Issue.record("expected the server's reply to be blamed, got \(error)")
                return
            }
            #expect(reason.hasPrefix("the reply is not HTTP, or redirects to an address that is not http(s)"), "\(reason)")
            #expect(!error.settlesTheQuery)
        }
    }

    @Test func readsACompressedAnswer() async throws {
        var compressed = LoopbackHTTPServer.Response.json("")
        compressed.body = try Fixtures.gzipped(Fixtures.greeting)
        compressed.headers.append((name: "Content-Encoding", value: "gzip"))
        let server = try LoopbackHTTPServer(script: [compressed])
        defer { server.stop() }
        let answer = try await ChatClient(configuration: Fixtures.configuration(server: server.url)).ask(Fixtures.query())
        #expect(answer.readableText == "Hi, I'm SUSI.")
    }

    @Test func stopsFollowingARedirectLoopAfterFiveRedirects() async throws {
        var redirect = LoopbackHTTPServer.Response.json("", status: 302)
        redirect.headers.append((name: "Location", value: "/susi/chat.json?again"))
        let server = try LoopbackHTTPServer(script: Array(repeating: redirect, count: 20))
        defer { server.stop() }
        do {
            _ = try await ChatClient(configuration: Fixtures.configuration(server: server.url, maxAttempts: 1)).ask(Fixtures.query())
            Issue.record("a redirect loop was answered")
        } catch {
            #expect(error == .tooManyRedirects(limit: 5))
            #expect(error.description.contains("redirected more than 5 times"))
        }
        #expect(server.recordedRequests.count == 6)
    }
}
