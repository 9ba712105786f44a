import CCurl
import FoundationEssentials
import SharedLibraries
import TextFormatting
import Threading

/// What came back from one HTTP GET.
struct HTTPExchange: Sendable {
    var status: Int
    var contentType: String?
    /// The `Retry-After` header, as sent.
    var retryAfter: String?
    var body: Data
}

/// One HTTP GET through libcurl's multi interface, on a thread of its own that sleeps in
/// `curl_multi_poll` until a socket is ready, a libcurl timer is due or it is woken to cancel:
/// waiting on a server costs no CPU (FoundationNetworking's URLSession spins while it waits on
/// Linux: 24 s of CPU in 48 s on a server that never answered).
///
/// The body is collected only up to a byte limit: a `Content-Length` over the limit is refused
/// before any body arrives, and a body that grows past it is cut off. At most
/// `maximumRedirects` redirects are followed, to http or https only. Owns its easy and multi
/// handles and frees them in `deinit`.
final class CurlTransfer: @unchecked Sendable {
    /// Thrown when the body would exceed the limit.
    struct TooLarge: Error {}
    /// Thrown when the server redirects more than `maximumRedirects` times.
    struct TooManyRedirects: Error {}
    /// libcurl ended the transfer with `code`; `message` is its explanation.
    struct Failure: Error {
        let code: CURLcode
        let message: String
    }

    /// The most redirects followed for one request.
    static let maximumRedirects = 5

    /// libcurl's functions: the library is opened, and set up for the process, on the first
    /// request.
    private static let library = Result { () throws(SharedLibraryError) -> ccurl_functions in
        let curl = try SharedLibrary.load("libcurl.so.4", debianPackage: "libcurl4", resolve: ccurl_resolve)
        _ = curl.curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        return curl
    }

    private let curl: ccurl_functions
    private let easy: UnsafeMutableRawPointer
    private let multi: UnsafeMutableRawPointer
    private let requestHeaders: UnsafeMutablePointer<curl_slist>?
    private let maxBytes: Int
    // Guarded by `lock`: written by the transfer's thread, `cancel` comes from any thread.
    private let lock = Lock()
    private var cancelled = false
    // Touched only by the transfer's thread (libcurl calls back on it).
    private var body = Data()
    private var exceededLimit = false
    /// The headers of the latest response (a redirect's are replaced by the next response's).
    private var responseHeaders: [(name: String, value: String)] = []

    /// Throws `SharedLibraryError` when libcurl cannot be opened, `Failure` when it refuses the
    /// transfer.
    private init(url: URL, backstopTimeout: Duration, maxBytes: Int) throws {
        let curl = try Self.library.get()
        let failedSetUp = Failure(code: CURLE_FAILED_INIT, message: "libcurl could not set up a transfer")
        guard let easy = curl.curl_easy_init() else { throw failedSetUp }
        // Until both handles are stored, `deinit` does not run: the easy handle is freed here.
        guard let multi = curl.curl_multi_init() else {
            curl.curl_easy_cleanup(easy)
            throw failedSetUp
        }
        self.curl = curl
        self.easy = easy
        self.multi = multi
        self.maxBytes = maxBytes
        requestHeaders = curl.curl_slist_append(nil, "Accept: application/json")
        let this = Unmanaged.passUnretained(self).toOpaque()
        let timeout = backstopTimeout.components
        let settings: [CURLcode] = [
            ccurl_setopt_string(curl, easy, CURLOPT_URL, url.absoluteString),
            ccurl_setopt_string(curl, easy, CURLOPT_PROTOCOLS_STR, "http,https"),
            ccurl_setopt_string(curl, easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            ccurl_setopt_long(curl, easy, CURLOPT_FOLLOWLOCATION, 1),
            ccurl_setopt_long(curl, easy, CURLOPT_MAXREDIRS, Self.maximumRedirects),
            ccurl_setopt_long(curl, easy, CURLOPT_TIMEOUT_MS, Int(timeout.seconds) * 1000 + Int(timeout.attoseconds / 1_000_000_000_000_000)),
            ccurl_setopt_off_t(curl, easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBytes)),
            // Threads, not signals, for name resolution time-outs.
            ccurl_setopt_long(curl, easy, CURLOPT_NOSIGNAL, 1),
            ccurl_setopt_string(curl, easy, CURLOPT_USERAGENT, "susi-listen"),
            // Every encoding libcurl decodes (gzip, deflate, …) is offered and decoded: some
            // servers and proxies compress whether asked or not.
            ccurl_setopt_string(curl, easy, CURLOPT_ACCEPT_ENCODING, ""),
            ccurl_setopt_slist(curl, easy, CURLOPT_HTTPHEADER, requestHeaders),
            ccurl_setopt_write_function(curl, easy, CURLOPT_WRITEFUNCTION) { data, size, count, transfer in
                guard let data, let transfer else { return 0 }
                let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
                return Unmanaged<CurlTransfer>.fromOpaque(transfer).takeUnretainedValue().receiveBody(bytes) ? size * count : 0
            },
            ccurl_setopt_pointer(curl, easy, CURLOPT_WRITEDATA, this),
            ccurl_setopt_write_function(curl, easy, CURLOPT_HEADERFUNCTION) { data, size, count, transfer in
                guard let data, let transfer else { return 0 }
                let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
                Unmanaged<CurlTransfer>.fromOpaque(transfer).takeUnretainedValue().receiveHeader(line)
                return size * count
            },
            ccurl_setopt_pointer(curl, easy, CURLOPT_HEADERDATA, this),
        ]
        if let refused = settings.first(where: { $0 != CURLE_OK }) {
            throw Failure(code: refused, message: Self.text(curl.curl_easy_strerror(refused)))
        }
    }

