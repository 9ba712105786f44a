import TextFormatting

extension Configuration {
    /// The largest access token file read: a token is a few dozen characters.
    static let maximumAccessTokenFileBytes = 4096

    /// Reads the access token from `accessTokenFile`, when one is set and commands go to SUSI,
    /// into `chat.accessToken`:
    /// at start and on every reload, so that a token replaced in the file is sent from the next
    /// query on. The file holds the token alone (white space around it is left out): a
    /// systemd credential (`LoadCredential=`), or a file only susi-listen's user may read while
    /// the configuration file stays readable by all.
    /// - Returns: a warning when every user may read the file.
    /// - Throws: `ConfigurationError` naming the file when it cannot be read, is empty or holds
    ///   more than one word (the token is never quoted).
    package mutating func readAccessTokenFile() throws(ConfigurationError) -> String? {
        guard let path = accessTokenFile, forwardsCommands else { return nil }
        func fail(_ message: String) -> ConfigurationError {
            ConfigurationError(path: path, line: nil, message: "\(message) (\(Setting.accessTokenFile.key))")
        }
        let text: String
        do {
            text = try ConfigurationFile.text(at: path, what: "file holding an access token", maximumBytes: Self.maximumAccessTokenFileBytes)
        } catch {
            throw fail(error.message)
        }
        let token = text.trimmingWhitespace()
        guard !token.isEmpty else { throw fail("is empty: it should hold the SUSI access token") }
        guard !token.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) else {
            throw fail("holds more than one word or line: it should hold the SUSI access token alone")
        }
        chat.accessToken = token
        return ConfigurationFile.modeReadableByAll(path).map { mode in
            "\(path): the access token is in a file every user can read (mode \(mode)): chmod o-r \(path)"
        }
    }
}
