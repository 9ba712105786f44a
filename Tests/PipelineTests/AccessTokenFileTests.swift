import AudioTestSupport
import Foundation
import Testing
@testable import Pipeline

/// `chat.access_token_file`: the token read from a file of its own, so that the configuration
/// file can stay readable by all (a systemd `DynamicUser` must read it).
@Suite struct AccessTokenFileTests {
    /// A configuration that reads its token from `path`.
    private func configuration(readingTokenFrom path: String) throws -> Configuration {
        var configuration = Configuration()
        let entries = try ConfigurationFile.parse("[chat]\naccess_token_file = \"\(path)\"\n", path: "c.toml")
        #expect(try configuration.apply(entries, from: "c.toml").isEmpty)
        return configuration
    }

    @Test func readsTheTokenWithoutTheWhiteSpaceAroundIt() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("access_token")
        try "  SECRETTOKEN123\n\n".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        var configuration = try configuration(readingTokenFrom: path)
        #expect(configuration.chat.accessToken == nil)
        #expect(try configuration.readAccessTokenFile() == nil)
        #expect(configuration.chat.accessToken == "SECRETTOKEN123")
    }

    @Test func warnsWhenEveryUserCanReadTheFile() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("access_token")
        try "SECRETTOKEN123\n".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        var configuration = try configuration(readingTokenFrom: path)
        #expect(try configuration.readAccessTokenFile() == "\(path): the access token is in a file every user can read (mode 644): chmod o-r \(path)")
    }

    /// Each problem names the file and the key, and never quotes what the file holds.
    @Test(arguments: [
        ("", "is empty: it should hold the SUSI access token"),
        (" \n\t\n", "is empty: it should hold the SUSI access token"),
        ("SECRETTOKEN123\nSECRETTOKEN456\n", "holds more than one word or line: it should hold the SUSI access token alone"),
        ("access_token = \"SECRETTOKEN123\"\n", "holds more than one word or line: it should hold the SUSI access token alone"),
        ("SECRET\u{7}TOKEN123", "holds more than one word or line: it should hold the SUSI access token alone"),
        (String(repeating: "SECRETTOKEN123", count: 300), "is larger than 4 KiB: not a file holding an access token"),
    ])
    func refusesAFileThatHoldsNoTokenAlone(_ contents: String, _ problem: String) throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("access_token")
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        var configuration = try configuration(readingTokenFrom: path)
        #expect(throws: ConfigurationError(path: path, line: nil, message: "\(problem) (chat.access_token_file)")) {
            try configuration.readAccessTokenFile()
        }
    }

    @Test func saysWhenTheFileIsMissingOrAFolderOrUnreadable() throws {
        let folder = try TemporaryDirectory()
        var missing = try configuration(readingTokenFrom: folder.file("none"))
        #expect(throws: ConfigurationError(path: folder.file("none"), line: nil, message: "no such file (chat.access_token_file)")) {
            try missing.readAccessTokenFile()
        }
        var aFolder = try configuration(readingTokenFrom: folder.path)
        #expect(throws: ConfigurationError(path: folder.path, line: nil, message: "is a folder, not a file holding an access token (chat.access_token_file)")) {
            try aFolder.readAccessTokenFile()
        }
        let path = folder.file("access_token")
        try "SECRETTOKEN123".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        var unreadable = try configuration(readingTokenFrom: path)
        let problem = "cannot be read (permission denied: check its permissions and its folders') (chat.access_token_file)"
        #expect(throws: ConfigurationError(path: path, line: nil, message: problem)) {
            try UnprivilegedFileAccess.asNobody { try unreadable.readAccessTokenFile() }
        }
    }

    /// Without commands going to SUSI the token is not needed, so its file is not read.
    @Test func readsNoFileWhenNoQueryIsSent() throws {
        var configuration = try configuration(readingTokenFrom: "/nonexistent/access_token")
        configuration.chatEnabled = false
        #expect(try configuration.readAccessTokenFile() == nil)
        #expect(configuration.chat.accessToken == nil)
    }

    @Test func refusesATokenAndATokenFileInOneConfigurationFile() throws {
        var configuration = Configuration()
        let entries = try ConfigurationFile.parse("[chat]\naccess_token = \"SECRETTOKEN123\"\naccess_token_file = \"/etc/t\"\n", path: "c.toml")
        #expect(throws: ConfigurationError(path: "c.toml", line: 3, message: "set chat.access_token or chat.access_token_file, not both")) {
            try configuration.apply(entries, from: "c.toml")
        }
    }

    /// The file's token replaces one set before (a reload that moves the token to a file).
    @Test func aTokenFileReplacesATokenSetBefore() throws {
        var configuration = Configuration()
        configuration.chat.accessToken = "SECRETTOKEN123"
        let entries = try ConfigurationFile.parse("[chat]\naccess_token_file = \"/etc/t\"\n", path: "c.toml")
        _ = try configuration.apply(entries, from: "c.toml")
        #expect(configuration.chat.accessToken == nil)
        #expect(configuration.accessTokenFile == "/etc/t")
    }
}
