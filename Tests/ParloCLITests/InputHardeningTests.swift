import Foundation
import XCTest

/// Issue 13, audio input: raw options only for headerless files, and a file that cannot be read
/// says why (missing, a folder, no permission, a link loop, not audio) in one accurate line.
final class InputHardeningTests: XCTestCase {
    static let cards = BatchCommandTests.cards
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

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
