/// A PCM device that can record, as ALSA names and describes it.
public struct CaptureDeviceInfo: Sendable, Equatable {
    /// The name to open it by, e.g. "default", "hw:CARD=PCH,DEV=0", "dsnoop:CARD=PCH,DEV=0".
    public let name: String
    /// A line for people, e.g. "HDA Intel PCH, ALC892 Analog"; empty when ALSA has none.
    public let description: String

    /// Creates a device entry.
    public init(name: String, description: String) {
        self.name = name
        self.description = description
    }
}
