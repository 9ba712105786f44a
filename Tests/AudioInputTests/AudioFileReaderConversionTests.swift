import AudioTestSupport
import AudioInput
import CSndFile
import Testing

/// A file format the reader must handle, as written by libsndfile.
struct TestFormat: Sendable, CustomTestStringConvertible {
    let name: String
    let code: Int32
    let fileExtension: String

    var testDescription: String { name }

    /// Whether `channel` of a `channels`-channel file keeps a 440 Hz tone. Vorbis maps six
    /// channels to 5.1 and its encoder low-passes the sixth, the LFE channel, for bass only.
    func carriesFullBand(channel: Int, of channels: Int) -> Bool {
        !(code & Int32(SF_FORMAT_SUBMASK) == Int32(SF_FORMAT_VORBIS) && channels == 6 && channel == 5)
    }

    static let all: [TestFormat] = [
        TestFormat(name: "WAV 8-bit", code: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_U8), fileExtension: "wav"),
        TestFormat(name: "WAV 16-bit", code: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16), fileExtension: "wav"),
        TestFormat(name: "WAV 24-bit", code: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24), fileExtension: "wav"),
        TestFormat(name: "WAV 32-bit", code: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_32), fileExtension: "wav"),
        TestFormat(name: "WAV float", code: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT), fileExtension: "wav"),
        TestFormat(name: "WAV double", code: Int32(SF_FORMAT_WAV | SF_FORMAT_DOUBLE), fileExtension: "wav"),
        TestFormat(name: "FLAC 16-bit", code: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16), fileExtension: "flac"),
        TestFormat(name: "FLAC 24-bit", code: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24), fileExtension: "flac"),
        TestFormat(name: "Ogg Vorbis", code: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS), fileExtension: "ogg"),
    ]

    static let wav16 = all[1]
    static let wavFloat = all[4]
}

/// Sample rate and channel count of a test file.
struct TestLayout: Sendable, CustomTestStringConvertible {
    let sampleRate: Int
    let channels: Int

    var testDescription: String { "\(sampleRate) Hz × \(channels)" }

    static let all: [TestLayout] = [8_000, 16_000, 22_050, 44_100, 48_000].flatMap { rate in
        [1, 2, 6].map { TestLayout(sampleRate: rate, channels: $0) }
    }
}

@Suite("Conversion to 16 kHz mono")
struct AudioFileReaderConversionTests {
    /// Ringing of the resampler's filter and codec start-up stay within this much of each end.
    static let edgeSeconds = 0.05

