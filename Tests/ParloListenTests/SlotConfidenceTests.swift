import Foundation
import ParloCatalog
import ParloCommands
import ParloCore
import ParloListen
import ParloRecognizer
import XCTest

/// A slot value's confidence follows the words that said it: found by the catalog's phrases in
/// the result's language, scored by their acoustic fit, and the result's own confidence where
/// the words are not there.
final class SlotConfidenceTests: XCTestCase {
    static let catalog = try! CatalogLoader.load(folder: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("grammars").path)

    func words(_ text: String, scores: [Double]) -> [Recognition.Word] {
        text.split(separator: " ").enumerated().map { i, w in
            Recognition.Word(word: String(w), start: Double(i) * 0.3, end: Double(i + 1) * 0.3, scorePerFrame: scores[i])
        }
    }

    func testTheValuesWordsAreFoundAndTheirFitMovesItsConfidence() {
        let slots = SlotConfidence(catalog: Self.catalog, model: .batch)
        let timer = MatchResult(text: "", command: "set_timer", slots: ["minutes": .number(25)], language: .en,
                                confidence: 1, rejected: false)
        // "twenty five" is the value: both words, and only them, are measured.
        let sure = slots.values(of: timer, words: words("start a twenty five minute timer", scores: [-90, -90, -30, -40, -90, -90]),
                                resultConfidence: 0.8)
        XCTAssertEqual(sure["minutes"]?.wordScorePerFrame ?? 0, -35, accuracy: 1e-9)
        let doubtful = slots.values(of: timer, words: words("start a twenty five minute timer", scores: [-30, -30, -80, -90, -30, -30]),
                                    resultConfidence: 0.8)
        XCTAssertEqual(doubtful["minutes"]?.wordScorePerFrame ?? 0, -85, accuracy: 1e-9)
        XCTAssertGreaterThan(sure["minutes"]!.confidence, 0.8)
        XCTAssertLessThan(doubtful["minutes"]!.confidence, 0.5)

        // Italian: the value's Italian words; a list slot as well as a number.
        let dieci = MatchResult(text: "", command: "set_timer", slots: ["minutes": .number(10)], language: .it,
                                confidence: 1, rejected: false)
        let it = slots.values(of: dieci, words: words("avvia un timer di dieci minuti", scores: [-30, -30, -30, -30, -70, -30]),
                              resultConfidence: 0.8)
        XCTAssertEqual(it["minutes"]?.wordScorePerFrame ?? 0, -70, accuracy: 1e-9)
        let math = MatchResult(text: "", command: "open_subject", slots: ["subject": .text("math")], language: .it,
                               confidence: 1, rejected: false)
        let subject = slots.values(of: math, words: words("apri matematica", scores: [-30, -66]), resultConfidence: 0.9)
        XCTAssertEqual(subject["subject"]?.wordScorePerFrame ?? 0, -66, accuracy: 1e-9)
    }

    func testAValueWhoseWordsAreNotThereGetsTheResultsConfidence() {
        let slots = SlotConfidence(catalog: Self.catalog, model: .batch)
        let timer = MatchResult(text: "", command: "set_timer", slots: ["minutes": .number(25)], language: .en,
                                confidence: 1, rejected: false)
        let missing = slots.values(of: timer, words: words("start a timer", scores: [-30, -30, -30]), resultConfidence: 0.63)
        XCTAssertNil(missing["minutes"]?.wordScorePerFrame)
        XCTAssertEqual(missing["minutes"]?.confidence ?? 0, 0.63, accuracy: 1e-12)
        // `.resultOnly` is the result's confidence whatever the words.
        let plain = SlotConfidence(catalog: Self.catalog, model: .resultOnly)
            .values(of: timer, words: words("start a twenty five minute timer", scores: [-30, -30, -99, -99, -30, -30]),
                    resultConfidence: 0.7)
        XCTAssertEqual(plain["minutes"]?.confidence ?? 0, 0.7, accuracy: 1e-9)
    }
}

/// A spoken command's slot values carry their own confidence through the interpreter into the
/// `command` event, so a UI (and `parlo study`'s asking back) can doubt "ten" in "ten minutes"
/// while trusting the rest.
final class SpokenSlotConfidenceTests: XCTestCase {
    func testTheInterpreterMeasuresEachSlotValueAndTheCommandEventCarriesIt() throws {
        let compiled = SlotConfidenceTests.catalog
        var interpreter = CommandInterpreter(matcher: try CommandMatcher(catalog: compiled))
        let text = "start a ten minute timer"
        let words = text.split(separator: " ").enumerated().map { i, w in
            Recognition.Word(word: String(w), start: Double(i) * 0.3, end: Double(i + 1) * 0.3, scorePerFrame: i == 2 ? -85 : -30)
        }
        let heard = Recognition(text: text, words: words, score: -5000, audioSeconds: 1.8, confidence: 0.8)
        XCTAssertNil(interpreter.interpret(heard).slotConfidence, "without a SlotConfidence nothing is measured")

        interpreter.slots = SlotConfidence(catalog: compiled, model: .batch)
        let match = interpreter.interpret(heard)
        XCTAssertEqual(match.command, "set_timer")
        XCTAssertEqual(match.slotEvidence?["minutes"] ?? 0, -85, accuracy: 1e-9)
        let doubt = try XCTUnwrap(match.slotConfidence?["minutes"])
        XCTAssertLessThan(doubt, 0.5, "a poorly fitting value must be doubted even in a sure result")

        let event = ListenEvent.command(t: 2, match: match, latencyMs: 250)
        let o = try JSONSerialization.jsonObject(with: Data(try JSONLinesEncoder().line(event).utf8)) as! [String: Any]
        XCTAssertEqual((o["slot_confidence"] as? [String: Double])?["minutes"] ?? -1, (doubt * 1000).rounded() / 1000, accuracy: 1e-9)
        XCTAssertEqual((o["slot_evidence"] as? [String: Double])?["minutes"], -85)

        // A command without slots carries neither key.
        let next = Recognition(text: "next", words: [Recognition.Word(word: "next", start: 0, end: 0.4, scorePerFrame: -30)],
                               score: -1000, audioSeconds: 0.5, confidence: 0.9)
        let plain = try JSONSerialization.jsonObject(with: Data(try JSONLinesEncoder().line(
            ListenEvent.command(t: 1, match: interpreter.interpret(next), latencyMs: 200)).utf8)) as! [String: Any]
        XCTAssertNil(plain["slot_confidence"])
        XCTAssertNil(plain["slot_evidence"])
    }
}
