import Foundation
import XCTest
import ParloTesting

/// Issue 13, audio input: raw options only for headerless files, and a file that cannot be read
/// says why (missing, a folder, no permission, a link loop, not audio) in one accurate line.
final class InputHardeningTests: ScratchFolderTestCase {
    static let cards = BatchCommandTests.cards

    func batch(_ arguments: [String]) throws -> ParloProcess.Output {
        let (out, timedOut) = try ParloProcess.run(["batch", "--json", "--jsgf", Self.cards + "/cards.gram"] + arguments, timeout: 120)
        XCTAssertFalse(timedOut)
        return out
    }

    func testRawOptionsAreIgnoredForFilesWithAHeaderWithOneWarning() throws {
        // 8 kHz applied to this 16 kHz WAV used to halve its speed: "ten of hearts two diamonds".
        let out = try batch(["--raw-rate", "8000", Self.cards + "/003.wav", Self.cards + "/001.wav"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let first = try ParloProcess.object(out.lines[0])
        XCTAssertEqual(first["text"] as? String, "seven of clubs")
        XCTAssertEqual(first["audio_s"] as? Double ?? 0, 1.54, accuracy: 0.01)
        let warnings = ParloProcess.errorLines(out)
        XCTAssertEqual(warnings.count, 1, "one warning per batch, not per file: \(out.stderr)")
        XCTAssertTrue(warnings.first?.contains("003.wav") ?? false, out.stderr)
        XCTAssertTrue(warnings.first?.contains("ignored") ?? false, out.stderr)
    }

    func testRawOptionsStillApplyToHeaderlessFiles() throws {
        // The WAV's samples without its 44-byte header: only --raw-rate makes them audio.
        let wav = try Data(contentsOf: URL(fileURLWithPath: Self.cards + "/003.wav"))
        try wav.dropFirst(44).write(to: URL(fileURLWithPath: path("003.pcm")))
        let out = try batch(["--raw-rate", "16000", path("003.pcm")])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(try ParloProcess.object(out.lines[0])["text"] as? String, "seven of clubs")
        XCTAssertEqual(out.stderr, "")
    }

    func testRawHelpSaysHeadersWin() throws {
        let help = try ParloProcess.run(["batch", "--help"]).stdout
        XCTAssertTrue(help.contains("files with a header"), help)
    }
}

/// Issue 13 defect 13.1-2: each reason an audio file cannot be used has its own line; only a
/// readable file libsndfile failed to parse gets the "not audio" hint.
extension InputHardeningTests {
    /// The one stderr line of a failed run.
    func failure(_ arguments: [String]) throws -> String {
        let (out, timedOut) = try ParloProcess.run(arguments, timeout: 60)
        XCTAssertFalse(timedOut, "\(arguments)")
        XCTAssertEqual(out.status, 1, "\(arguments): \(out.stderr)")
        let lines = ParloProcess.errorLines(out)
        XCTAssertEqual(lines.count, 1, "\(arguments): \(out.stderr)")
        return String(lines.first ?? "")
    }

    func testEachUnreadableInputSaysWhy() throws {
        try Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(to: URL(fileURLWithPath: path("noise.wav")))
        try FileManager.default.createSymbolicLink(atPath: path("a"), withDestinationPath: path("b"))
        try FileManager.default.createSymbolicLink(atPath: path("b"), withDestinationPath: path("a"))
        try FileManager.default.createDirectory(atPath: path("folder.wav"), withIntermediateDirectories: false)
        let cases: [(String, String)] = [
            (path("missing.wav"), "no such file"), (path("a"), "symbolic link loop"),
            (path("folder.wav"), "is a folder"), ("/dev/zero", "is a device"),
            (path("noise.wav"), "not audio libsndfile can read"),
        ]
        for (file, reason) in cases {
            var runs = [["listen", "--grammar", SpeechHardeningTests.grammar, "--fast", "--input", file]]
            // batch searches a folder for audio instead (its own message when it finds none).
            if reason != "is a folder" { runs.append(["batch", "--jsgf", Self.cards + "/cards.gram", "--json", file]) }
            for arguments in runs {
                let line = try failure(arguments)
                XCTAssertTrue(line.contains(reason), "\(file): \(line)")
                XCTAssertFalse(line.contains("does not exist") && reason != "no such file", line)
                // The libsndfile hint belongs to files it tried to parse, nothing else.
                XCTAssertEqual(line.contains("convert it to WAV"), reason.hasPrefix("not audio"), line)
            }
        }
    }

    func testUnwritableOutputsSayWhyWithoutTheAudioHint() throws {
        _ = FileManager.default.createFile(atPath: path("file"), contents: Data())
        try FileManager.default.createSymbolicLink(atPath: path("a"), withDestinationPath: path("b"))
        try FileManager.default.createSymbolicLink(atPath: path("b"), withDestinationPath: path("a"))
        let cases = [(path("none/x.wav"), "does not exist"), (dir.path, "is a folder"),
                     (path("file/x.wav"), "is not a folder"), (path("a"), "symbolic link loop")]
        for (out, reason) in cases {
            let line = try failure(["say", "--out", out, "hi"])
            XCTAssertTrue(line.contains(reason), "\(out): \(line)")
            XCTAssertFalse(line.contains("libsndfile") || line.contains("audio file"), line)
        }
    }
}