    @Test("a 440 Hz tone keeps its length, range, frequency and level", arguments: TestFormat.all, TestLayout.all)
    func toneSurvivesConversion(format: TestFormat, layout: TestLayout) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("tone.\(format.fileExtension)")
        let sourceFrames = layout.sampleRate  // one second
        let tone = Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: layout.sampleRate, frames: sourceFrames)
        let silence = [Float](repeating: 0, count: sourceFrames)
        let toneChannels = (0..<layout.channels).filter { format.carriesFullBand(channel: $0, of: layout.channels) }
        let channels = (0..<layout.channels).map { toneChannels.contains($0) ? tone : silence }
        try SoundFileWriter.write(
            Signal.interleave(channels), to: path,
            format: format.code, sampleRate: layout.sampleRate, channels: layout.channels)

        let reader = try AudioFileReader(path: path)
        #expect(reader.sourceFormat.sampleRate == layout.sampleRate)
        #expect(reader.sourceFormat.channels == layout.channels)
        let output = try reader.collectSamples()

        // The brief allows a frame of slack; soxr's flush in fact yields the ideal count.
        let expectedCount = sourceFrames * pipelineSampleRate / layout.sampleRate
        #expect(abs(output.count - expectedCount) <= 1, "got \(output.count) samples")
        #expect(output.allSatisfy { (-1...1).contains($0) })
        let middle = Signal.middle(output, trimming: Self.edgeSeconds, sampleRate: pipelineSampleRate)
        #expect(abs(Signal.frequency(of: middle, sampleRate: pipelineSampleRate) - 440) < 1)
        let expectedAmplitude = 0.5 * Double(toneChannels.count) / Double(layout.channels)
        let levelChange = Signal.decibels(Signal.rms(middle) / (expectedAmplitude / 2.0.squareRoot()))
        #expect(abs(levelChange) < 1, "level changed by \(levelChange) dB")
    }

    @Test("16 kHz mono 16-bit input passes through bit-exactly")
    func passThroughIsBitExact() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("exact.wav")
        var state: UInt32 = 12_345
        let samples: [Int16] = (0..<40_000).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int16(truncatingIfNeeded: state >> 16)
        }
        let writer = try SoundFileWriter(
            path: path, format: TestFormat.wav16.code, sampleRate: pipelineSampleRate, channels: 1)
        writer.write(samples, channels: 1)
        writer.finish()

        let reader = try AudioFileReader(path: path, frameLength: 512)
        #expect(reader.sourceFormat.formatName == "WAV (Microsoft), Signed 16 bit PCM")
        #expect(reader.sourceFormat.frames == 40_000)
        #expect(reader.sourceFormat.durationSeconds == 2.5)
        let output = try reader.collectSamples()
        #expect(output == samples.map { Float($0) / 32_768 })
    }

    @Test("opposite-phase stereo, which the mean cancels to silence, is heard as its loudest channel", arguments: [16_000, 44_100])
    func oppositePhaseIsHeard(sampleRate: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("opposite.wav")
        let tone = Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: sampleRate, frames: sampleRate)
        try SoundFileWriter.write(
            Signal.interleave([tone, tone.map { -$0 }]), to: path,
            format: TestFormat.wav16.code, sampleRate: sampleRate, channels: 2)

        let output = try AudioFileReader(path: path).collectSamples()
        #expect(!output.isEmpty)
        // The tone's level (0.5 peak, -9 dBFS RMS), not silence.
        let level = Signal.decibels(Signal.rms(Signal.middle(output, trimming: 0.05, sampleRate: 16_000)))
        #expect(abs(level - Signal.decibels(0.5 / 2.0.squareRoot())) < 0.2, "\(level) dB")
    }

    @Test("a tone on the left channel only comes out at half amplitude (-6.02 dB)", arguments: [16_000, 44_100])
    func leftOnlyGivesHalfAmplitude(sampleRate: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("left.wav")
        let tone = Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: sampleRate, frames: sampleRate)
        try SoundFileWriter.write(
            Signal.interleave([tone, Array(repeating: 0, count: tone.count)]), to: path,
            format: TestFormat.wavFloat.code, sampleRate: sampleRate, channels: 2)

        let output = try AudioFileReader(path: path).collectSamples()
        let middle = Signal.middle(output, trimming: Self.edgeSeconds, sampleRate: pipelineSampleRate)
        let level = Signal.decibels(Signal.rms(middle) / (0.5 / 2.0.squareRoot()))
        #expect(abs(level - Signal.decibels(0.5)) < 0.1, "level \(level) dB")
    }

    @Test("one channel heard alone comes out sample for sample; one the file does not have is refused")
    func hearsOneChannelAlone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("four.wav")
        let channels = (0..<4).map { channel in
            Signal.tone(frequency: 300 + 100 * Double(channel), amplitude: 0.2, sampleRate: 16_000, frames: 16_000).map { (Float(Int16(($0 * 32_768).rounded())) / 32_768) }
        }
        try SoundFileWriter.write(Signal.interleave(channels), to: path, format: TestFormat.wav16.code, sampleRate: 16_000, channels: 4)

        #expect(try AudioFileReader(path: path, channel: .only(2)).collectSamples() == channels[2])
        #expect(throws: AudioInputError.noSuchChannel(path: path, channel: 4, channels: 4)) {
            _ = try AudioFileReader(path: path, channel: .only(4))
        }
        #expect(AudioInputError.noSuchChannel(path: path, channel: 4, channels: 4).description
            == "\(path): has no channel 4: it has 4 (counted from 0, so 0–3)")
    }

    @Test("a full-scale sweep from 8.5 to 23.9 kHz at 48 kHz comes out below -60 dBFS RMS (no aliasing)")
    func ultrasonicSweepIsRemoved() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("sweep.wav")
        let sweep = Signal.sweep(from: 8_500, to: 23_900, amplitude: 1, sampleRate: 48_000, seconds: 2, fade: 0.02)
        try SoundFileWriter.write(
            sweep, to: path, format: TestFormat.wavFloat.code, sampleRate: 48_000, channels: 1)

        let output = try AudioFileReader(path: path).collectSamples()
        let level = Signal.decibels(Signal.rms(output[...]))
        #expect(level < -60, "sweep came out at \(level) dBFS")
    }

    @Test("a 1 kHz tone at 48 kHz passes at its level within 0.1 dB")
    func passbandToneKeepsLevel() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("1k.wav")
        let tone = Signal.tone(frequency: 1_000, amplitude: 0.5, sampleRate: 48_000, frames: 96_000)
        try SoundFileWriter.write(tone, to: path, format: TestFormat.wavFloat.code, sampleRate: 48_000, channels: 1)

        let output = try AudioFileReader(path: path).collectSamples()
        let middle = Signal.middle(output, trimming: Self.edgeSeconds, sampleRate: pipelineSampleRate)
        let levelChange = Signal.decibels(Signal.rms(middle) / (0.5 / 2.0.squareRoot()))
        #expect(abs(levelChange) < 0.1, "level changed by \(levelChange) dB")
    }

    @Test("float samples beyond full scale, and NaN, come out within -1...1")
    func outOfRangeFloatsAreLimited() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("loud.wav")
        var loud = Signal.tone(frequency: 440, amplitude: 3, sampleRate: 44_100, frames: 44_100)
        loud[1_000] = .nan
        loud[2_000] = .infinity
        try SoundFileWriter.write(loud, to: path, format: TestFormat.wavFloat.code, sampleRate: 44_100, channels: 1)

        let output = try AudioFileReader(path: path).collectSamples()
        #expect(output.count == 16_000)
        #expect(output.allSatisfy { (-1...1).contains($0) })
    }

    @Test("a FLAC file whose header leaves the length open is read to its end")
    func unknownLengthIsRead() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("stream.flac")
        let tone = Signal.tone(frequency: 440, amplitude: 0.5, sampleRate: 16_000, frames: 16_000)
        try SoundFileWriter.write(
            tone, to: path, format: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16), sampleRate: 16_000, channels: 1)
        // STREAMINFO follows "fLaC" and a 4-byte block header; its 36-bit total sample count
        // starts in the low nibble of byte 13. Zero means "unknown", as streaming encoders write.
        let nibble = try TemporaryDirectory.bytes(of: path)[21] & 0xF0
        try TemporaryDirectory.patch(path, at: 21, with: [nibble, 0, 0, 0, 0])

        let reader = try AudioFileReader(path: path)
        #expect(reader.sourceFormat.frames == nil)
        #expect(reader.sourceFormat.durationSeconds == nil)
        #expect(try reader.collectSamples().count == 16_000)
    }
}
