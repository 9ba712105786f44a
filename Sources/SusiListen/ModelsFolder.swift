import Foundation

/// Finds the project's `Models/` folder: `$SUSI_LISTEN_MODELS`, then beside or above the
/// executable (a build tree), then the installed locations.
enum ModelsFolder {
    static let marker = "keywords.dict"

    static func locate() -> String? {
        let fileManager = FileManager.default
        var candidates: [String] = []
        if let fromEnvironment = ProcessInfo.processInfo.environment["SUSI_LISTEN_MODELS"] {
            candidates.append(fromEnvironment)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(folder.appendingPathComponent("Models").path)
            folder.deleteLastPathComponent()
        }
        candidates += ["/usr/local/share/susi-listen/Models", "/usr/share/susi-listen/Models"]
        return candidates.first { fileManager.fileExists(atPath: $0 + "/" + marker) }
    }
}