    deinit {
        _ = curl.curl_multi_cleanup(multi)
        curl.curl_easy_cleanup(easy)
        curl.curl_slist_free_all(requestHeaders)
    }

    /// Gets `url`, asking for JSON, and waits for the whole answer; throws `Failure`,
    /// `TooLarge`, `TooManyRedirects` or `CancellationError`.
    static func get(_ url: URL, backstopTimeout: Duration, maxBytes: Int) async throws -> HTTPExchange {
        let transfer = try CurlTransfer(url: url, backstopTimeout: backstopTimeout, maxBytes: maxBytes)
        return try await withTaskCancellationHandler {
            try await DedicatedThread.run(named: "susi-listen http") { transfer.perform() }.get()
        } onCancel: {
            transfer.cancel()
        }
    }

    /// Ends the transfer as soon as its thread wakes, which this makes it do at once.
    private func cancel() {
        lock.withLock { cancelled = true }
        _ = curl.curl_multi_wakeup(multi)
    }

    private var isCancelled: Bool { lock.withLock { cancelled } }

    /// Runs the transfer to its end on the calling thread.
    private func perform() -> Result<HTTPExchange, any Error> {
        _ = curl.curl_multi_add_handle(multi, easy)
        defer { _ = curl.curl_multi_remove_handle(multi, easy) }
        var running: Int32 = 1
        while running > 0 {
            if isCancelled { return .failure(CancellationError()) }
            let performed = curl.curl_multi_perform(multi, &running)
            guard performed == CURLM_OK else {
                return .failure(Failure(code: CURLE_FAILED_INIT, message: Self.text(curl.curl_multi_strerror(performed))))
            }
            // Sleeps until a socket is ready, libcurl's next timer or `cancel`; the second is a bound only.
            if running > 0 { _ = curl.curl_multi_poll(multi, nil, 0, 1000, nil) }
        }
        if isCancelled { return .failure(CancellationError()) }
        var queued: Int32 = 0
        guard let message = curl.curl_multi_info_read(multi, &queued), message.pointee.msg == CURLMSG_DONE else {
            return .failure(Failure(code: CURLE_FAILED_INIT, message: "libcurl ended the transfer without a result"))
        }
        let code = message.pointee.data.result
        if exceededLimit || code == CURLE_FILESIZE_EXCEEDED { return .failure(TooLarge()) }
        if code == CURLE_TOO_MANY_REDIRECTS { return .failure(TooManyRedirects()) }
        guard code == CURLE_OK else { return .failure(Failure(code: code, message: Self.text(curl.curl_easy_strerror(code)))) }
        var status = 0
        ccurl_getinfo_long(curl, easy, CURLINFO_RESPONSE_CODE, &status)
        var contentType: UnsafeMutablePointer<CChar>?
        ccurl_getinfo_string(curl, easy, CURLINFO_CONTENT_TYPE, &contentType)
        return .success(HTTPExchange(status: status, contentType: contentType.map { String(cString: $0) },
                                     retryAfter: header("Retry-After"), body: body))
    }

    /// One of libcurl's explanations of an error code.
    private static func text(_ explanation: UnsafePointer<CChar>?) -> String {
        explanation.map { String(cString: $0) } ?? "unexplained libcurl error"
    }

    /// Keeps a piece of the body; false (which makes libcurl stop) once it would exceed the limit.
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= maxBytes else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Keeps one header line; a status line starts a new response (after a redirect).
    private func receiveHeader(_ line: String) {
        if line.hasPrefix("HTTP/") {
            responseHeaders = []
        } else if let colon = line.firstIndex(of: ":") {
            responseHeaders.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingWhitespace()))
        }
    }

    /// The value of the latest response's header `name`, whatever its case.
    private func header(_ name: String) -> String? {
        responseHeaders.last { $0.name.lowercased() == name.lowercased() }?.value
    }
}
