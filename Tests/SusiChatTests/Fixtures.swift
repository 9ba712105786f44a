import Foundation
import SusiChat

/// Shared inputs of the SusiChat tests.
enum Fixtures {
    /// 15 January 2024, 10:00 UTC: standard time in the northern hemisphere.
    static let winterDay = Date(timeIntervalSince1970: 1_705_312_800)
    /// 15 July 2024, 10:00 UTC: daylight saving time in the northern hemisphere.
    static let summerDay = Date(timeIntervalSince1970: 1_721_037_600)

    static let accessToken = "s3cr3t+T0ken/xyz"

    /// A configuration for a loopback server: quick timeouts and back-off, a fixed time zone (UTC+1).
    static func configuration(server: URL, maxAttempts: Int = 3,
                              requestTimeout: Duration = .seconds(5),
                              spoolDirectory: URL? = nil) -> ChatClientConfiguration {
        ChatClientConfiguration(server: server, timeZone: LocalTimeZone(name: "UTC+1", fixedSecondsFromUTC: 3_600),
                                requestTimeout: requestTimeout, maxAttempts: maxAttempts,
                                retryBaseDelay: .milliseconds(10), spoolDirectory: spoolDirectory)
    }

    static func query(_ text: String = "what is the weather", askedAt: Date = winterDay) -> ChatQuery {
        ChatQuery(text: text, askedAt: askedAt)
    }

    /// A fresh empty directory, removed by `removeDirectory`.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("SusiChatTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func removeDirectory(_ directory: URL) {
        try? FileManager.default.removeItem(at: directory)
    }

    /// `text` compressed by the system's `gzip`, as a server that compresses its answers sends it.
    static func gzipped(_ text: String) throws -> Data {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-c"]
        let input = Pipe(), output = Pipe()
        gzip.standardInput = input
        gzip.standardOutput = output
        try gzip.run()
        try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try input.fileHandleForWriting.close()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        return compressed
    }

    /// Names of the spooled-query files in a directory.
    static func spoolFiles(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// A small real-shaped SUSI answer.
    static let greeting = """
        {"query":"hello","answers":[{"data":[],"metadata":{"count":0},"actions":[{"type":"answer","expression":"Hi, I'm SUSI."}]}],"session":{"identity":{"type":"host","name":"127.0.0.1","anonymous":true}}}
        """

    /// A real-shaped SUSI answer using most action types. Its table columns are listed
    /// population first, so keeping the server's order is visible; numbers come both as
    /// numbers and as strings, as different SUSI skills send them.
    static let manyActions = """
        {
          "query": "show me the news",
          "count": 1,
          "client_id": "aG9zdF8xMjcuMC4wLjE=",
          "query_date": "2024-01-15T10:00:00.000Z",
          "answers": [{
            "data": [
              {"title": "Berlin wins", "description": "A long story", "link": "https://news.example/1", "city": "Berlin", "population": 3645000},
              {"title": "Hamburg \\"rains\\"", "description": "Wet", "link": "https://news.example/2", "city": "Hamburg", "population": "1841000"},
              {"title": "Third story", "description": "x", "link": "https://news.example/3", "city": "Munich", "population": 1472000}
            ],
            "metadata": {"count": 3, "offset": 0, "hits": 3},
            "actions": [
              {"type": "answer", "expression": "Here is what I found."},
              {"type": "table", "columns": {"population": "Population", "city": "City"}, "count": 2},
              {"type": "rss", "title": "title", "description": "description", "link": "link", "count": -1},
              {"type": "websearch", "query": "berlin news", "count": 3},
              {"type": "map", "latitude": "52.52", "longitude": 13.405, "zoom": "13"},
              {"type": "anchor", "link": "https://susi.ai", "text": "SUSI.AI"},
              {"type": "audio_play", "identifier_type": "youtube", "identifier": "dQw4w9WgXcQ"},
              {"type": "timer_set", "hour": "0", "minute": 5, "second": 0},
              {"type": "stop"},
              {"type": "audio_volume", "volume": 40, "meta": {"unit": "percent"}}
            ],
            "skills": ["/en_0090_fail.json"],
            "persona": {}
          }],
          "answer_date": "2024-01-15T10:00:00.123Z",
          "answer_time": 123,
          "language": "en",
          "session": {"identity": {"type": "host", "name": "127.0.0.1_356", "anonymous": true}}
        }
        """
}
