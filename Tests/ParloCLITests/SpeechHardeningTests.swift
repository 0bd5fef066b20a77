import Foundation
import ParloAudio
import XCTest

/// Issue 13, `say`, `read` and `study`: untrusted text and input end cleanly, with one clear
/// line for what is wrong, and the audio already spoken is kept.
final class SpeechHardeningTests: XCTestCase {
    var dir: URL!
    static let grammar = BatchCatalogTests.root.appendingPathComponent("grammars").path

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-speech-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// Seconds of audio in a WAV written by parlo (0 when libsndfile cannot read it).
    func seconds(_ wav: String) throws -> Double { try SpeechFileReader(path: wav).duration }

    func testReadingAFolderIsOneClearErrorNotACrash() throws {
        let out = try ParloProcess.run(["read", dir.path, "--out", path("x.wav")])
        XCTAssertEqual(out.status, 1, out.stderr)
        let lines = ParloProcess.errorLines(out)
        XCTAssertEqual(lines.count, 1, out.stderr)
        XCTAssertTrue(lines.first?.contains("is a folder") ?? false, out.stderr)
    }

    func testStudyPausedWithNothingReadingStillAnswersResumeAndEnds() throws {
        let wav = path("r.wav")
        let (out, timedOut) = try ParloProcess.run(["study", "--text", "--out", wav, "--grammar", Self.grammar],
                                                   stdin: "pause\nhelp\nresume\n", timeout: 60)
        XCTAssertFalse(timedOut, "parlo study hung after 'pause'")
        XCTAssertEqual(out.status, 0, out.stderr)
        let commands = try out.lines.map(ParloProcess.object).filter { $0["type"] as? String == "command" }
        XCTAssertEqual(commands.compactMap { $0["command"] as? String }, ["pause", "help", "resume"])
        XCTAssertGreaterThan(try seconds(wav), 1, "the help reply is spoken once resumed")
    }
}
