// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "susi-listen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "susi-listen", targets: ["SusiListen"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
    ],
    targets: [
        // Thin system-library targets: one per C library, found through pkg-config where that
        // links only what is used.
        // No pkgConfig for CPocketSphinx: sphinxbase's flags link libsphinxad, PocketSphinx's
        // audio-device library, which susi-listen never calls and which would load PulseAudio and
        // X11 into every process. The module map links the two libraries; PocketSphinxSupport adds
        // the one include folder their headers need and keeps the module to itself.
        .systemLibrary(
            name: "CPocketSphinx",
            providers: [.apt(["libpocketsphinx-dev", "pocketsphinx-en-us"])]),
        .systemLibrary(
            name: "CSndFile", pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(
            name: "CSoxr", pkgConfig: "soxr",
            providers: [.apt(["libsoxr-dev"])]),
        .systemLibrary(
            name: "CALSA", pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]),
        // No pkgConfig for CEspeakNG, CAvahi and CCurl: those libraries are opened at run time
        // (SharedLibraries) and must not be linked; their headers are in /usr/include.
        .systemLibrary(
            name: "CEspeakNG",
            providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(
            name: "CAvahi",
            providers: [.apt(["libavahi-client-dev"])]),
        .systemLibrary(
            name: "CSpeexDSP", pkgConfig: "speexdsp",
            providers: [.apt(["libspeexdsp-dev"])]),
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),

        // Pipeline stages.
        .target(name: "AudioInput", dependencies: ["CSndFile", "CSoxr", "TextFormatting", "Threading"]),
        .target(name: "AudioCapture", dependencies: ["Threading", "CALSA", "AudioInput"]),
        .target(
            name: "PocketSphinxSupport", dependencies: ["TextFormatting", "CPocketSphinx", "AudioInput"],
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/pocketsphinx"])]),
        .target(name: "HotwordDetection", dependencies: ["TextFormatting", "PocketSphinxSupport", "AudioInput"]),
        .target(name: "Transcription", dependencies: ["PocketSphinxSupport", "AudioInput"]),
        .target(name: "SpeechSynthesis", dependencies: ["Threading", "CEspeakNG", "AudioInput", "SharedLibraries"]),
        .target(name: "AudioPlayback", dependencies: ["Threading", "CALSA", "CSndFile", "AudioInput", "AudioCapture"]),
        .target(name: "EchoCancellation", dependencies: ["CSpeexDSP", "AudioInput"]),
        .target(name: "JSONText", dependencies: ["TextFormatting"]),
        .target(name: "SharedLibraries"),
        .target(name: "Threading"),
        .target(name: "TextFormatting"),
        .target(name: "SusiChat", dependencies: ["TextFormatting", "Threading", "CCurl", "JSONText", "SharedLibraries"]),
        .target(name: "ServerSockets", dependencies: ["Threading", "JSONText", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "Pipeline",
            dependencies: [
                "AudioInput", "AudioCapture", "HotwordDetection", "Transcription", "SusiChat", "JSONText", "TextFormatting", "Threading",
                "SpeechSynthesis", "AudioPlayback", "EchoCancellation", "ServerSockets",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .target(
            name: "WyomingServer",
            dependencies: [
                "AudioInput", "HotwordDetection", "JSONText", "ServerSockets", "CAvahi", "SharedLibraries", "Threading",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .target(name: "KeywordLabels", dependencies: ["TextFormatting"]),
        .target(name: "DetectionBenchmark", dependencies: ["TextFormatting", "Threading", "Pipeline", "AudioInput", "AudioCapture", "HotwordDetection", "KeywordLabels", "JSONText"]),
        .executableTarget(
            name: "SusiListen",
            dependencies: [
                "Pipeline", "AudioInput", "AudioCapture", "AudioPlayback", "EchoCancellation", "HotwordDetection", "DetectionBenchmark", "KeywordLabels", "WyomingServer", "ServerSockets",
                "SpeechSynthesis",
                "Threading",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]),

        .target(name: "AudioTestSupport", dependencies: ["CSndFile"], path: "Tests/AudioTestSupport"),
        .testTarget(name: "AudioInputTests", dependencies: ["AudioInput", "CSndFile", "AudioTestSupport"]),
        .testTarget(name: "AudioCaptureTests", dependencies: ["AudioCapture", "AudioInput", "AudioTestSupport"]),
        .testTarget(name: "PocketSphinxSupportTests", dependencies: ["PocketSphinxSupport", "AudioInput"]),
        .testTarget(name: "TranscriptionTests", dependencies: ["Transcription", "PocketSphinxSupport", "AudioInput", "AudioTestSupport"]),
        .testTarget(name: "HotwordDetectionTests", dependencies: ["HotwordDetection", "AudioInput", "KeywordLabels", "AudioTestSupport"]),
        .testTarget(name: "SpeechSynthesisTests", dependencies: ["SpeechSynthesis", "AudioInput", "Transcription", "AudioTestSupport"]),
        .testTarget(name: "AudioPlaybackTests", dependencies: ["AudioPlayback", "AudioInput", "AudioTestSupport"]),
        .testTarget(name: "EchoCancellationTests", dependencies: ["EchoCancellation", "AudioInput", "SpeechSynthesis", "AudioTestSupport"]),
        .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
        .testTarget(name: "SusiChatTests", dependencies: ["SusiChat", "JSONText", "HTTPTestSupport", "AudioTestSupport"]),
        .target(name: "SocketTestSupport", dependencies: ["ServerSockets"], path: "Tests/SocketTestSupport"),
        .testTarget(name: "ServerSocketsTests", dependencies: ["ServerSockets", "AudioTestSupport", "SocketTestSupport"]),
        .testTarget(name: "WyomingServerTests", dependencies: ["WyomingServer", "ServerSockets", "SocketTestSupport", "HotwordDetection", "AudioInput", "JSONText"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "SusiChat", "AudioPlayback", "AudioInput", "HotwordDetection", "Transcription", "EchoCancellation", "JSONText", "AudioTestSupport"]),
        .testTarget(name: "DetectionBenchmarkTests", dependencies: ["DetectionBenchmark", "KeywordLabels", "HotwordDetection", "AudioInput"]),
        .testTarget(name: "KeywordLabelsTests", dependencies: ["KeywordLabels", "AudioTestSupport"]),
        .testTarget(name: "SharedLibrariesTests", dependencies: ["SharedLibraries"]),
        .testTarget(name: "ThreadingTests", dependencies: ["Threading"]),
        .testTarget(name: "TextFormattingTests", dependencies: ["TextFormatting"]),
        .testTarget(name: "SusiListenTests", dependencies: ["Pipeline", "AudioInput", "AudioPlayback", "SusiListen", "HTTPTestSupport", "AudioTestSupport", "JSONText", "SocketTestSupport", "CSndFile"]),
    ]
)
