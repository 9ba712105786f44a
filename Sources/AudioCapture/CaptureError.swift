import Glibc

/// Why a capture device could not be opened or read. Each description is one line that
/// starts with the device name and, where there is one, says what to do.
package enum CaptureError: Error, Equatable, CustomStringConvertible {
    /// ALSA knows no PCM of that name; `available` lists the capture devices it does know.
    case deviceNotFound(name: String, available: [String])
    /// Another program holds the device exclusively.
    case deviceBusy(name: String)
    /// The device exists but only plays sound.
    case noCaptureSupport(name: String)
    /// The device node may not be opened by this user.
    case permissionDenied(name: String)
    /// The device offers nothing the capture stage can read; `detail` says what it lacks.
    case unsupportedFormat(name: String, detail: String)
    /// The device went away while open (unplugged, driver unloaded): close it and open it
    /// again once it is back.
    case deviceGone(name: String)
    /// The device delivered nothing for `seconds`, without an error (a USB microphone that
    /// stopped streaming): close it and open it again.
    case stalled(name: String, seconds: Int)
    /// A frame length below 1 sample was requested.
    case invalidFrameLength(Int)
    /// A period outside ``CaptureDevice/periodMillisecondsRange`` was requested.
    case invalidPeriod(milliseconds: Int)
    /// Any other failure of an ALSA call: the call, its negative error code and the
    /// message, from `snd_strerror` and, when ALSA logged one, its own diagnostic.
    case alsa(device: String, call: String, code: Int32, message: String)

    /// The device concerned, where there is one.
    package var device: String? {
        switch self {
        case .deviceNotFound(let name, _), .deviceBusy(let name), .noCaptureSupport(let name),
             .permissionDenied(let name), .unsupportedFormat(let name, _), .deviceGone(let name),
             .stalled(let name, _), .alsa(let name, _, _, _):
            name
        case .invalidFrameLength, .invalidPeriod:
            nil
        }
    }

    package var description: String {
        switch self {
        case .deviceNotFound(let name, let available):
            "\(name): no such capture device (ALSA knows: "
                + (available.isEmpty ? "none" : available.joined(separator: ", ")) + ")"
        case .deviceBusy(let name):
            "\(name): the device is in use by another program (stop it, or capture through a "
                + "shared device such as \"default\" or \"dsnoop\")"
        case .noCaptureSupport(let name):
            "\(name): the device cannot record, it only plays sound"
        case .permissionDenied(let name):
            "\(name): permission denied (add the user to the group `audio`, e.g. "
                + "`sudo usermod -aG audio $USER`, and log in again)"
        case .unsupportedFormat(let name, let detail):
            "\(name): unsupported device: \(detail)"
        case .deviceGone(let name):
            "\(name): the capture device is gone (unplugged or its driver unloaded); open it again once it is back"
        case .stalled(let name, let seconds):
            "\(name): no audio for \(seconds) s, though the device reports no error; opening it again"
        case .invalidFrameLength(let length):
            "invalid frame length \(length): a frame needs at least 1 sample"
        case .invalidPeriod(let milliseconds):
            "invalid period \(milliseconds) ms: a period must last "
                + "\(CaptureDevice.periodMillisecondsRange.lowerBound)–"
                + "\(CaptureDevice.periodMillisecondsRange.upperBound) ms"
        case .alsa(let name, let call, let code, let message):
            "\(name): \(call) failed: \(message) (error \(code))"
        }
    }
}

extension CaptureError {
    /// The description without the leading device name, for reports that carry the name on their own.
    package var problem: String {
        guard let device, description.hasPrefix(device + ": ") else { return description }
        return String(description.dropFirst(device.count + 2))
    }

    /// The error for a negative ALSA return `code` from `call` on an open device.
    static func classify(_ code: Int32, device: String, call: String, diagnostics: [String] = []) -> CaptureError {
        switch -code {
        // A USB device unplugged while open fails with ENODEV; a PCM the kernel
        // disconnected is in the state SND_PCM_STATE_DISCONNECTED and fails with EBADFD.
        case ENODEV, EBADFD: .deviceGone(name: device)
        case EBUSY: .deviceBusy(name: device)
        case EACCES, EPERM: .permissionDenied(name: device)
        default: .alsa(device: device, call: call, code: code, message: ALSA.message(code, diagnostics))
        }
    }
}
