import AudioTestSupport
import AudioCapture
import AudioInput
import Foundation
import Testing

/// Audio read through real ALSA plugins (`file` over `multi`, `plug` and `null`) comes out
/// as the pipeline's 16 kHz mono frames. See ``FilePCM``.
@Suite("Capture device conversion")
struct CaptureDeviceConversionTests {
    @Test("a 16 kHz mono S16_LE device passes a fixture through sample for sample")
    func passesSixteenKilohertzMonoThroughExactly() throws {
        let folder = try TemporaryDirectory()
        let source = try Signal.fixture("positive_alone_awb_s_norm_noise.wav")
        let pcm = try FilePCM(interleaved: source, sampleRate: 16_000, channels: 1, in: folder)
        // 400-sample frames straddle the 480-frame periods, so frames are cut across reads.
        let device = try CaptureDevice(configuration: pcm.configuration, name: FilePCM.name, frameLength: 400)

        #expect(
            device.hardwareFormat
                == CaptureFormat(
                    sampleRate: 16_000, channels: 1, sampleFormat: "S16_LE", periodFrames: 480, bufferFrames: 3_840))
        let frameCount = source.count / 400
        let captured = try Signal.read(frameCount, framesFrom: device)
        let expected = source.prefix(captured.count).map { Float(FilePCM.quantised($0)) / 32_768 }
        #expect(captured == expected)
        #expect(device.statistics.framesRead == (captured.count + 479) / 480 * 480)
        #expect(device.statistics.overrunsRecovered == 0 && device.statistics.suspendsRecovered == 0)
    }

    @Test("as an AudioFrameSource the device hands out frames of the requested length")
    func servesAsFrameSource() throws {
        let folder = try TemporaryDirectory()
        let tone = Signal.tone(frequency: 1_000, amplitude: 0.5, sampleRate: 16_000, frames: 16_000)
        let pcm = try FilePCM(interleaved: tone, sampleRate: 16_000, channels: 1, in: folder)
        let source: any AudioFrameSource = try CaptureDevice(configuration: pcm.configuration, name: FilePCM.name)
        for _ in 0..<10 {
            #expect(try source.nextFrame()?.count == 480)
        }
    }

    /// The device offers only 44.1 kHz stereo, so the capture code reads both channels,
    /// averages them with ``ChannelMixer`` and converts the rate with ``Resampler``.
    @Test("a 44.1 kHz stereo tone comes out at 16 kHz mono with its frequency and level")
    func convertsFortyFourKilohertzStereo() throws {
        let folder = try TemporaryDirectory()
        let pcm = try FilePCM(interleaved: Self.stereoTone, sampleRate: 44_100, channels: 2, in: folder)
        let device = try CaptureDevice(configuration: pcm.configuration, name: FilePCM.name)

        #expect(
            device.hardwareFormat
                == CaptureFormat(
                    sampleRate: 44_100, channels: 2, sampleFormat: "S16_LE", periodFrames: 1_323, bufferFrames: 10_584))
        try Self.expectMonoTone(from: device)
    }

    /// A `plughw:`-like device could resample to 16 kHz itself; the capture code turns that
    /// off and takes the card's own rate, but lets `plug` fold the channels to mono.
    @Test("a plug device is taken at the card's rate, with plug folding the channels")
    func plugDeviceKeepsCardRate() throws {
        let folder = try TemporaryDirectory()
        let configuration = try FilePCM.plugConfiguration(sampleRate: 48_000, channels: 2, in: folder)
        let device = try CaptureDevice(configuration: configuration, name: FilePCM.name)
        #expect(device.hardwareFormat.sampleRate == 48_000)
        #expect(device.hardwareFormat.channels == 1)
        #expect(device.hardwareFormat.sampleFormat == "S16_LE")
        #expect(device.hardwareFormat.periodFrames == 1_440)
    }

    /// A microphone array's channels, each its own signal: one heard alone comes out sample for
    /// sample, the device opened with every channel it has; one it does not have is refused,
    /// naming how many it offers.
    @Test("one channel of a six-channel device is heard alone, and a seventh is refused")
    func hearsOneChannelAlone() throws {
        let folder = try TemporaryDirectory()
        let channels = (0..<6).map { channel in
            Signal.tone(frequency: 300 + 100 * Double(channel), amplitude: 0.1 + 0.05 * Double(channel), sampleRate: 16_000, frames: 16_000)
        }
        let pcm = try FilePCM(interleaved: Signal.interleave(channels), sampleRate: 16_000, channels: 6, in: folder)
        let device = try CaptureDevice(configuration: pcm.configuration, name: FilePCM.name, channel: .only(3))
        #expect(device.hardwareFormat.channels == 6)
        let captured = try Signal.read(20, framesFrom: device)
        #expect(captured == channels[3].prefix(captured.count).map { Float(FilePCM.quantised($0)) / 32_768 })

        #expect(throws: CaptureError.unsupportedFormat(name: FilePCM.name, detail: "it has no channel 6 (counted from 0): it offers at most 6 channels")) {
            _ = try CaptureDevice(configuration: pcm.configuration, name: FilePCM.name, channel: .only(6))
        }
    }

    /// One second of 440 Hz, 0.5 on the left and 0.3 on the right: 0.4 once averaged.
    private static let stereoTone = Signal.interleave([
        Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: 44_100, frames: 44_100),
        Signal.tone(frequency: 440, amplitude: 0.3, sampleRate: 44_100, frames: 44_100),
    ])

    /// Reads 0.9 s (the file holds 1 s, and the resampler's delay needs a little more input
    /// than output) and checks the tone away from the filter's start-up.
    private static func expectMonoTone(from device: CaptureDevice) throws {
        let captured = try Signal.read(30, framesFrom: device)
        #expect(captured.count == 14_400)
        let steady = captured[1_600...]
        let frequency = Signal.frequency(of: steady, sampleRate: 16_000)
        #expect(abs(frequency - 440) < 0.5, "frequency \(frequency) Hz")
        let levelDecibels = 20 * log10(Signal.rms(steady) / (0.4 / 2.0.squareRoot()))
        #expect(abs(levelDecibels) < 0.1, "level off by \(levelDecibels) dB")
        #expect(device.statistics.framesRead <= 44_100)
    }
}
