import FoundationEssentials

/// Everything a `ChatClient` (and a `ChatDelivery`) needs: where to ask, what to tell the server
/// about the device, and how patient to be. The access token never appears in `description`,
/// `debugDescription` or a mirror (`dump`).
package struct ChatClientConfiguration: Sendable, Equatable {
    /// The SUSI server; queries go to `{server}/susi/chat.json`.
    package var server: URL
    /// ISO 639-1 language of the queries, e.g. "en".
    package var language: String
    /// Its offset at the time of each query is sent as `timezoneOffset`.
    package var timeZone: LocalTimeZone
    /// Sent only when both are set.
    package var latitude: Double?
    package var longitude: Double?
    /// ISO 3166 code and name; each is sent only when set.
    package var countryCode: String?
    package var countryName: String?
    /// Tells the server what kind of client asks.
    package var deviceType: String
    /// A SUSI account's token; sent as `access_token` only when set, never printed.
    package var accessToken: String?
    /// Longest wait for one attempt's complete answer, from connecting to the last byte.
    package var requestTimeout: Duration
    /// Attempts per query (at least 1); only what `ChatError.isTransient` names is retried.
    package var maxAttempts: Int
    /// Wait before the second attempt; it doubles before each further one.
    package var retryBaseDelay: Duration
    /// Larger answers are refused (`ChatError.responseTooLarge`) without reading them whole.
    package var maxResponseBytes: Int
    /// Where `ChatDelivery` keeps queries the server could not take; nil keeps none.
    package var spoolDirectory: URL?
    /// Most queries kept in the spool; the oldest are dropped beyond it.
    package var spoolLimit: Int

    /// The public SUSI.AI server.
    package static let defaultServer = URL(string: "https://api.susi.ai")!

    package init(server: URL = Self.defaultServer,
                language: String = "en",
                timeZone: LocalTimeZone = .system,
                latitude: Double? = nil,
                longitude: Double? = nil,
                countryCode: String? = nil,
                countryName: String? = nil,
                deviceType: String = "susi-listen",
                accessToken: String? = nil,
                requestTimeout: Duration = .seconds(15),
                maxAttempts: Int = 3,
                retryBaseDelay: Duration = .milliseconds(500),
                maxResponseBytes: Int = 1 << 20,
                spoolDirectory: URL? = nil,
                spoolLimit: Int = 100) {
        self.server = server
        self.language = language
        self.timeZone = timeZone
        self.latitude = latitude
        self.longitude = longitude
        self.countryCode = countryCode
        self.countryName = countryName
        self.deviceType = deviceType
        self.accessToken = accessToken
        self.requestTimeout = requestTimeout
        self.maxAttempts = maxAttempts
        self.retryBaseDelay = retryBaseDelay
        self.maxResponseBytes = maxResponseBytes
        self.spoolDirectory = spoolDirectory
        self.spoolLimit = spoolLimit
    }

    /// Checks the server address before anything is sent.
    package func validate() throws(ChatError) {
        guard Self.isUsableServer(server) else { throw .invalidServerURL(serverForDisplay) }
    }

    /// True for an http or https URL with a host and without a query or fragment (the query
    /// is the client's own): what `validate()` and the settings accept.
    package static func isUsableServer(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil else { return false }
        return true
    }

    /// The server address without any user, password, query or fragment it may carry.
    var serverForDisplay: String {
        guard var components = URLComponents(url: server, resolvingAgainstBaseURL: false) else {
            return server.absoluteString
        }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? server.absoluteString
    }
}

extension ChatClientConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String {
        var parts = ["server \(serverForDisplay)", "language \(language)", "time zone \(timeZone.name)",
                     "device type \(deviceType)"]
        if let latitude, let longitude { parts.append("location \(latitude), \(longitude)") }
        if countryCode != nil || countryName != nil {
            parts.append("country " + [countryCode, countryName.map { "(\($0))" }].compactMap { $0 }.joined(separator: " "))
        }
        parts.append("access token \(accessToken == nil ? "none" : "set")")
        parts.append("request timeout \(requestTimeout.timeInterval) s")
        parts.append("\(maxAttempts) attempts, first retry after \(retryBaseDelay.timeInterval) s")
        parts.append("answers up to \(maxResponseBytes) bytes")
        parts.append(spoolDirectory.map { "spool \($0.path) (up to \(spoolLimit) queries)" } ?? "no spool")
        return parts.joined(separator: ", ")
    }

    package var debugDescription: String { description }

    /// Like the default mirror, but the token shows only whether it is set.
    package var customMirror: Mirror {
        Mirror(self, children: [
            "server": serverForDisplay, "language": language, "timeZone": timeZone.name,
            "latitude": latitude as Any, "longitude": longitude as Any,
            "countryCode": countryCode as Any, "countryName": countryName as Any,
            "deviceType": deviceType, "accessToken": accessToken == nil ? "none" : "set",
            "requestTimeout": "\(requestTimeout)", "maxAttempts": maxAttempts, "retryBaseDelay": "\(retryBaseDelay)",
            "maxResponseBytes": maxResponseBytes, "spoolDirectory": spoolDirectory?.path as Any, "spoolLimit": spoolLimit,
        ], displayStyle: .struct)
    }
}
