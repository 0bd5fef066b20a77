// swift-tools-version:6.0
import PackageDescription

/// A C library reached through pkg-config, with the Debian package that provides it.
func cLibrary(_ name: String, pkgConfig: String, apt: [String]) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt(apt)])
}

let package = Package(
    name: "Parlo",
    products: [
        .library(name: "Parlo", targets: ["Parlo"]),
        .executable(name: "parlo", targets: ["ParloCLI"]),
        // The parsers of outside input as fuzz harnesses, for the libFuzzer package in Fuzz/.
        .library(name: "ParloFuzzHarness", targets: ["ParloFuzzHarness"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // Thin C shims: one per library, symbols prefixed `parlo_`.
        cLibrary("CPocketSphinx", pkgConfig: "pocketsphinx", apt: ["libpocketsphinx-dev", "libsphinxbase-dev"]),
        cLibrary("CEspeakNG", pkgConfig: "espeak-ng", apt: ["libespeak-ng-dev"]),
        cLibrary("CALSA", pkgConfig: "alsa", apt: ["libasound2-dev"]),
        cLibrary("CSndFile", pkgConfig: "sndfile", apt: ["libsndfile1-dev"]),
        cLibrary("CSoxr", pkgConfig: "soxr", apt: ["libsoxr-dev"]),
        cLibrary("CSpeexDSP", pkgConfig: "speexdsp", apt: ["libspeexdsp-dev"]),
        cLibrary("CWebRTCVAD", pkgConfig: "webrtc-audio-processing", apt: ["libwebrtc-audio-processing-dev"]),

        // Pipeline stages.
        .target(name: "ParloCore", dependencies: [.product(name: "Logging", package: "swift-log")]),
        .target(name: "ParloAudio", dependencies: ["ParloCore", "CSndFile", "CSoxr"]),
        .target(name: "ParloRecognizer", dependencies: ["ParloCore", "ParloAudio", "CPocketSphinx",
                                                        .product(name: "Logging", package: "swift-log")]),
        .target(name: "ParloESpeak", dependencies: ["ParloCore", "CEspeakNG"]),
        .target(name: "ParloEvaluation", dependencies: ["ParloCore"]),
        .target(name: "ParloBatch", dependencies: ["ParloCore", "ParloAudio", "ParloRecognizer", "ParloEvaluation",
                                                  "ParloCapture", "ParloListen", "ParloVoiceActivity",
                                                  "ParloCatalog", "ParloCommands"]),
        .target(name: "ParloALSA", dependencies: ["ParloCore", "ParloAudio", "CALSA", .product(name: "Logging", package: "swift-log")]),
        .target(name: "ParloMeter", dependencies: ["ParloCore"]),
        .target(name: "ParloEndpointer", dependencies: []),
        .target(name: "ParloVoiceActivity", dependencies: ["ParloCore", "ParloEndpointer", "CWebRTCVAD"]),
        .target(name: "ParloCapture", dependencies: ["ParloCore", "ParloAudio", "ParloALSA",
                                                     .product(name: "Logging", package: "swift-log")]),
        .target(name: "ParloListen", dependencies: ["ParloCore", "ParloCapture", "ParloMeter", "ParloEndpointer", "ParloRecognizer"]),
        .target(name: "Parlo", dependencies: ["ParloCore", "ParloAudio", "ParloRecognizer", "ParloEvaluation", "ParloBatch", "ParloESpeak",
                                              "ParloALSA", "ParloCapture", "ParloMeter", "ParloEndpointer", "ParloVoiceActivity", "ParloListen", "ParloSpeech",
                                              "ParloEcho",
                                              "ParloCatalog", "ParloCommands", "ParloFixtures", "ParloStudy"]),
        .target(name: "ParloSpeech", dependencies: ["ParloCore", "ParloAudio", "ParloESpeak", "ParloALSA", "ParloMeter", "CEspeakNG",
                                                     .product(name: "Logging", package: "swift-log"),
                                                     .product(name: "Yams", package: "Yams")]),
        .executableTarget(name: "ParloSpeechBench", dependencies: ["ParloSpeech"]),
        .target(name: "ParloCatalog", dependencies: ["ParloCore", "ParloRecognizer", "ParloESpeak", "Yams",
                                                     .product(name: "Logging", package: "swift-log")]),
        .target(name: "ParloCommands", dependencies: ["ParloCore", "ParloCatalog", .product(name: "Logging", package: "swift-log")]),
        .target(name: "ParloFixtures", dependencies: ["ParloCore", "ParloAudio", "ParloCatalog", "ParloESpeak", "ParloSpeech",
                                                      .product(name: "Logging", package: "swift-log")]),
        .target(name: "ParloStudy", dependencies: ["ParloCore", "ParloCatalog", "ParloCommands", "ParloSpeech", "ParloListen", "ParloMeter", "ParloEndpointer", "ParloVoiceActivity",
                                                   "ParloCapture", "ParloRecognizer", "ParloAudio", "ParloESpeak",
                                                   "ParloEcho",
                                                   .product(name: "Logging", package: "swift-log")],
                resources: [.copy("Resources/sample")]),
        .target(name: "ParloEcho", dependencies: ["ParloCore", "ParloAudio", "ParloCapture", "ParloMeter", "ParloSpeech", "CSpeexDSP"]),
        .executableTarget(name: "ParloCLI", dependencies: [
            "Parlo",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        .target(name: "ParloFuzzHarness", dependencies: ["ParloCore", "ParloAudio", "ParloRecognizer", "ParloEvaluation", "ParloBatch",
                                                        "ParloESpeak", "ParloSpeech", "ParloCatalog", "ParloCommands"]),

        .executableTarget(name: "ParloBench", dependencies: ["Parlo"]),
        .executableTarget(name: "ParloMatchBench", dependencies: ["ParloCatalog", "ParloCommands"]),
        .executableTarget(name: "ParloListenBench", dependencies: ["Parlo"]),

        .testTarget(name: "ParloCoreTests", dependencies: ["ParloCore"]),
        .testTarget(name: "ParloAudioTests", dependencies: ["ParloAudio"]),
        .testTarget(name: "ParloRecognizerTests", dependencies: ["ParloRecognizer", "ParloAudio"]),
        .testTarget(name: "ParloESpeakTests", dependencies: ["ParloESpeak"]),
        .testTarget(name: "ParloEvaluationTests", dependencies: ["ParloEvaluation"]),
        .testTarget(name: "ParloBatchTests", dependencies: ["ParloBatch"]),
        .testTarget(name: "ParloALSATests", dependencies: ["ParloALSA"]),
        .testTarget(name: "ParloMeterTests", dependencies: ["ParloMeter"]),
        .testTarget(name: "ParloEndpointerTests", dependencies: ["ParloEndpointer"]),
        .testTarget(name: "ParloVoiceActivityTests", dependencies: ["ParloVoiceActivity", "ParloEndpointer", "ParloAudio", "ParloCore"]),
        .testTarget(name: "ParloCaptureTests", dependencies: ["ParloCapture", "ParloALSA"]),
        .testTarget(name: "ParloListenTests", dependencies: ["ParloListen", "ParloCapture", "ParloALSA", "ParloAudio", "ParloRecognizer", "ParloCore", "ParloESpeak"]),
        .testTarget(name: "ParloCLITests", dependencies: ["ParloCLI", "ParloAudio"]),
        .testTarget(name: "ParloSpeechTests", dependencies: ["ParloSpeech", "ParloRecognizer", "ParloAudio", "ParloCatalog"]),
        .testTarget(name: "ParloCatalogTests", dependencies: ["ParloCatalog", "ParloRecognizer", "ParloAudio"]),
        .testTarget(name: "ParloStudyTests", dependencies: ["ParloStudy", "ParloCatalog", "ParloCommands", "ParloSpeech", "ParloListen",
                                                         "ParloEcho",
                                                         "ParloCapture", "ParloALSA", "ParloAudio", "ParloRecognizer", "ParloCore", "ParloESpeak"]),
        .testTarget(name: "ParloCommandsTests", dependencies: ["ParloCommands", "ParloCatalog", "ParloRecognizer", "ParloAudio"]),
        .testTarget(name: "ParloFixturesTests", dependencies: ["ParloFixtures", "ParloCatalog", "ParloCommands", "ParloRecognizer", "ParloAudio", "ParloCLI"]),
        .testTarget(name: "ParloFuzzHarnessTests", dependencies: ["ParloFuzzHarness"]),
        .testTarget(name: "ParloEchoTests", dependencies: ["ParloEcho", "ParloSpeech", "ParloAudio", "ParloCore", "ParloESpeak", "ParloCapture"]),
    ],
    swiftLanguageModes: [.v5]
)

// Release builds link the Swift runtime and Foundation statically (`-static-stdlib` when compiling,
// so modules autolink the static libraries, and when linking executables). Listening, the shared
// libraries cost ~5 MB more resident memory: relocated data, symbol tables and code pages of ten
// libraries. Release only: debug test bundles load XCTest, which needs the shared runtime.
let staticStdlib: [String] = ["-static-stdlib"]
for target in package.targets where target.type != .system {
    if target.type != .test {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(staticStdlib, .when(configuration: .release))]
    }
    if target.type == .executable {
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(staticStdlib, .when(configuration: .release))]
    }
}
