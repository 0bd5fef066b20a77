import Foundation
import XCTest
import ParloCommands
import ParloCore
import ParloEvaluation
import ParloRecognizer
@testable import ParloBatch

/// How batch results are scored (issue 14): `correct` is the command outcome, the transcript
/// its own field; results carry what they were scored against, so a tally of results read back
/// equals the run's; shards split any file set deterministically.
final class ScoringTests: XCTestCase {
    /// A tiny catalog's matcher: what "open math" and "go to math" trigger.
    static func interpret(_ text: String) -> MatchResult {
        switch text {
        case "open math", "go to math": MatchResult(text: text, command: "open_subject", slots: ["subject": .text("math")], language: .en, confidence: 1, rejected: false)
        case "start a ten minute timer": MatchResult(text: text, command: "set_timer", slots: ["minutes": .number(10)], language: .en, confidence: 1, rejected: false)
        default: MatchResult(text: text, command: nil, language: nil, confidence: 0, rejected: true)
        }
    }

    /// A result of the catalog: heard `text`, which triggered `match`.
    func result(_ file: String, heard text: String, snrDB: Double? = nil) -> FileResult {
        let recognition = Recognition(text: text, words: [], score: -1000, audioSeconds: 1, rejected: text.isEmpty,
                                      confidence: text.isEmpty ? 0 : 1, hypothesisFound: true)
        return FileResult(file: file, recognition: recognition, decodeSeconds: 0.1, match: Self.interpret(text), snrDB: snrDB)
    }

    func testOtherWordsForTheRightCommandAndARejectedNonCommandAreRightAndSlotErrorsAreListed() throws {
        var tally = BatchTally(interpret: Self.interpret)
        // The manifest names no command: the expected text's own command is expected.
        let otherWords = tally.add(result("a.wav", heard: "go to math", snrDB: 24.96), expectation: Expectation(text: "open math", fields: ["language": .string("en")]))
        XCTAssertEqual(otherWords.correct, true, "the right command in other words")
        XCTAssertEqual(otherWords.textCorrect, false, "the transcript is its own field")
        XCTAssertEqual(otherWords.expectedCommand, ExpectedCommand(name: "open_subject", slots: ["subject": .text("math")]))
        let nonCommand = tally.add(result("b.wav", heard: ""), expectation: Expectation(text: "open the window", fields: [
            "command": .null, "rejected": .bool(true), "language": .string("en"), "snr_db": .null]))
        XCTAssertEqual(nonCommand.correct, true, "no command said, none triggered")
        XCTAssertEqual(nonCommand.condition, "clean")
        let slot = tally.add(result("c.wav", heard: "open math", snrDB: 7.3), expectation: Expectation(text: "start a ten minute timer", fields: [
            "command": .string("set_timer"), "slots": .object(["minutes": .number(20)]), "language": .string("it"), "snr_db": .number(5)]))
        XCTAssertEqual(slot.correct, false)
        let timer = tally.add(result("d.wav", heard: "start a ten minute timer", snrDB: 9.99), expectation: Expectation(text: "start a twenty minute timer", fields: [
            "command": .string("set_timer"), "slots": .object(["minutes": .number(20)]), "language": .string("en"), "condition": .string("snr05")]))
        XCTAssertEqual(timer.correct, false, "the right command with a wrong slot value")
        let summary = tally.finished(wallSeconds: 1, jobs: 1)
        let commands = try XCTUnwrap(summary.commands)
        XCTAssertEqual(commands.scored, 4)
        XCTAssertEqual(commands.correct, 2)
        XCTAssertEqual(commands.slotErrors, ["set_timer minutes=20": ["set_timer minutes=10": 1]])
        XCTAssertEqual(commands.confusion["set_timer"], ["open_subject": 1, "set_timer": 1])
        XCTAssertEqual(commands.byLanguage, ["en": .init(scored: 3, correct: 2), "it": .init(scored: 1, correct: 0)])
        XCTAssertEqual(commands.byCondition["clean"], ["en": .init(scored: 1, correct: 1)])
        XCTAssertEqual(Set(commands.byCondition.keys), ["clean", "5 dB", "snr05"])
        XCTAssertEqual(summary.rejection?.outOfGrammarRejected, 1)
        XCTAssertEqual(otherWords.snrDB, 25, "rounded to 0.1 dB")
        // Banded as printed: 9.99 dB is 10.0 dB, in 10–15.
        XCTAssertEqual(commands.bySNR, ["≥ 20 dB": .init(scored: 1, correct: 1), "10–15 dB": .init(scored: 1, correct: 0),
                                        "5–10 dB": .init(scored: 1, correct: 0), "-": .init(scored: 1, correct: 1)])

        // Read back from JSON Lines and counted again, without manifest or catalog: the same summary.
        var again = BatchTally()
        let encoder = JSONLinesEncoder()
        for r in [otherWords, nonCommand, slot, timer] {
            again.add(try JSONDecoder().decode(FileResult.self, from: Data(encoder.line(r).utf8)))
        }
        XCTAssertEqual(try encoder.line(again.finished(wallSeconds: 1, jobs: 1)), try encoder.line(summary))
    }

    func testWithoutACatalogCorrectIsTheTranscript() {
        var tally = BatchTally()
        let r = tally.add(result("a.wav", heard: "open math"), expectation: Expectation(text: "Open math."))
        XCTAssertEqual(r.correct, true)
        XCTAssertEqual(r.textCorrect, true)
        XCTAssertNil(r.expectedCommand)
        XCTAssertNil(tally.finished(wallSeconds: 1, jobs: 1).commands)
    }

    func testShardsSplitAnyFileSetOnceEvenlyWhateverTheOrder() {
        let keys = (0..<3000).map { "quiet/en-cmd-\(String(format: "%03d", $0 % 1000))-\($0 / 1000).wav" }
        let n = 7
        var sizes = [Int](repeating: 0, count: n)
        for key in keys {
            let owners = (1...n).filter { Shard(index: $0, count: n)!.contains(key: key) }
            XCTAssertEqual(owners.count, 1, key)
            sizes[owners[0] - 1] += 1
        }
        // 3000 / 7 ≈ 429 each; a fair split stays within ±15 %.
        for s in sizes { XCTAssertEqual(Double(s), 3000.0 / 7, accuracy: 3000.0 / 7 * 0.15, "\(sizes)") }
        XCTAssertEqual(Shard.of(key: "a/b.wav", count: 5), Shard.of(key: "a/b.wav", count: 5))
        XCTAssertEqual(Shard("2/8"), Shard(index: 2, count: 8))
        for bad in ["0/3", "4/3", "x", "1/0", "", "/", "1/", "+1/2", "1/2/3", "١/٢"] { XCTAssertNil(Shard(bad), bad) }
    }
}
