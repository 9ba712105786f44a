import FoundationEssentials
import TextFormatting

/// The `GET {server}/susi/chat.json?...` request for one query.
struct ChatRequest {
    /// Carries the access token when one is configured: never print it.
    let url: URL

    init(query: ChatQuery, configuration: ChatClientConfiguration) throws(ChatError) {
        try configuration.validate()
        let parameters = Self.parameters(query: query, configuration: configuration)
        guard var components = URLComponents(url: configuration.server, resolvingAgainstBaseURL: false) else {
            throw .invalidServerURL(configuration.serverForDisplay)
        }
        var basePath = Substring(components.percentEncodedPath)
        while basePath.hasSuffix("/") { basePath = basePath.dropLast() }
        components.percentEncodedPath = basePath + "/susi/chat.json"
        // Encoded by hand: URLComponents leaves "+" and "&"-safe characters alone, and SUSI's
        // Java server decodes "+" as a space ("1+1" would arrive as "1 1").
        components.percentEncodedQuery = parameters
            .map { Self.percentEncoded($0.name) + "=" + Self.percentEncoded($0.value) }
            .joined(separator: "&")
        components.fragment = nil
        guard let url = components.url else { throw .invalidServerURL(configuration.serverForDisplay) }
        self.url = url
    }

    /// The query parameters in the order they are sent; optional ones only when configured.
    static func parameters(query: ChatQuery, configuration: ChatClientConfiguration) -> [(name: String, value: String)] {
        var parameters: [(name: String, value: String)] = [
            ("q", query.text.trimmingWhitespace()),
            ("timezoneOffset", String(timezoneOffset(of: configuration.timeZone, at: query.askedAt))),
            ("language", configuration.language),
            ("device_type", configuration.deviceType),
        ]
        if let latitude = configuration.latitude, let longitude = configuration.longitude {
            parameters.append(("latitude", String(latitude)))
            parameters.append(("longitude", String(longitude)))
        }
        if let countryCode = configuration.countryCode { parameters.append(("country_code", countryCode)) }
        if let countryName = configuration.countryName { parameters.append(("country_name", countryName)) }
        if let accessToken = configuration.accessToken { parameters.append(("access_token", accessToken)) }
        return parameters
    }

    /// Minutes to add to local time to get UTC, as JavaScript's `Date.getTimezoneOffset()`
    /// gives them (UTC+1 is -60), which is what SUSI expects.
    static func timezoneOffset(of timeZone: LocalTimeZone, at date: Date) -> Int {
        -timeZone.secondsFromUTC(at: date) / 60
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters, with upper-case
    /// hexadecimal digits as sent (`lowerCaseDigits`: as some servers echo it back).
    static func percentEncoded(_ text: String, lowerCaseDigits: Bool = false) -> String {
        let escape = lowerCaseDigits ? "%%%02x" : "%%%02X"
        var encoded = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += String(printf: escape, byte)
            }
        }
        return encoded
    }

    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
}
