/// A PCM device that can record, as ALSA names and describes it.
package struct CaptureDeviceInfo: Sendable, Equatable {
    /// The name to open it by, e.g. "default", "hw:CARD=PCH,DEV=0", "dsnoop:CARD=PCH,DEV=0".
    package let name: String
    /// A line for people, e.g. "HDA Intel PCH, ALC892 Analog"; empty when ALSA has none.
    package let description: String

    /// Creates a device entry.
    package init(name: String, description: String) {
        self.name = name
        self.description = description
    }
}
