import Foundation
import ParloCore

/// One parser of outside input, driven the way Parlo drives it, for libFuzzer and the replay test.
///
/// A harness may throw nothing and must not crash: every input either parses or ends in a
/// one-line Parlo error (anything else is a defect, and `requireOneLine` traps so libFuzzer
/// records the input). The same code runs under libFuzzer (`Fuzz/`, release with sanitizers)
/// and in `CorpusReplayTests` (plain debug build), so the committed corpus is a regression test.
public struct FuzzTarget: Sendable {
    /// The name used on the command line and as the corpus folder (`Fuzz/Corpus/NAME`).
    public let name: String
    /// libFuzzer's `-max_len` for this target: large enough for real files of its kind.
    public let maxLength: Int
    /// Runs one input.
    public let run: @Sendable (Data) -> Void

    /// Every target, in the order `scripts/fuzz` runs them.
    public static let all: [FuzzTarget] = [
        TemplateHarness.target, CatalogHarness.target, JSGFHarness.target, MatcherHarness.target,
        ReadingHarness.target, ResultsHarness.target, RawAudioHarness.target, AudioHeaderHarness.target, SSMLHarness.target,
        PDFHarness.target,
    ]

    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// Traps unless `error` is a Parlo error whose message is one non-empty line: what the CLI
/// prints must never be a Swift dump or a multi-line library message.
func requireOneLine(_ error: any Error, _ target: String) {
    guard let e = error as? any ParloError else {
        fatalError("\(target): not a Parlo error: \(String(reflecting: error))")
    }
    let m = e.message
    if m.isEmpty || m.contains(where: \.isNewline) {
        fatalError("\(target): error message is not one line: \(m.debugDescription)")
    }
}

/// The repository's root, found from this file: harnesses build on its `grammars/`.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// A scratch file per process for harnesses that must hand a path to a C library.
func scratchFile(_ ext: String) -> String {
    let dir = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    return "\(dir)/parlo-fuzz-\(getpid()).\(ext)"
}
