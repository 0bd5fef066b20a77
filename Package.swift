// swift-tools-version:6.1
import PackageDescription

/// A C library reached through pkg-config, with the Debian package that provides it.
func cLibrary(_ name: String, pkgConfig: String, apt: [String]) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt(apt)])
}

let package = Package(
    name: "Parlo",
    // Static linking of the Swift runtime is the build command's choice (`make build` passes
    // --static-swift-stdlib), not the manifest's: unsafe flags would bar Parlo as a dependency.
    products: [
        // The engine: every pipeline stage, re-exported by one module.
        .library(name: "Parlo", targets: ["Parlo"]),
        // Parts for apps that need less: catalogs and the text matcher (pure Swift), speech
        // output, live listening.
        .library(name: "ParloCommands", targets: ["ParloCommands"]),
        .library(name: "ParloSpeech", targets: ["ParloSpeech"]),
        .library(name: "ParloListen", targets: ["ParloListen"]),
        // The study app's session, kept out of the engine.
        .library(name: "ParloStudy", targets: ["ParloStudy"]),
        .executable(name: "parlo", targets: ["ParloCLI"]),
        // Shared test doubles and fixture paths, for Parlo's tests and for apps testing on Parlo.
        .library(name: "ParloTesting", targets: ["ParloTesting"]),
        // The parsers of outside input as fuzz harnesses, for the libFuzzer package in Fuzz/.
        .library(name: "ParloFuzzHarness", targets: ["ParloFuzzHarness"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `swift package generate-documentation` (make docs): DocC for the library modules.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // The study desk page's server (ParloDesk). No traits: swift-configuration and the full
        // Foundation extras are not used, and not building them keeps `make test` shorter.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    ],
    targets: [
        // Thin C shims: one per library, symbols prefixed `parlo_`.
        cLibrary("CPocketSphinx", pkgConfig: "pocketsphinx", apt: ["libpocketsphinx-dev", "libsphinxbase-dev"]),
        cLibrary("CEspeakNG", pkgConfig: "espeak-ng", apt: ["libespeak-ng-dev"]),
        cLibrary("CALSA", pkgConfig: "alsa", apt: ["libasound2-dev"]),
        cLibrary("CSndFile", pkgConfig: "sndfile", apt: ["libsndfile1-dev"]),
        cLibrary("CSoxr", pkgConfig: "soxr", apt: ["libsoxr-dev"]),
        cLibrary("CSpeexDSP", pkgConfig: "speexdsp", apt: ["libspeexdsp-dev"]),
        cLibrary("CFFTW", pkgConfig: "fftw3f", apt: ["libfftw3-dev"]),
        cLibrary("CWebRTCVAD", pkgConfig: "webrtc-audio-processing", apt: ["libwebrtc-audio-processing-dev"]),
        cLibrary("CCmarkGFM", pkgConfig: "libcmark-gfm", apt: ["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]),
        cLibrary("CLibXML2", pkgConfig: "libxml-2.0", apt: ["libxml2-dev"]),
        // poppler-glib is loaded when a PDF is first read, not linked: linked, it and what it
        // brings (GLib, cairo, NSS, X11) cost every process ~7 MB at start-up, `parlo listen` too.
        .target(name: "CPoppler"),

        // Pipeline stages.
        .target(name: "ParloCore"),
        // Text before speech: sentences and their language (English/Italian), pure Swift.
        .target(name: "ParloText", dependencies: ["ParloCore"]),
        .target(name: "ParloAudio", dependencies: ["ParloCore", "CSndFile", "CSoxr"]),
        .target(name: "ParloRecognizer", dependencies: ["ParloCore", "CPocketSphinx"]),
        .target(name: "ParloESpeak", dependencies: ["ParloCore", "CEspeakNG", "CLibXML2"]),
        .target(name: "ParloEvaluation", dependencies: ["ParloCore"]),
        // A room's reverberation taken out of a recording (weighted prediction error, FFTW).
        .target(name: "ParloReverb", dependencies: ["ParloCore", "CFFTW"]),
        .target(name: "ParloBatch", dependencies: ["ParloCore", "ParloAudio", "ParloRecognizer", "ParloEvaluation", "ParloReverb",
                                                  "ParloCapture", "ParloListen", "ParloEndpointer", "ParloVoiceActivity",
                                                  "ParloCatalog", "ParloCommands"]),
        .target(name: "ParloALSA", dependencies: ["ParloCore", "ParloAudio", "CALSA", .product(name: "Logging", package: "swift-log")]),
        .target(name: "ParloMeter", dependencies: ["ParloCore"]),
        .target(name: "ParloEndpointer", dependencies: []),
        .target(name: "ParloVoiceActivity", dependencies: ["ParloCore", "ParloMeter", "ParloEndpointer", "CWebRTCVAD"]),
        .target(name: "ParloCapture", dependencies: ["ParloCore", "ParloAudio", "ParloALSA",
                                                     .product(name: "Logging", package: "swift-log")]),
        .target(name: "ParloListen", dependencies: ["ParloCore", "ParloCapture", "ParloMeter", "ParloEndpointer", "ParloRecognizer",
                                                    "ParloCatalog", "ParloCommands"]),
        .target(name: "Parlo", dependencies: ["ParloCore", "ParloAudio", "ParloRecognizer", "ParloEvaluation", "ParloBatch", "ParloESpeak",
                                              "ParloALSA", "ParloCapture", "ParloMeter", "ParloEndpointer", "ParloVoiceActivity", "ParloListen", "ParloSpeech",
                                              "ParloEcho", "ParloDocuments", "ParloText", "ParloReverb",
                                              "ParloCatalog", "ParloGrammar", "ParloCommands", "ParloFixtures"]),
        // Reading material in: Markdown (cmark-gfm), PDF (poppler) and text as blocks to read aloud.
        .target(name: "ParloDocuments", dependencies: ["ParloCore", "CCmarkGFM", "CPoppler"]),
        // The speech queue's rules (priorities, pause, skip), pure Swift; ParloSpeech drives them.
        .target(name: "ParloSpeechQueue"),
        .target(name: "ParloSpeech", dependencies: ["ParloCore", "ParloDocuments", "ParloText", "ParloSpeechQueue", "ParloAudio", "ParloESpeak", "ParloALSA", "ParloMeter", .product(name: "Logging", package: "swift-log"),
                                                     .product(name: "Yams", package: "Yams")]),
        // The catalog model and its sentences, pure Swift; compiling it for PocketSphinx is ParloGrammar.
        .target(name: "ParloCatalog", dependencies: ["ParloCore", "Yams"]),
        .target(name: "ParloGrammar", dependencies: ["ParloCore", "ParloCatalog", "ParloCommands", "ParloRecognizer", "ParloESpeak", "ParloAudio",
                                                     .product(name: "Logging", package: "swift-log")]),
        .target(name: "ParloCommands", dependencies: ["ParloCore", "ParloCatalog", .product(name: "Logging", package: "swift-log")]),
        .target(name: "ParloFixtures", dependencies: ["ParloCore", "ParloAudio", "ParloCatalog", "ParloESpeak", "ParloSpeech",
                                                      .product(name: "Logging", package: "swift-log")]),
        .target(name: "ParloStudy", dependencies: ["ParloCore", "ParloDocuments", "ParloCatalog", "ParloGrammar", "ParloCommands", "ParloSpeech", "ParloListen", "ParloMeter", "ParloEndpointer", "ParloVoiceActivity",
                                                   "ParloCapture", "ParloRecognizer", "ParloAudio", "ParloESpeak",
                                                   "ParloEcho",
                                                   .product(name: "Logging", package: "swift-log")],
                // The sample materials are data found at run time (DataLocator), not a resource
                // bundle: a bundle's path is baked into the binary and breaks once installed.
                exclude: ["Resources"]),
        .target(name: "ParloEcho", dependencies: ["ParloCore", "ParloAudio", "ParloCapture", "ParloMeter", "ParloSpeech", "CSpeexDSP", "ParloListen", "ParloEndpointer", "ParloVoiceActivity", "ParloRecognizer", "ParloReverb"]),
        // The study desk page: a local web page fed the session's events over a WebSocket. Its
        // HTML, CSS and JavaScript are embedded in the code (no bundle to find once installed).
        .target(name: "ParloDesk", dependencies: ["ParloCore",
                                                  .product(name: "Hummingbird", package: "hummingbird"),
                                                  .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket")],
                resources: [.embedInCode("Resources/desk.html"), .embedInCode("Resources/desk.css"),
                            .embedInCode("Resources/desk.js")]),
        .executableTarget(name: "ParloCLI", dependencies: [
            "Parlo", "ParloStudy", "ParloDesk",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        .target(name: "ParloFuzzHarness", dependencies: ["ParloCore", "ParloDocuments", "ParloAudio", "ParloRecognizer", "ParloEvaluation", "ParloBatch",
                                                        "ParloESpeak", "ParloSpeech", "ParloCatalog", "ParloCommands"]),

                // Benchmarks (`make bench`), outside the library's sources.
        .executableTarget(name: "ParloBench", dependencies: ["Parlo"], path: "Benchmarks/ParloBench"),
        .executableTarget(name: "ParloMatchBench", dependencies: ["ParloCatalog", "ParloCommands"], path: "Benchmarks/ParloMatchBench"),
        .executableTarget(name: "ParloListenBench", dependencies: ["Parlo"], path: "Benchmarks/ParloListenBench"),
        .executableTarget(name: "ParloSpeechBench", dependencies: ["ParloSpeech"], path: "Benchmarks/ParloSpeechBench"),
        // The reading measurements of docs/reading-text.md (language, sentences, word times).
        .executableTarget(name: "ParloReadingEval", dependencies: ["ParloSpeech", "ParloText", "ParloGrammar", "ParloRecognizer"],
                          path: "Benchmarks/ParloReadingEval"),

        .target(name: "ParloTesting", dependencies: ["ParloCore"]),

        .testTarget(name: "ParloArchitectureTests", dependencies: ["ParloTesting"]),
        .testTarget(name: "ParloDependencyTests", dependencies: ["ParloTesting"]),
        .testTarget(name: "ParloSpeechQueueTests", dependencies: ["ParloSpeechQueue", "ParloCore"]),
        .testTarget(name: "ParloCoreTests", dependencies: ["ParloCore"]),
        .testTarget(name: "ParloTextTests", dependencies: ["ParloText", "ParloTesting"], exclude: ["Data"]),
        .testTarget(name: "ParloAudioTests", dependencies: ["ParloAudio"]),
        .testTarget(name: "ParloRecognizerTests", dependencies: ["ParloRecognizer", "ParloAudio"]),
        .testTarget(name: "ParloESpeakTests", dependencies: ["ParloESpeak"]),
        .testTarget(name: "ParloEvaluationTests", dependencies: ["ParloEvaluation"]),
        .testTarget(name: "ParloBatchTests", dependencies: ["ParloBatch", "ParloGrammar", "ParloTesting"]),
        .testTarget(name: "ParloReverbTests", dependencies: ["ParloReverb", "ParloCore", "ParloTesting"]),
        .testTarget(name: "ParloALSATests", dependencies: ["ParloALSA"]),
        .testTarget(name: "ParloMeterTests", dependencies: ["ParloMeter"]),
        .testTarget(name: "ParloEndpointerTests", dependencies: ["ParloEndpointer"]),
        .testTarget(name: "ParloVoiceActivityTests", dependencies: ["ParloVoiceActivity", "ParloEndpointer", "ParloAudio", "ParloCore", "ParloTesting"]),
        .testTarget(name: "ParloCaptureTests", dependencies: ["ParloCapture", "ParloALSA"]),
        .testTarget(name: "ParloListenTests", dependencies: ["ParloListen", "ParloEcho", "ParloVoiceActivity", "ParloCapture", "ParloALSA", "ParloAudio", "ParloRecognizer", "ParloCore", "ParloCatalog", "ParloCommands", "ParloGrammar", "ParloTesting"]),
        .testTarget(name: "ParloCLITests", dependencies: ["ParloCLI", "ParloAudio", "ParloRecognizer", "ParloTesting"]),
        .testTarget(name: "ParloSpeechTests", dependencies: ["ParloSpeech", "ParloRecognizer", "ParloAudio", "ParloCatalog", "ParloGrammar", "ParloCore", "ParloTesting"]),
        .testTarget(name: "ParloCatalogTests", dependencies: ["ParloCatalog", "ParloCommands", "ParloGrammar", "ParloRecognizer", "ParloTesting"]),
        .testTarget(name: "ParloStudyTests", dependencies: ["ParloStudy", "ParloDocuments", "ParloTesting", "ParloCatalog", "ParloGrammar", "ParloCommands", "ParloSpeech", "ParloListen",
                                                         "ParloEcho",
                                                         "ParloCapture", "ParloALSA", "ParloAudio", "ParloRecognizer", "ParloCore", "ParloESpeak"]),
        .testTarget(name: "ParloCommandsTests", dependencies: ["ParloCommands", "ParloCatalog", "ParloGrammar", "ParloRecognizer", "ParloAudio", "ParloTesting"]),
        .testTarget(name: "ParloFixturesTests", dependencies: ["ParloFixtures", "ParloCatalog", "ParloGrammar", "ParloCommands", "ParloRecognizer", "ParloAudio", "ParloCLI", "ParloTesting"]),
        .testTarget(name: "ParloFuzzHarnessTests", dependencies: ["ParloFuzzHarness"]),
        .testTarget(name: "ParloDocumentsTests", dependencies: ["ParloDocuments", "ParloTesting"]),
        .testTarget(name: "ParloDeskTests", dependencies: ["ParloDesk", "ParloTesting"]),
        .testTarget(name: "ParloEchoTests", dependencies: ["ParloEcho", "ParloSpeech", "ParloAudio", "ParloCore", "ParloESpeak", "ParloCapture"]),
    ],
    swiftLanguageModes: [.v6]
)
