
/// Resident memory of this process, read from `/proc/self/status`.
package enum MemoryUsage {
    /// Current resident set size in bytes, or nil where `/proc` is not there.
    package static func residentBytes() -> Int? { statusField("VmRSS:") }

    /// Highest resident set size so far in bytes, or nil where `/proc` is not there.
    package static func peakResidentBytes() -> Int? { statusField("VmHWM:") }

    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let kilobytes = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }
}
