import Foundation
import ParloTesting
import XCTest

/// Issue 14, at the terminal: typed commands work with no audio device — `--mute`, or a missing
/// playback device with a one-line note — and text that is no command gets an answer.
final class StudyTextTests: ScratchFolderTestCase {
    static let grammar = Repository.grammars

    func replies(_ out: ParloProcess.Output) throws -> [String] {
        try out.lines.map(ParloProcess.object).filter { $0["type"] as? String == "reply" }.compactMap { $0["text"] as? String }
    }

    func testMutedSessionPrintsRepliesAndAnswersNonCommandsInTheirLanguage() throws {
        let (out, timedOut) = try ParloProcess.run(["study", "--text", "--mute", "--grammar", Self.grammar, "--json"],
                                                   stdin: "open math\nbanana bread please\nche tempo fa oggi\nhelp\n", timeout: 60)
        XCTAssertFalse(timedOut)
        XCTAssertEqual(out.status, 0, out.stderr)
        let said = try replies(out)
        XCTAssertEqual(said.first, "Opening math, 3 materials", "\(said)")
        XCTAssertTrue(said.contains("Sorry, I didn't catch that"), "\(said)")
        XCTAssertTrue(said.contains("Scusa, non ho capito"), "Italian text is answered in Italian: \(said)")
        XCTAssertTrue(said.last?.hasPrefix("You can say") == true, "\(said)")
        XCTAssertEqual(ParloProcess.errorLines(out).count, 0, out.stderr)
    }

    func testAMissingPlaybackDeviceIsANoteNotAFailure() throws {
        let (out, timedOut) = try ParloProcess.run(["study", "--text", "--speaker", "no_such_card", "--grammar", Self.grammar, "--json"],
                                                   stdin: "open math\n", timeout: 60)
        XCTAssertFalse(timedOut)
        XCTAssertEqual(out.status, 0, out.stderr)
        let lines = ParloProcess.errorLines(out)
        XCTAssertEqual(lines.count, 1, out.stderr)
        XCTAssertTrue(lines.first?.contains("no playback device 'no_such_card'") == true, out.stderr)
        XCTAssertTrue(lines.first?.contains("--mute") == true, out.stderr)
        XCTAssertEqual(try replies(out), ["Opening math, 3 materials"])
    }
}
