import Foundation
import Glibc
import JSONText
import ServerSockets
import WyomingServer

/// A Wyoming client on a real socket, as the tests' stand-in for Home Assistant. The socket
/// closes when the client goes.
final class WyomingTestClient {
    private let socket: ClientSocket
    private var reader: WyomingEventReader<ClientSocket>
    private var descriptor: Int32 { socket.descriptor }

    /// The connected socket, which the reader reads.
    private final class ClientSocket: WyomingByteSource {
        let descriptor: Int32

        init(_ descriptor: Int32) { self.descriptor = descriptor }

        deinit { close(descriptor) }

        func receive(maximum: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: maximum)
            let count = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, maximum, 0) }
            return Array(bytes.prefix(max(count, 0)))
        }
    }

    /// Connects to `address` (TCP on the loopback, or a Unix socket).
    init(_ address: ServerAddress) throws {
        let descriptor: Int32
        switch address {
        case .tcp(_, let port):
            descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var target = sockaddr_in()
            target.sin_family = sa_family_t(AF_INET)
            target.sin_port = UInt16(port).bigEndian
            target.sin_addr.s_addr = inet_addr("127.0.0.1")
            try Self.check(withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            })
        case .unix(let path):
            descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            try Self.check(ListeningSocket.withUnixAddress(path) { connect(descriptor, $0, $1) })
        }
        // No test waits longer than this for an answer.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        socket = ClientSocket(descriptor)
        reader = WyomingEventReader(source: socket)
    }

    private static func check(_ result: Int32) throws {
        if result != 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    func send(_ event: WyomingEvent) { sendRaw(event.encoded) }

    /// Sends all of `bytes`; false when the server reset the connection first.
    @discardableResult
    func sendRaw(_ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + written, bytes.count - written, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// The next event from the server; nil when it closed the connection.
    func next() throws -> WyomingEvent? { try reader.next() }

    /// Sends `samples` (16 kHz mono in -1...1) as `audio-start` (when `start`), chunks of
    /// `chunkSeconds` in `width`-byte samples and, when `stop`, `audio-stop`, collecting the
    /// events the server sends meanwhile.
    func stream(_ samples: [Float], rate: Int = 16_000, width: Int = 2, channels: Int = 1, chunkSeconds: Double = 0.1,
                start: Bool = true, stop: Bool = true) throws -> [WyomingEvent] {
        let audio: [(key: String, value: JSONValue)] = [("rate", .number("\(rate)")), ("width", .number("\(width)")), ("channels", .number("\(channels)"))]
        if start { send(WyomingEvent(type: "audio-start", data: audio)) }
        let converted = rate == 16_000 ? samples : Self.linearResample(samples, to: rate)
        let interleaved = converted.flatMap { Array(repeating: $0, count: channels) }
        let bytes = Self.littleEndianBytes(interleaved, width: width)
        let chunk = Int(Double(rate) * chunkSeconds) * channels * width
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            send(WyomingEvent(type: "audio-chunk", data: audio, payload: Array(bytes[start..<min(start + chunk, bytes.count)])))
        }
        if stop { send(WyomingEvent(type: "audio-stop")) }
        // A ping's pong comes after every answer to the audio before it.
        send(WyomingEvent(type: "ping"))
        var answers: [WyomingEvent] = []
        while let event = try next(), event.type != "pong" { answers.append(event) }
        return answers
    }

    /// `samples` as `width`-byte little-endian PCM, as WAV files and wyoming hold it: 8-bit
    /// unsigned, 16-, 24- and 32-bit signed.
    static func littleEndianBytes(_ samples: [Float], width: Int) -> [UInt8] {
        samples.flatMap { sample -> [UInt8] in
            let scaled = Int64((Double(max(-1, min(sample, 1))) * Double(Int64(1) << (8 * width - 1) - 1)).rounded())
            let value = width == 1 ? scaled + 128 : scaled
            return (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
    }

    /// A plain linear resampling, independent of the server's own resampler.
    static func linearResample(_ samples: [Float], to rate: Int) -> [Float] {
        let count = samples.count * rate / 16_000
        return (0..<count).map { index in
            let position = Double(index) * 16_000 / Double(rate)
            let left = Int(position), fraction = Float(position - Double(left))
            let next = samples[min(left + 1, samples.count - 1)]
            return samples[left] * (1 - fraction) + next * fraction
        }
    }
}
