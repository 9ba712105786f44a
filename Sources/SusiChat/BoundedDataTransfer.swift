import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What came back from one HTTP GET.
struct HTTPExchange: Sendable {
    var status: Int
    var contentType: String?
    /// The `Retry-After` header, as sent.
    var retryAfter: String?
    var body: Data
}

/// One HTTP GET through its own URLSession whose body is collected only up to a byte limit:
/// a `Content-Length` over the limit is refused before any body arrives, and a body that grows
/// past it is cut off. At most `maximumRedirects` redirects are followed (URLSession alone
/// follows a loop for dozens of requests). The session belongs to the transfer and is
/// invalidated when it ends.
final class BoundedDataTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Thrown when the body would exceed the limit.
    struct TooLarge: Error {}
    /// Thrown when the server redirects more than `maximumRedirects` times.
    struct TooManyRedirects: Error {}

    /// The most redirects followed for one request.
    static let maximumRedirects = 5

    private let maxBytes: Int
    // Guarded by `lock`: the delegate runs on the session's queue, `cancel` on any thread.
    private let lock = NSLock()
    private var body = Data()
    private var response: HTTPURLResponse?
    private var exceededLimit = false
    private var redirects = 0
    private var cancelled = false
    private var continuation: CheckedContinuation<HTTPExchange, any Error>?

    private init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// Gets `url`, asking for JSON, and waits for the whole answer; throws `URLError`,
    /// `TooLarge` or `CancellationError`.
    static func get(_ url: URL, backstopTimeout: TimeInterval, maxBytes: Int) async throws -> HTTPExchange {
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.timeoutInterval = backstopTimeout
        let transfer = BoundedDataTransfer(maxBytes: maxBytes)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if transfer.start(continuation) { task.resume() }
            }
        } onCancel: {
            transfer.lock.withLock { transfer.cancelled = true }
            task.cancel()
        }
    }

    /// Stores the continuation; false (and the continuation resumed) if already cancelled.
    private func start(_ continuation: CheckedContinuation<HTTPExchange, any Error>) -> Bool {
        lock.withLock {
            if cancelled {
                continuation.resume(throwing: CancellationError())
                return false
            }
            self.continuation = continuation
            return true
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let tooLarge = response.expectedContentLength > Int64(maxBytes)
        lock.withLock {
            self.response = response as? HTTPURLResponse
            exceededLimit = exceededLimit || tooLarge
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let follow = lock.withLock {
            redirects += 1
            return redirects <= Self.maximumRedirects
        }
        // Not following makes the redirect itself the response; its completion reports the limit.
        completionHandler(follow ? request : nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = lock.withLock {
            if body.count + data.count > maxBytes {
                exceededLimit = true
            } else {
                body.append(data)
            }
            return exceededLimit
        }
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, result) = lock.withLock { () -> (CheckedContinuation<HTTPExchange, any Error>?, Result<HTTPExchange, any Error>) in
            let waiting = self.continuation
            self.continuation = nil
            if exceededLimit { return (waiting, .failure(TooLarge())) }
            if redirects > Self.maximumRedirects { return (waiting, .failure(TooManyRedirects())) }
            if cancelled { return (waiting, .failure(CancellationError())) }
            if let error { return (waiting, .failure(error)) }
            guard let response else { return (waiting, .failure(URLError(.badServerResponse))) }
            return (waiting, .success(HTTPExchange(status: response.statusCode,
                                                   contentType: response.value(forHTTPHeaderField: "Content-Type"),
                                                   retryAfter: response.value(forHTTPHeaderField: "Retry-After"),
                                                   body: body)))
        }
        continuation?.resume(with: result)
    }
}
