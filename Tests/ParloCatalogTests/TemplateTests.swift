import XCTest
@testable import ParloCatalog

final class TemplateTests: XCTestCase {
    let here = SourceLocation(file: "t.yaml", line: 7)

    func expand(_ yaml: String, command: String = "c") throws -> [String] {
        let catalog = try CatalogLoader.parse(yaml, file: "t.yaml")
        try catalog.validate()
        return try SentenceExpander(catalog: catalog).sentences().filter { $0.command == command }.map(\.text)
    }

    func testAlternativesOptionalAndRules() throws {
        let yaml = """
        rules:
          polite:
            en: "[please]"
        commands:
          c:
            en:
              - (open|show) [the] book <polite>
        """
        let got = Set(try expand(yaml))
        XCTAssertEqual(got, ["open book", "show book", "open the book", "show the book",
                             "open book please", "show book please", "open the book please", "show the book please"])
    }

    func testSlotValuesCarryCanonicalValuesPerLanguage() throws {
        let yaml = """
        slots:
          subject:
            values:
              - value: math
                en: [math, mathematics]
                it: [matematica]
        commands:
          c:
            en: ["open {subject}"]
            it: ["apri {subject}"]
        """
        let catalog = try CatalogLoader.parse(yaml, file: "t.yaml")
        let s = try SentenceExpander(catalog: catalog).sentences()
        XCTAssertEqual(s.map(\.text), ["open math", "open mathematics", "apri matematica"])
        XCTAssertEqual(Set(s.map { $0.slots["subject"] }), [.text("math")])
        XCTAssertEqual(s.map(\.language), [.english, .english, .italian])
    }

    func testNumberRangeIsSpokenAndTyped() throws {
        let yaml = """
        slots:
          minutes:
            range: {from: 20, to: 23}
        commands:
          c:
            en: ["{minutes} minutes"]
            it: ["{minutes} minuti"]
        """
        let catalog = try CatalogLoader.parse(yaml, file: "t.yaml")
        let s = try SentenceExpander(catalog: catalog).sentences()
        let pairs = s.map { "\($0.text)=\($0.slots["minutes"]!)" }
        XCTAssertEqual(pairs, ["twenty minutes=20", "twenty one minutes=21", "twenty two minutes=22", "twenty three minutes=23",
                               "venti minuti=20", "ventuno minuti=21", "ventun minuti=21", "ventidue minuti=22", "ventitre minuti=23"])
    }

    func testAccentsAreFoldedForTheGrammarButKeptForESpeak() throws {
        let t = try Template.parse("leggi più veloce", at: here)
        XCTAssertEqual(t.words, ["leggi", "più", "veloce"])
        XCTAssertEqual(t.words.map(Spelling.grammarWord), ["leggi", "piu", "veloce"])
        XCTAssertEqual(Spelling.grammarWord("L’Inglese"), "l'inglese")
    }

    func testPunctuationIsDropped() throws {
        XCTAssertEqual(try Template.parse("what can I say?", at: here).words, ["what", "can", "i", "say"])
    }
}
