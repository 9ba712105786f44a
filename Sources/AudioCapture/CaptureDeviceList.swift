import CALSA

/// The capture devices ALSA knows on this machine.
package enum CaptureDeviceList {
    /// The PCMs that can record, as `arecord -L` lists them (ALSA's device hints for
    /// "pcm", without the playback-only ones), followed by each sound card's capture
    /// devices found through its control interface that the hints leave out.
    package static func captureDevices() -> [CaptureDeviceInfo] {
        var devices = hints().filter { $0.direction != .output }.map(\.info)
        var names = Set(devices.map(\.name))
        for device in hardwareCaptureDevices() where names.insert(device.name).inserted {
            devices.append(device)
        }
        return devices
    }

    /// The PCMs an ALSA configuration (the syntax of `~/.asoundrc`) defines: the only devices a
    /// capture device opened with that configuration can be.
    package static func captureDevices(definedIn configuration: ALSAConfiguration) -> [CaptureDeviceInfo] {
        configuration.pcmNames.map { CaptureDeviceInfo(name: $0, description: "") }
    }

    /// Whether ALSA's hints describe `name` as a device that only plays sound.
    static func isPlaybackOnly(_ name: String) -> Bool {
        hints().contains { $0.name == name && $0.direction == .output }
    }

    private enum Direction: String {
        case input = "Input"
        case output = "Output"
    }

    private struct Hint {
        let name: String
        let description: String
        /// nil when the device both plays and records.
        let direction: Direction?

        var info: CaptureDeviceInfo { CaptureDeviceInfo(name: name, description: description) }
    }

    /// `snd_device_name_hint(-1, "pcm")`: the PCMs the configuration describes for people.
    private static func hints() -> [Hint] {
        let (hints, _) = ALSADiagnostics.collecting { () -> [Hint] in
            var list: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
            guard snd_device_name_hint(-1, "pcm", &list) == 0, let list else { return [] }
            defer { snd_device_name_free_hint(list) }
            var hints: [Hint] = []
            var entry = list
            while let hint = entry.pointee {
                if let name = value(of: "NAME", in: hint) {
                    // A description may run over lines ("HDA Intel PCH, ALC892 Analog\nFront speakers").
                    let description = (value(of: "DESC", in: hint) ?? "")
                        .split(whereSeparator: \.isNewline).joined(separator: ", ")
                    let direction = value(of: "IOID", in: hint).flatMap(Direction.init(rawValue:))
                    hints.append(Hint(name: name, description: description, direction: direction))
                }
                entry += 1
            }
            return hints
        }
        return hints
    }

    /// `snd_device_name_get_hint`, whose result the caller frees.
    private static func value(of field: String, in hint: UnsafeMutableRawPointer) -> String? {
        guard let text = snd_device_name_get_hint(hint, field) else { return nil }
        defer { free(text) }
        return String(cString: text)
    }

    /// The capture devices of each sound card, named as `arecord -L` names them ("hw:CARD=PCH,DEV=0").
    private static func hardwareCaptureDevices() -> [CaptureDeviceInfo] {
        var devices: [CaptureDeviceInfo] = []
        var card: Int32 = -1
        while snd_card_next(&card) == 0, card >= 0 {
            devices += captureDevices(ofCard: card)
        }
        return devices
    }

    private static func captureDevices(ofCard card: Int32) -> [CaptureDeviceInfo] {
        var control: OpaquePointer?
        guard snd_ctl_open(&control, "hw:\(card)", 0) == 0, let control else { return [] }
        defer { snd_ctl_close(control) }
        var cardInfo: OpaquePointer?
        guard snd_ctl_card_info_malloc(&cardInfo) == 0, let cardInfo else { return [] }
        defer { snd_ctl_card_info_free(cardInfo) }
        var pcmInfo: OpaquePointer?
        guard snd_pcm_info_malloc(&pcmInfo) == 0, let pcmInfo else { return [] }
        defer { snd_pcm_info_free(pcmInfo) }
        guard snd_ctl_card_info(control, cardInfo) == 0 else { return [] }
        let cardID = String(cString: snd_ctl_card_info_get_id(cardInfo))
        let cardName = String(cString: snd_ctl_card_info_get_name(cardInfo))

        var devices: [CaptureDeviceInfo] = []
        var device: Int32 = -1
        while snd_ctl_pcm_next_device(control, &device) == 0, device >= 0 {
            snd_pcm_info_set_device(pcmInfo, UInt32(device))
            snd_pcm_info_set_subdevice(pcmInfo, 0)
            snd_pcm_info_set_stream(pcmInfo, SND_PCM_STREAM_CAPTURE)
            // Fails with ENOENT for a device that has no capture stream.
            guard snd_ctl_pcm_info(control, pcmInfo) == 0 else { continue }
            let pcmName = String(cString: snd_pcm_info_get_name(pcmInfo))
            devices.append(
                CaptureDeviceInfo(name: "hw:CARD=\(cardID),DEV=\(device)", description: "\(cardName), \(pcmName)"))
        }
        return devices
    }
}
