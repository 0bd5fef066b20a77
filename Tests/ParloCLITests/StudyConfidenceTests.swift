import Foundation
import ParloTesting
import XCTest

/// A spoken command's `command` event in `parlo study` is as sure as its recognition: the live
/// model's probability on the study decoder's evidence, not the text match's 1 (which every
/// command of the recorded session used to show, on the desk page too).
final class StudyConfidenceTests: XCTestCase {
    func testSpokenCommandsCarryTheRecognitionsConfidence() throws {
        let root = Repository.root
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-study-confidence-\(getpid()).wav").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try ParloProcess.run(["study", "--input", root.appendingPathComponent("audio-fixtures/session/demo-session.wav").path,
                                        "--fast", "--json", "--out", out, "--grammar", Repository.grammars,
                                        root.appendingPathComponent("Sources/ParloStudy/Resources/sample").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let commands = try run.lines.map(ParloProcess.object).filter { $0["type"] as? String == "command" }
        // All seven of the recording's; the least sure is an English "next" (0.529; until session
        // 23 the last, a lone "prossimo": StudyAudioSessionTests.acted, docs/listening.md).
        XCTAssertEqual(commands.count, 7, "the recording's commands")
        let rejected = try run.lines.map(ParloProcess.object).filter { $0["type"] as? String == "rejected" }
        XCTAssertEqual(rejected.count, 0, "nothing rejected")
        let confidences = try commands.map { try XCTUnwrap($0["confidence"] as? Double) }
        XCTAssertTrue(confidences.allSatisfy { $0 >= 0.5 && $0 < 1 }, "acted on: sure, never the match's 1: \(confidences)")
        XCTAssertGreaterThanOrEqual(Set(confidences).count, 3, "\(confidences)")
        XCTAssertTrue(commands.allSatisfy { $0["source"] as? String == "voice" })
    }
}
