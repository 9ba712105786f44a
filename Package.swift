// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "susi-listen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "susi-listen", targets: ["SusiListen"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Thin system-library targets: one per C library, found through pkg-config.
        .systemLibrary(
            name: "CPocketSphinx", pkgConfig: "pocketsphinx",
            providers: [.apt(["libpocketsphinx-dev", "pocketsphinx-en-us"])]),
        .systemLibrary(
            name: "CSndFile", pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(
            name: "CSoxr", pkgConfig: "soxr",
            providers: [.apt(["libsoxr-dev"])]),

        // Pipeline stages.
        .target(name: "AudioInput", dependencies: ["CSndFile", "CSoxr"]),
        .target(name: "HotwordDetection", dependencies: ["CPocketSphinx"]),
        .target(name: "Pipeline", dependencies: ["AudioInput", "HotwordDetection"]),
        .target(name: "DetectionBenchmark", dependencies: ["Pipeline", "AudioInput", "HotwordDetection"]),
        .executableTarget(
            name: "SusiListen",
            dependencies: [
                "Pipeline", "AudioInput", "HotwordDetection", "DetectionBenchmark",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        .testTarget(name: "AudioInputTests", dependencies: ["AudioInput", "CSndFile"]),
        .testTarget(name: "HotwordDetectionTests", dependencies: ["HotwordDetection", "AudioInput", "DetectionBenchmark"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline"]),
        .testTarget(name: "DetectionBenchmarkTests", dependencies: ["DetectionBenchmark"]),
        .testTarget(name: "SusiListenTests", dependencies: ["Pipeline"]),
    ]
)
