// swift-tools-version:6.0
import PackageDescription

/// The libFuzzer driver for Parlo's parsers of outside input; built only by `scripts/fuzz`, with
/// `-sanitize=fuzzer,address`, so the main package's products stay free of fuzzing flags.
/// The harnesses themselves live in the main package (`ParloFuzzHarness`), where
/// `CorpusReplayTests` replays the committed corpus in every `make test`.
let package = Package(
    name: "ParloFuzz",
    dependencies: [.package(name: "Parlo", path: "..")],
    targets: [
        .target(name: "CLibFuzzer"),
        .executableTarget(name: "ParloFuzz",
                          dependencies: ["CLibFuzzer", .product(name: "ParloFuzzHarness", package: "Parlo")],
                          // Dynamic Swift runtime: the static one needs FoundationXML's private
                          // _CFXMLInterface archive, which SwiftPM links only for --static-swift-stdlib.
                          linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
    ],
    swiftLanguageModes: [.v5]
)
