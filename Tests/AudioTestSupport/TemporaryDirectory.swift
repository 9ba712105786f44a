import Foundation

/// A fresh folder for one test's files, removed with everything in it on deinit.
public final class TemporaryDirectory {
    public let path: String

    public init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("susi-listen-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Path of `name` inside the folder.
    public func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Creates or replaces the file at `path` with `bytes`.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Overwrites bytes of the file at `path` from `offset` on.
    public static func patch(_ path: String, at offset: Int, with bytes: [UInt8]) throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        data.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// Cuts the file at `path` down to its first `length` bytes.
    public static func truncate(_ path: String, to length: Int) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(length).write(to: URL(fileURLWithPath: path))
    }

    /// The contents of the file at `path`.
    public static func bytes(of path: String) throws -> [UInt8] {
        try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

extension UInt32 {
    /// Little-endian bytes, as RIFF headers store numbers.
    public var littleEndianBytes: [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: self >> (8 * $0)) }
    }
}

extension UInt16 {
    /// Little-endian bytes, as RIFF headers store numbers.
    public var littleEndianBytes: [UInt8] {
        (0..<2).map { UInt8(truncatingIfNeeded: self >> (8 * $0)) }
    }
}
