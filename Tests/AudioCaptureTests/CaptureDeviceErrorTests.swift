import AudioCapture
import Testing

@Suite("Capture device errors")
struct CaptureDeviceErrorTests {
    @Test("a device name ALSA does not know is not found, and the error lists the devices it knows")
    func missingDeviceIsNotFound() throws {
        let name = "susi-listen-no-such-microphone"
        let error = #expect(throws: CaptureError.self) { try CaptureDevice(name: name) }
        let known = CaptureDeviceList.captureDevices().map(\.name)
        #expect(error == .deviceNotFound(name: name, available: known))
        let description = try #require(error?.description)
        #expect(description.hasPrefix("\(name): no such capture device"))
        for device in known {
            #expect(description.contains(device))
        }
    }

    @Test("a name the configuration does not define is not found, listing the names it does define")
    func missingNameInConfiguration() {
        let configuration = "pcm.capture { type null } pcm.other { type null }"
        let error = #expect(throws: CaptureError.self) {
            try CaptureDevice(configuration: configuration, name: "microphone")
        }
        #expect(error == .deviceNotFound(name: "microphone", available: ["capture", "other"]))
    }

    @Test("a defined file PCM whose input file is missing reports ALSA's reason, not a missing device")
    func missingInputFile() throws {
        let configuration = """
            pcm.capture { type file file "/dev/null" infile "/nonexistent/susi.raw" slave.pcm { type null } }
            """
        let error = #expect(throws: CaptureError.self) {
            try CaptureDevice(configuration: configuration, name: "capture")
        }
        guard case .alsa(let device, let call, let code, let message) = try #require(error) else {
            Issue.record("expected an ALSA error, got \(String(describing: error))")
            return
        }
        #expect(device == "capture" && call == "snd_pcm_open" && code == -2)
        #expect(message.contains("/nonexistent/susi.raw"))
    }

    @Test("a defined PCM standing on one the configuration does not define says the system's PCMs are not read")
    func undefinedSlave() throws {
        let error = #expect(throws: CaptureError.self) {
            try CaptureDevice(configuration: "pcm.microphone { type plug slave.pcm \"hw:0,0\" }", name: "microphone")
        }
        let description = try #require(error).description
        #expect(description.contains("Unknown PCM hw:0,0"), "\(description)")
        #expect(description.contains("so every PCM microphone stands on must be defined in it too"), "\(description)")
    }

    @Test("configuration text that does not parse is reported with ALSA's reason")
    func unparsableConfiguration() throws {
        let error = #expect(throws: CaptureError.self) {
            try CaptureDevice(configuration: "pcm.capture { type null", name: "capture")
        }
        guard case .alsa(let device, let call, _, let message) = try #require(error) else {
            Issue.record("expected an ALSA error, got \(String(describing: error))")
            return
        }
        #expect(device == "capture" && call == "snd_config_load")
        #expect(!message.isEmpty)
    }

    @Test("frame lengths below 1 and periods outside 1–999 ms are refused before ALSA is asked")
    func invalidSettings() {
        let configuration = "pcm.capture { type null }"
        #expect(throws: CaptureError.invalidFrameLength(0)) {
            try CaptureDevice(configuration: configuration, name: "capture", frameLength: 0)
        }
        for period in [0, 1_000, Int.max] {
            #expect(throws: CaptureError.invalidPeriod(milliseconds: period)) {
                try CaptureDevice(configuration: configuration, name: "capture", periodMilliseconds: period)
            }
        }
    }

    @Test("descriptions start with the device and say what to do")
    func descriptions() {
        #expect(CaptureError.permissionDenied(name: "hw:1,0").description.contains("group `audio`"))
        #expect(CaptureError.deviceBusy(name: "hw:1,0").description.hasPrefix("hw:1,0: "))
        #expect(CaptureError.deviceGone(name: "hw:1,0").problem.hasPrefix("the capture device is gone"))
    }
}
