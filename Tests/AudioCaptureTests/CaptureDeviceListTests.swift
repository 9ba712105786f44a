import AudioCapture
import Foundation
import Testing

@Suite("Capture device list")
struct CaptureDeviceListTests {
    /// `arecord -L` (alsa-utils) prints ALSA's hints filtered the same way, one name per
    /// unindented line; compared only where alsa-utils is installed.
    @Test("lists every device arecord -L lists", .enabled(if: Self.arecord != nil, "alsa-utils is not installed"))
    func matchesArecord() throws {
        let listed = Set(CaptureDeviceList.captureDevices().map(\.name))
        let arecordNames = try Self.arecordNames()
        #expect(!arecordNames.isEmpty)
        #expect(arecordNames.isSubset(of: listed), "missing: \(arecordNames.subtracting(listed))")
    }

    @Test("names are unique and each has a description or at least a name")
    func namesAreUnique() {
        let devices = CaptureDeviceList.captureDevices()
        #expect(Set(devices.map(\.name)).count == devices.count)
        #expect(devices.allSatisfy { !$0.name.isEmpty })
    }

    /// Needs a sound card with a capture device; CI machines and containers usually have
    /// none (no /proc/asound/cards), and ALSA's `file` plugin cannot stand in for a live
    /// device here, so the test is skipped there rather than faked.
    @Test(
        "reads live frames from the default device",
        .enabled(if: Self.hasSoundCard, "no sound card with a capture device on this machine"))
    func readsFromRealDevice() throws {
        let device = try CaptureDevice(name: "default")
        for _ in 0..<10 {
            let frame = try device.readFrame()
            #expect(frame.count == 480)
            #expect(frame.allSatisfy { (-1...1).contains($0) })
        }
        #expect(device.statistics.framesRead > 0)
    }

    static let hasSoundCard = CaptureDeviceList.captureDevices().contains { $0.name.hasPrefix("hw:") }

    static let arecord = ["/usr/bin/arecord", "/bin/arecord"].first { FileManager.default.isExecutableFile(atPath: $0) }

    private static func arecordNames() throws -> Set<String> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(arecord))
        process.arguments = ["-L"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        return Set(lines.filter { !($0.first?.isWhitespace ?? true) }.map(String.init))
    }
}
