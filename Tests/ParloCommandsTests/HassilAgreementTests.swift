import Foundation
import XCTest
import ParloCatalog
import ParloCommands
import ParloTesting

/// Parlo against an implementation it did not write: sentences hassil's sampler drew from Home
/// Assistant's intents and hassil's recogniser labelled (audio-fixtures/hassil, made once by
/// scripts/hassil-label.py and committed), matched by Parlo. Intent and slots must agree on
/// ≥ 99 % per language; every disagreement is listed when the bar is missed.
final class HassilAgreementTests: XCTestCase {
    func testEnglishAgreesWithHassil() throws { try agreement("en") }
    func testItalianAgreesWithHassil() throws { try agreement("it") }

    /// hassil's `test_captures` (found by scripts/hassil-suite): `{list:@name}` and `{@list}`
    /// must be said but are captures for the response, not entities, so no slot reports them.
    func testCapturesAreNoSlots() throws {
        let matcher = try Self.matcher(intents: """
        {"language": "en", "intents": {"TestIntent": {"data": [{"sentences": [
          "open windows {preposition:@preposition} the {area}", "close windows {@preposition} the {area}"]}]}},
         "lists": {"preposition": {"values": ["in", "on"]}, "area": {"values": ["kitchen", "deck"]}}}
        """)
        for (text, area) in [("open windows in the kitchen", "kitchen"), ("close windows on the deck", "deck")] {
            let r = matcher.match(text)
            XCTAssertEqual(r.command, "TestIntent", text)
            XCTAssertEqual(r.slots, ["area": .text(area)], text)
        }
    }

    /// hassil's `test_inline_range_lists` (found by scripts/hassil-suite): `{N..M:slot}` and
    /// `{N..M,STEP:slot}` are ranges written in the template.
    func testInlineRangeLists() throws {
        let matcher = try Self.matcher(intents: """
        {"language": "en", "intents": {"TestIntent": {"data": [{"sentences": [
          "set brightness to {0..100:brightness}", "start timer for {10..100,10:seconds} seconds"]}]}}}
        """)
        XCTAssertEqual(matcher.match("set brightness to 50").slots, ["brightness": .number(50)])
        XCTAssertEqual(matcher.match("start timer for 10 seconds").slots, ["seconds": .number(10)])
        XCTAssertNotEqual(matcher.match("start timer for 11 seconds").slots, ["seconds": .number(11)], "11 is off the step")
    }

    /// A matcher for one intents file given as JSON text.
    static func matcher(intents: String) throws -> CommandMatcher {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-intents-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("en.json")
        try intents.write(to: file, atomically: true, encoding: .utf8)
        return try CommandMatcher(catalog: CatalogLoader.load(folder: file.path))
    }

    func agreement(_ language: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let catalog = try CatalogLoader.load(folder: Repository.fixtures("hassil/intents-\(language).json"),
                                             fixtures: Repository.fixtures("hassil/fixtures-\(language).yaml"))
        let matcher = try CommandMatcher(catalog: catalog)
        let labelled = try String(contentsOfFile: Repository.fixtures("hassil/labelled-\(language).jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        XCTAssertGreaterThan(labelled.count, 200, "the committed sample shrank", file: file, line: line)
        var disagreements: [String] = []
        for case let (text as String, intent as String, slots as [String: Any]) in labelled.map({ ($0["text"], $0["intent"], $0["slots"]) }) {
            let r = matcher.match(text)
            let expected = slots.mapValues(Self.value)
            let got = r.slots.mapValues { Self.value($0.description) }
            if r.command != intent || got != expected {
                disagreements.append("\"\(text)\": hassil \(intent) \(expected), Parlo \(r.command ?? "nothing") \(got) \(r.reason ?? "")")
            }
        }
        let agreed = Double(labelled.count - disagreements.count) / Double(labelled.count)
        XCTAssertGreaterThanOrEqual(agreed, 0.99, "\(language): \(disagreements.count) of \(labelled.count) disagree:\n"
                                    + disagreements.joined(separator: "\n"), file: file, line: line)
    }

    /// Values as hassil and Parlo both write them: numbers as numbers (hassil gives 21.0 for 21).
    static func value(_ v: Any) -> String {
        if let n = v as? NSNumber {
            let d = n.doubleValue
            return d == d.rounded() ? String(Int(d)) : String(d)
        }
        if let s = v as? String, let d = Double(s), d == d.rounded(), !s.contains("e") { return String(Int(d)) }
        return "\(v)".lowercased()
    }
}
