import HTTPTestSupport
import Foundation
import Testing
import SusiChat

/// `ChatDelivery` with a real spool directory and a loopback server that goes down and comes back.
@Suite struct ChatDeliveryTests {
    private func delivery(server: URL, spoolDirectory: URL?, maxAttempts: Int = 2) throws -> ChatDelivery {
        try ChatDelivery(configuration: Fixtures.configuration(server: server, maxAttempts: maxAttempts,
                                                               spoolDirectory: spoolDirectory))
    }

    @Test func spoolsWhileTheServerIsDownAndSendsOnceWhenItIsBack() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let port = try LoopbackHTTPServer.closedPort()
        let address = URL(string: "http://127.0.0.1:\(port)")!
        let query = Fixtures.query("turn on the lights")

        let outcome = try await delivery(server: address, spoolDirectory: directory).deliver(query)
        #expect(outcome == .spooled(query, reason: .unreachable(server: address.absoluteString, reason: "connection refused"),
                                    dropped: []))
        #expect(try Fixtures.spoolFiles(in: directory) == ["query-\(query.id.uuidString.lowercased()).json"])

        // The server comes back at the same address; a new process opens the same spool.
        let server = try LoopbackHTTPServer(port: port, script: [.json(Fixtures.greeting), .json(Fixtures.greeting)])
        defer { server.stop() }
        let restarted = try delivery(server: address, spoolDirectory: directory)
        let flushed = await restarted.flushSpool()
        let again = await restarted.flushSpool()

        #expect(flushed.map(\.query) == [query])
        #expect(flushed.map(\.outcome) == [.answered(ChatAnswer(query: "hello", actions: [.answer(expression: "Hi, I'm SUSI.")]))])
        #expect(flushed.first?.spoolError == nil)
        #expect(again.isEmpty)
        #expect(server.recordedRequests.map { $0.parameters["q"] } == ["turn on the lights"])
        #expect(await restarted.spool?.pending() == [])
        #expect(try Fixtures.spoolFiles(in: directory).isEmpty)
    }

    @Test func answersDirectlyWhenTheServerIsUp() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let server = try LoopbackHTTPServer(script: [.json(Fixtures.greeting)])
        defer { server.stop() }

        let outcome = try await delivery(server: server.url, spoolDirectory: directory).deliver(Fixtures.query())

        guard case .answered(let answer) = outcome else {
            Issue.record("expected an answer, got \(outcome)")
            return
        }
        #expect(answer.readableText == "Hi, I'm SUSI.")
        #expect(try Fixtures.spoolFiles(in: directory).isEmpty)
    }

    @Test func refusalsOfTheQueryItselfAreNotSpooled() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let server = try LoopbackHTTPServer(script: [.json("{}", status: 400), .json("{\"error\":\"no answers\"}")])
        defer { server.stop() }
        let delivery = try delivery(server: server.url, spoolDirectory: directory)

        #expect(await delivery.deliver(Fixtures.query()) == .failed(.httpStatus(code: 400, bodyExcerpt: "{}")))
        #expect(await delivery.deliver(Fixtures.query()) == .failed(.unexpectedShape(reason: "no \"answers\" list")))
        #expect(await delivery.deliver(ChatQuery(text: " ")) == .failed(.emptyQuery))
        #expect(try Fixtures.spoolFiles(in: directory).isEmpty)
    }

    /// A captive portal's login page, an expired token, a proxy's 404: the query was not
    /// answered, so it stays, and a flush stops there rather than deleting the spool's queries
    /// one after another.
    @Test func repliesThatAreNotTheSusiServersKeepTheQuerySpooled() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let portal = LoopbackHTTPServer.Response.text("<html>Log in to the hotel network</html>", contentType: "text/html")
        let server = try LoopbackHTTPServer(script: [portal, .json("{}", status: 401), .json("{}", status: 404), portal])
        defer { server.stop() }
        let delivery = try delivery(server: server.url, spoolDirectory: directory, maxAttempts: 1)
        let first = Fixtures.query("first", askedAt: Fixtures.winterDay)
        let second = Fixtures.query("second", askedAt: Fixtures.winterDay.addingTimeInterval(60))
        let third = Fixtures.query("third", askedAt: Fixtures.winterDay.addingTimeInterval(120))

        let pageNotJSON = ChatError.notJSON(contentType: "text/html", excerpt: "<html>Log in to the hotel network</html>")
        #expect(await delivery.deliver(first) == .spooled(first, reason: pageNotJSON, dropped: []))
        #expect(await delivery.deliver(second) == .spooled(second, reason: .httpStatus(code: 401, bodyExcerpt: "{}"), dropped: []))
        #expect(await delivery.deliver(third) == .spooled(third, reason: .httpStatus(code: 404, bodyExcerpt: "{}"), dropped: []))

        let flushed = await delivery.flushSpool()
        #expect(flushed.map(\.outcome) == [.spooled(first, reason: pageNotJSON, dropped: [])])
        #expect(server.recordedRequests.count == 4)
        #expect(await delivery.spool?.pending() == [first, second, third])
    }

    /// Once the server has answered as SUSI, a reply to a kept query that is not SUSI's (a
    /// proxy's 403 for what the query says) is about that query: it leaves, and the ones behind
    /// it are sent; a transient failure still stops the flush.
    @Test func afterAnAnswerAKeptQueryRefusedByAProxyLeavesAndTheRestAreSent() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let queries = (0..<3).map { Fixtures.query("query \($0)", askedAt: Fixtures.winterDay.addingTimeInterval(Double($0) * 60)) }
        let spool = try QuerySpool(directory: directory)
        for query in queries { try await spool.add(query) }
        let blocked = LoopbackHTTPServer.Response.text("<html>Request blocked</html>", contentType: "text/html", status: 403)
        let server = try LoopbackHTTPServer(script: [blocked, .json(Fixtures.greeting), .json("{}", status: 503)])
        defer { server.stop() }

        let flushed = await (try delivery(server: server.url, spoolDirectory: directory, maxAttempts: 1)).flushSpool(afterAnAnswer: true)
        #expect(flushed.map(\.query) == queries)
        #expect(flushed.last?.outcome == .spooled(queries[2], reason: .httpStatus(code: 503, bodyExcerpt: "{}"), dropped: []))
        #expect(try await QuerySpool(directory: directory).pending() == [queries[2]])
    }

    @Test func withoutASpoolAnUnavailableServerIsAFailure() async throws {
        let server = try LoopbackHTTPServer(script: [.json("{}", status: 502)])
        defer { server.stop() }
        let outcome = try await delivery(server: server.url, spoolDirectory: nil, maxAttempts: 1).deliver(Fixtures.query())

        #expect(outcome == .failed(.httpStatus(code: 502, bodyExcerpt: "{}")))
    }

    @Test func savesTheQueryBeforeItsFirstTryAndRemovesItOnceAnswered() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let server = try LoopbackHTTPServer(script: [.json(Fixtures.greeting, delay: .milliseconds(500))])
        defer { server.stop() }
        let delivery = try delivery(server: server.url, spoolDirectory: directory)
        let query = Fixtures.query("turn on the lights")

        async let outcome = delivery.deliver(query)
        while server.recordedRequests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        // While the server is thinking, a crash would find the query in the spool.
        #expect(try Fixtures.spoolFiles(in: directory) == ["query-\(query.id.uuidString.lowercased()).json"])
        // A flush meanwhile does not send it a second time.
        #expect(await delivery.flushSpool().isEmpty)

        guard case .answered = await outcome else { Issue.record("not answered"); return }
        #expect(try Fixtures.spoolFiles(in: directory).isEmpty)
        #expect(server.recordedRequests.count == 1)
    }

    @Test func fullSpoolDropsTheOldestQueryAndSaysSo() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let port = try LoopbackHTTPServer.closedPort()
        var configuration = Fixtures.configuration(server: URL(string: "http://127.0.0.1:\(port)")!, maxAttempts: 1,
                                                   spoolDirectory: directory)
        configuration.spoolLimit = 1
        let delivery = try ChatDelivery(configuration: configuration)
        let older = Fixtures.query("first", askedAt: Fixtures.winterDay)
        let newer = Fixtures.query("second", askedAt: Fixtures.winterDay.addingTimeInterval(60))

        _ = await delivery.deliver(older)
        let outcome = await delivery.deliver(newer)

        guard case .spooled(let spooled, _, let dropped) = outcome else {
            Issue.record("expected the query to be spooled, got \(outcome)")
            return
        }
        #expect(spooled == newer)
        #expect(dropped == [older])
        #expect(await delivery.spool?.pending() == [newer])
    }

    @Test func flushStopsAtATransientFailureAndKeepsTheRestInOrder() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let first = Fixtures.query("first", askedAt: Fixtures.winterDay)
        let second = Fixtures.query("second", askedAt: Fixtures.winterDay.addingTimeInterval(60))
        let spool = try QuerySpool(directory: directory)
        try await spool.add(second)
        try await spool.add(first)
        let server = try LoopbackHTTPServer(script: [.json("{}", status: 503), .json(Fixtures.greeting)])
        defer { server.stop() }

        let flushed = try await delivery(server: server.url, spoolDirectory: directory, maxAttempts: 1).flushSpool()

        #expect(flushed.map(\.query) == [first])
        #expect(flushed.map(\.outcome) == [.spooled(first, reason: .httpStatus(code: 503, bodyExcerpt: "{}"), dropped: [])])
        #expect(server.recordedRequests.count == 1)
        #expect(try await QuerySpool(directory: directory).pending() == [first, second])
    }

    @Test func flushRemovesAQueryTheServerRefusedAndGoesOn() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let first = Fixtures.query("first", askedAt: Fixtures.winterDay)
        let second = Fixtures.query("second", askedAt: Fixtures.winterDay.addingTimeInterval(60))
        let spool = try QuerySpool(directory: directory)
        try await spool.add(first)
        try await spool.add(second)
        let server = try LoopbackHTTPServer(script: [.json("{}", status: 400), .json(Fixtures.greeting)])
        defer { server.stop() }

        let flushed = try await delivery(server: server.url, spoolDirectory: directory).flushSpool()

        #expect(flushed.map(\.query) == [first, second])
        #expect(flushed.first?.outcome == .failed(.httpStatus(code: 400, bodyExcerpt: "{}")))
        #expect(server.recordedRequests.map { $0.parameters["q"] } == ["first", "second"])
        #expect(try Fixtures.spoolFiles(in: directory).isEmpty)
    }

    @Test func overlappingFlushesSendEachQueryOnce() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.removeDirectory(directory) }
        let query = Fixtures.query()
        try await QuerySpool(directory: directory).add(query)
        let server = try LoopbackHTTPServer(script: [.json(Fixtures.greeting, delay: .milliseconds(200)), .json(Fixtures.greeting)])
        defer { server.stop() }
        let delivery = try delivery(server: server.url, spoolDirectory: directory)

        async let first = delivery.flushSpool()
        async let second = delivery.flushSpool()
        let results = await [first, second]

        #expect(results.map(\.count).sorted() == [0, 1])
        #expect(server.recordedRequests.count == 1)
        #expect(await delivery.spool?.pending() == [])
    }
}
