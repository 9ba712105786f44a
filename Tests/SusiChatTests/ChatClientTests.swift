import HTTPTestSupport
import Foundation
import Testing
import SusiChat

/// `ChatClient` against a real HTTP server on loopback.
@Suite struct ChatClientTests {
    /// Asks once and returns the error it throws, or nil if it answered.
    private func error(asking query: ChatQuery = Fixtures.query(),
                       with configuration: ChatClientConfiguration) async -> ChatError? {
        do {
            _ = try await ChatClient(configuration: configuration).ask(query)
            return nil
        } catch {
            return error
        }
    }

    @Test func decodesEveryActionTypeOfARealShapedAnswer() async throws {
        let server = try LoopbackHTTPServer(script: [.json(Fixtures.manyActions)])
        defer { server.stop() }
        let answer = try await ChatClient(configuration: Fixtures.configuration(server: server.url))
            .ask(Fixtures.query("show me the news"))

        #expect(answer.query == "show me the news")
        #expect(answer.actions == [
            .answer(expression: "Here is what I found."),
            .table(columns: [TableColumn(key: "population", header: "Population"), TableColumn(key: "city", header: "City")],
                   rows: [["3645000", "Berlin"], ["1841000", "Hamburg"]]),
            .rss(items: [
                RSSItem(title: "Berlin wins", description: "A long story", link: "https://news.example/1"),
                RSSItem(title: "Hamburg \"rains\"", description: "Wet", link: "https://news.example/2"),
                RSSItem(title: "Third story", description: "x", link: "https://news.example/3"),
            ]),
            .websearch(query: "berlin news"),
            .map(latitude: 52.52, longitude: 13.405, zoom: 13),
            .anchor(link: "https://susi.ai", text: "SUSI.AI"),
            .audioPlay(identifier: "dQw4w9WgXcQ", identifierType: "youtube"),
            .timerSet(hour: 0, minute: 5, second: 0),
            .mediaControl(.stop),
            .unknown(type: "audio_volume", fields: ["volume": .number("40"), "meta": .object([("unit", .string("percent"))])]),
        ])
        #expect(answer.readableText == """
            Here is what I found.
            Population: 3645000, City: Berlin
            Population: 1841000, City: Hamburg
            Berlin wins
            Hamburg "rains"
            Third story
            search the web for “berlin news”
            map at 52.52, 13.405
            SUSI.AI: https://susi.ai
            play audio dQw4w9WgXcQ (youtube)
            timer set for 00:05:00
            stop
            unsupported action “audio_volume”
            """)
    }

    @Test func sendsTheDocumentedParametersAndOnlyThoseConfigured() async throws {
        let server = try LoopbackHTTPServer(script: [.json(Fixtures.greeting)])
        defer { server.stop() }
        let answer = try await ChatClient(configuration: Fixtures.configuration(server: server.url))
            .ask(Fixtures.query("  what is 1+1 & 2/3? äöü\n"))

        #expect(answer.readableText == "Hi, I'm SUSI.")
        let request = try #require(server.recordedRequests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/susi/chat.json")
        #expect(request.parameters == [
            "q": "what is 1+1 & 2/3? äöü",
            "timezoneOffset": "-60",
            "language": "en",
            "device_type": "susi-listen",
        ])
        #expect(!request.rawQuery.contains("+"), "a literal + would reach SUSI's Java server as a space")
    }

    @Test func sendsLocationCountryAndTokenWhenConfigured() async throws {
        let server = try LoopbackHTTPServer(script: [.json(Fixtures.greeting)])
        defer { server.stop() }
        var configuration = Fixtures.configuration(server: URL(string: server.url.absoluteString + "/proxy//")!)
        configuration.language = "de"
        configuration.deviceType = "Smart Speaker"
        configuration.latitude = 52.52
        configuration.longitude = 13.405
        configuration.countryCode = "DE"
        configuration.countryName = "Germany"
        configuration.accessToken = Fixtures.accessToken
        _ = try await ChatClient(configuration: configuration).ask(Fixtures.query("hallo"))

        let request = try #require(server.recordedRequests.first)
        #expect(request.path == "/proxy/susi/chat.json")
        #expect(request.parameters == [
            "q": "hallo", "timezoneOffset": "-60", "language": "de", "device_type": "Smart Speaker",
            "latitude": "52.52", "longitude": "13.405", "country_code": "DE", "country_name": "Germany",
            "access_token": Fixtures.accessToken,
        ])
    }

    @Test(arguments: [(3_600, "-60"), (-18_000, "300"), (19_800, "-330"), (0, "0")])
    func sendsTheTimeZoneOffsetWithJavaScriptsSign(secondsFromUTC: Int, expected: String) async throws {
        let server = try LoopbackHTTPServer(script: [.json(Fixtures.greeting)])
        defer { server.stop() }
        var configuration = Fixtures.configuration(server: server.url)
        configuration.timeZone = LocalTimeZone(name: "test", fixedSecondsFromUTC: secondsFromUTC)
        _ = try await ChatClient(configuration: configuration).ask(Fixtures.query())

        #expect(server.recordedRequests.first?.parameters["timezoneOffset"] == expected)
    }

    @Test(arguments: [Fixtures.winterDay, Fixtures.summerDay])
    func readsTheSystemsTimeZoneAsFoundationDoes(day: Date) {
        #expect(LocalTimeZone.system.secondsFromUTC(at: day) == TimeZone.current.secondsFromGMT(for: day))
    }

    @Test func malformedJSONIsNotJSONAndNotRetried() async throws {
        let server = try LoopbackHTTPServer(script: [.json(#"{"answers": [{"actions": ["#), .json(Fixtures.greeting)])
        defer { server.stop() }
        let error = await error(with: Fixtures.configuration(server: server.url))

        #expect(error == .notJSON(contentType: "application/json", excerpt: #"{"answers": [{"actions": ["#))
        #expect(server.recordedRequests.count == 1)
    }

    @Test func htmlPageWithStatus200IsNotJSON() async throws {
        let page = "<!DOCTYPE html>\n<html><head><title>Hotel Wi-Fi</title></head><body>Please log in</body></html>"
        let server = try LoopbackHTTPServer(script: [.text(page, contentType: "text/html; charset=utf-8")])
        defer { server.stop() }
        let error = try #require(await error(with: Fixtures.configuration(server: server.url)))

        #expect(error == .notJSON(contentType: "text/html; charset=utf-8",
                                  excerpt: "<!DOCTYPE html> <html><head><title>Hotel Wi-Fi</title></head><body>Please log in</body></html>"))
        #expect(error.description.hasPrefix("the SUSI server sent a body of type text/html; charset=utf-8 that is not JSON"))
        #expect(server.recordedRequests.count == 1)
    }

    @Test(arguments: [
        (#"{"status":"ok","message":"hello"}"#, "no \"answers\" list"),
        (#"[{"answers":[]}]"#, "the body is a JSON array, not an object"),
        (#"{"answers":[{"data":[]}]}"#, "answers[0] has no \"actions\" list"),
        (#"{"answers":"none"}"#, "no \"answers\" list"),
    ])
    func jsonOfAnotherShapeIsUnexpectedShape(body: String, reason: String) async throws {
        let server = try LoopbackHTTPServer(script: [.json(body)])
        defer { server.stop() }
        let error = await error(with: Fixtures.configuration(server: server.url))

        #expect(error == .unexpectedShape(reason: reason))
        #expect(server.recordedRequests.count == 1)
    }

    @Test func notFoundIsFinalAfterOneRequest() async throws {
        let server = try LoopbackHTTPServer(script: [.json(#"{"error":"no such servlet"}"#, status: 404), .json(Fixtures.greeting)])
        defer { server.stop() }
        let error = try #require(await error(with: Fixtures.configuration(server: server.url)))

        #expect(error == .httpStatus(code: 404, bodyExcerpt: #"{"error":"no such servlet"}"#))
        #expect(error.description.contains("HTTP 404 (Not Found)"))
        #expect(error.description.contains("check the server address"))
        #expect(server.recordedRequests.count == 1)
    }

    @Test func serverErrorIsRetriedUntilAnswered() async throws {
        let server = try LoopbackHTTPServer(script: [.json("{}", status: 500), .json(Fixtures.greeting)])
        defer { server.stop() }
        let answer = try await ChatClient(configuration: Fixtures.configuration(server: server.url)).ask(Fixtures.query())

        #expect(answer.actions == [.answer(expression: "Hi, I'm SUSI.")])
        #expect(server.recordedRequests.count == 2)
    }

    @Test func persistentServerErrorGivesUpAfterMaxAttemptsWithBackOff() async throws {
        let server = try LoopbackHTTPServer(script: Array(repeating: .text("overloaded", contentType: "text/plain", status: 503), count: 4))
        defer { server.stop() }
        let clock = ContinuousClock()
        let started = clock.now
        let error = await error(with: Fixtures.configuration(server: server.url, maxAttempts: 3))

        #expect(error == .httpStatus(code: 503, bodyExcerpt: "overloaded"))
        #expect(server.recordedRequests.count == 3)
        #expect(clock.now - started >= .milliseconds(30), "waits 10 ms, then 20 ms")
    }

    @Test func slowServerTimesOutAtTheSubSecondRequestTimeout() async throws {
        // Far longer than any stall of a loaded test run (stop() cuts the delay short).
        let delay = Duration.seconds(600)
        let server = try LoopbackHTTPServer(script: [.json(Fixtures.greeting, delay: delay)])
        defer { server.stop() }
        let clock = ContinuousClock()
        let started = clock.now
        let error = await error(with: Fixtures.configuration(server: server.url, maxAttempts: 1,
                                                             requestTimeout: .milliseconds(300)))
        let elapsed = clock.now - started

        #expect(error == .timedOut(seconds: 0.3, attempts: 1))
        // Gave up at the time-out, not when the server answered: a bound that holds under load.
        #expect(elapsed >= .milliseconds(300) && elapsed < delay / 2, "\(elapsed)")
        #expect(error?.description.contains("within 0.3 s") == true)
    }

    @Test func aTimeOutOnEveryTrySaysHowManyTriesTimedOut() async throws {
        let slow = LoopbackHTTPServer.Response.json(Fixtures.greeting, delay: .seconds(600))
        let server = try LoopbackHTTPServer(script: [slow, slow])
        defer { server.stop() }
        let error = await error(with: Fixtures.configuration(server: server.url, maxAttempts: 2, requestTimeout: .milliseconds(200)))
        #expect(error == .timedOut(seconds: 0.2, attempts: 2))
        #expect(error?.description.contains("did not answer within 0.2 s on each of 2 tries") == true, "\(String(describing: error))")
    }

    @Test func cancellingAnAskEndsItPromptlyAsCancelled() async throws {
        // Far longer than any stall of a loaded test run (stop() cuts the delay short).
        let delay = Duration.seconds(600)
        let server = try LoopbackHTTPServer(script: [.json(Fixtures.greeting, delay: delay)])
        defer { server.stop() }
        let client = ChatClient(configuration: Fixtures.configuration(server: server.url, requestTimeout: .seconds(60)))
        let clock = ContinuousClock()
        let started = clock.now
        let asking = Task { () async -> ChatError? in
            do throws(ChatError) {
                _ = try await client.ask(Fixtures.query())
                return nil
            } catch {
                return error
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        asking.cancel()

        #expect(await asking.value == ChatError.cancelled)
        // Ended by the cancellation, not by the server's answer: a bound that holds under load.
        #expect(clock.now - started < delay / 2, "\(clock.now - started)")
    }

    @Test func refusedConnectionIsUnreachableAfterRetries() async throws {
        let port = try LoopbackHTTPServer.closedPort()
        let configuration = Fixtures.configuration(server: URL(string: "http://127.0.0.1:\(port)")!, maxAttempts: 2)
        let error = await error(with: configuration)

        #expect(error == .unreachable(server: "http://127.0.0.1:\(port)", reason: "connection refused"))
        #expect(error?.isTransient == true)
    }

    @Test func declaredBodyOverTheLimitIsRefused() async throws {
        let body = #"{"answers":[{"data":[],"actions":[{"type":"answer","expression":""# + String(repeating: "a", count: 5000) + #""}]}]}"#
        let server = try LoopbackHTTPServer(script: [.json(body)])
        defer { server.stop() }
        var configuration = Fixtures.configuration(server: server.url)
        configuration.maxResponseBytes = 1000
        let error = await error(with: configuration)

        #expect(error == .responseTooLarge(limit: 1000))
        #expect(server.recordedRequests.count == 1)
    }

    @Test func undeclaredBodyOverTheLimitIsCutOff() async throws {
        var response = LoopbackHTTPServer.Response.json(String(repeating: " ", count: 200_000) + Fixtures.greeting)
        response.declaresContentLength = false
        let server = try LoopbackHTTPServer(script: [response])
        defer { server.stop() }
        var configuration = Fixtures.configuration(server: server.url)
        configuration.maxResponseBytes = 10_000
        let error = await error(with: configuration)

        #expect(error == .responseTooLarge(limit: 10_000))
    }

    @Test func bodyJustWithinTheLimitIsRead() async throws {
        let server = try LoopbackHTTPServer(script: [.json(Fixtures.greeting)])
        defer { server.stop() }
        var configuration = Fixtures.configuration(server: server.url)
        configuration.maxResponseBytes = Fixtures.greeting.utf8.count
        let answer = try await ChatClient(configuration: configuration).ask(Fixtures.query())

        #expect(answer.readableText == "Hi, I'm SUSI.")
    }

    @Test(arguments: ["", "   ", "\n\t "])
    func emptyTranscriptIsRefusedWithoutARequest(text: String) async throws {
        let server = try LoopbackHTTPServer(script: [.json(Fixtures.greeting)])
        defer { server.stop() }
        let error = await error(asking: ChatQuery(text: text), with: Fixtures.configuration(server: server.url))

        #expect(error == .emptyQuery)
        #expect(server.recordedRequests.isEmpty)
    }

    @Test(arguments: ["ftp://api.susi.ai", "file:///tmp/susi", "https://", "http://api.susi.ai/?lang=en", "http://api.susi.ai/#x"])
    func serverAddressMustBeHTTPWithAHost(address: String) async throws {
        let configuration = ChatClientConfiguration(server: try #require(URL(string: address)))

        #expect(throws: ChatError.self) { try configuration.validate() }
        let error = await error(with: configuration)
        guard case .invalidServerURL = error else {
            Issue.record("expected invalidServerURL, got \(String(describing: error))")
            return
        }
    }

    @Test func accessTokenIsSentButNeverInErrorsEvenWhenTheServerEchoesIt() async throws {
        let encodedToken = "s3cr3t%2BT0ken%2Fxyz"
        let echo = "invalid token \(Fixtures.accessToken) for /susi/chat.json?access_token=\(encodedToken)"
        let lowerCaseEncodedToken = "s3cr3t%2bT0ken%2fxyz"
        let server = try LoopbackHTTPServer(script: [
            .text("no such token: \(lowerCaseEncodedToken)", contentType: "text/plain", status: 403),
            .text(echo, contentType: "text/plain", status: 401),
            .text("<html>\(echo)</html>", contentType: "text/html"),
            .json(#"{"\#(Fixtures.accessToken)": true}"#),
            // The token straddles the end of the error's 160-character excerpt.
            .text(String(repeating: "x", count: 140) + " access_token=\(encodedToken)", contentType: "text/plain", status: 401),
        ])
        var configuration = Fixtures.configuration(server: server.url)
        configuration.accessToken = Fixtures.accessToken

        var errors: [ChatError] = []
        for _ in 0..<5 {
            errors += [await error(with: configuration)].compactMap { $0 }
        }
        let port = try LoopbackHTTPServer.closedPort()
        configuration.server = URL(string: "http://127.0.0.1:\(port)")!
        errors += [await error(with: configuration)].compactMap { $0 }

        #expect(errors.count == 6)
        #expect(server.recordedRequests.map { $0.parameters["access_token"] } == Array(repeating: Fixtures.accessToken, count: 5))
        for error in errors {
            for form in [Fixtures.accessToken, encodedToken, lowerCaseEncodedToken, "s3cr3t"] {
                #expect(!error.description.contains(form), "\(error)")
                #expect(!String(reflecting: error).contains(form), "\(error)")
            }
        }
        #expect(errors.first?.description.contains("no such token: <redacted>") == true)
        #expect(errors.dropFirst().first?.description.contains("check the access token") == true)
    }

    @Test func configurationNeverShowsTheAccessToken() {
        var configuration = ChatClientConfiguration(server: URL(string: "https://user:password@api.susi.ai")!,
                                                    accessToken: Fixtures.accessToken)
        configuration.spoolDirectory = URL(fileURLWithPath: "/var/spool/susi-listen")
        var dumped = ""
        dump(configuration, to: &dumped)

        for text in [String(describing: configuration), String(reflecting: configuration), dumped, "\(configuration)"] {
            #expect(!text.contains("s3cr3t"), "\(text)")
            #expect(!text.contains("password"), "\(text)")
            #expect(text.contains("access token set") || text.contains("accessToken: \"set\""), "\(text)")
        }
        #expect(String(describing: configuration).hasPrefix("server https://api.susi.ai, language en"))
    }
}
