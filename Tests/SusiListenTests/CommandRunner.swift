import Foundation

/// Runs the built `susi-listen` executable and collects what it printed.
struct CommandRunner {
    struct Outcome {
        let status: Int32
        let standardOutput: String
        let standardError: String

        /// Standard output's lines parsed as JSON objects (lines that are not JSON are skipped).
        var events: [[String: Any]] {
            standardOutput.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
        }

        func events(ofType type: String) -> [[String: Any]] { events.filter { $0["type"] as? String == type } }
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable beside the test bundle in the build folder.
    static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("susi-listen").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("susi-listen")
    }

    /// Runs the executable with `arguments`, and `environment` added to this process's; its
    /// standard output goes to `standardOutput` when given (the outcome's `standardOutput` is
    /// then empty), else it is collected. `piped` comes to its standard input through a pipe
    /// (else it reads nothing there).
    static func run(_ arguments: [String], environment: [String: String] = [:], standardOutput: FileHandle? = nil,
                    piped: Data? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = repository
        // Files rather than pipes: neither stream can fill up and stall the process.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("stdout"), errorURL = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL), error = try FileHandle(forWritingTo: errorURL)
        process.standardOutput = standardOutput ?? output
        process.standardError = error
        let input = piped.map { _ in Pipe() }
        process.standardInput = input ?? FileHandle.nullDevice
        try process.run()
        if let input, let piped {
            // The process may stop reading early (a format it refuses): a closed pipe is no error here.
            signal(SIGPIPE, SIG_IGN)
            try? input.fileHandleForWriting.write(contentsOf: piped)
            try? input.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        try output.close()
        try error.close()
        return Outcome(status: process.terminationStatus,
                       standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
                       standardError: try String(contentsOf: errorURL, encoding: .utf8))
    }
}
