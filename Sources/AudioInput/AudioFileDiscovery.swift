import CSndFile
import FoundationEssentials
import TextFormatting

/// Turns the paths given on the command line into the audio files to read.
package enum AudioFileDiscovery {
    /// File extensions, lower-case, that mark a file in a folder as audio.
    package static let audioExtensions: Set<String> = {
        var extensions: Set<String> = [
            "wav", "flac", "ogg", "oga", "opus", "aiff", "aif", "aifc", "au", "snd", "caf", "w64", "rf64",
        ]
        // libsndfile reads MP3 only when it was built with mpg123.
        if readsMPEG() { extensions.insert("mp3") }
        return extensions
    }()

    /// The path that stands for standard input, as libsndfile reads it too.
    package static let standardInput = "-"

    /// Expands `paths`: `-` (standard input) and a file are kept as given whatever its name, and a folder becomes the
    /// audio files in it and its subfolders, by extension, sorted.
    ///
    /// Returns one result per file found or per problem, in order, so the caller can report
    /// each problem and go on: a missing path, a folder that may not be read, a folder with
    /// no audio files, a loop of symbolic links, a name that is not UTF-8. Hidden entries (names starting with ".", such as macOS "._" resource
    /// forks) are skipped, and a link back to a folder already being walked is not followed.
    package static func audioFiles(in paths: [String]) -> [Result<String, AudioInputError>] {
        paths.flatMap { path -> [Result<String, AudioInputError>] in
            if path == standardInput { return [.success(path)] }
            let entry = FileSystemEntry(path: path)
            switch entry {
            case .missing, .inaccessible, .symbolicLinkLoop:
                return entry.unreachable(path).map { [.failure($0)] } ?? []
            case .regularFile, .special:
                return [.success(path)]
            case .directory(let device, let inode):
                var visited: Set<[UInt64]> = [[device, inode]]
                let found = walk(folder: path, visited: &visited)
                let anyAudio = found.contains { if case .success = $0 { true } else { false } }
                return anyAudio ? found : found + [.failure(.noAudioFiles(folder: path))]
            }
        }
    }

    /// Depth-first walk of `folder` in name order; `visited` holds the folders on the way
    /// and those seen before, so a symbolic link cannot send the walk round in circles.
    private static func walk(folder: String, visited: inout Set<[UInt64]>) -> [Result<String, AudioInputError>] {
        guard FileSystemEntry.mayRead(folder, isFolder: true) else {
            return [.failure(.permissionDenied(path: folder))]
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            return [.failure(.folderUnreadable(path: folder, reason: FileSystemFailure.reason(error)))]
        }
        var results: [Result<String, AudioInputError>] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let entry = FileSystemEntry(path: path)
            switch entry {
            case .directory(let device, let inode):
                if visited.insert([device, inode]).inserted {
                    results += walk(folder: path, visited: &visited)
                }
            case .regularFile:
                if let dot = name.lastIndex(of: "."),
                    audioExtensions.contains(name[name.index(after: dot)...].lowercased())
                {
                    results.append(.success(path))
                }
            case .missing where !name.contains("\u{FFFD}"), .special:
                // A dangling link, pipe or device inside a folder is not an audio file.
                break
            case .missing, .inaccessible, .symbolicLinkLoop:
                if let unreachable = entry.unreachable(path) { results.append(.failure(unreachable)) }
            }
        }
        return results
    }

    /// Whether libsndfile lists MPEG audio among the formats it reads.
    private static func readsMPEG() -> Bool {
        var count: Int32 = 0
        sf_command(nil, Int32(SFC_GET_FORMAT_MAJOR_COUNT), &count, Int32(MemoryLayout<Int32>.size))
        return (0..<max(0, count)).contains { index in
            var info = SF_FORMAT_INFO()
            info.format = index
            let size = Int32(MemoryLayout<SF_FORMAT_INFO>.size)
            return sf_command(nil, Int32(SFC_GET_FORMAT_MAJOR), &info, size) == 0
                && info.format == Int32(SF_FORMAT_MPEG)
        }
    }
}
