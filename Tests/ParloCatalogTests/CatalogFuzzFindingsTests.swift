import XCTest
@testable import ParloCatalog

/// Catalogs libFuzzer found crashing or hanging Parlo (docs/hardening.md); each now ends in a
/// one-line error, fast. The inputs themselves are replayed from Fuzz/Regressions/catalog.
final class CatalogFuzzFindingsTests: XCTestCase {
    func error(_ yaml: String) -> CatalogError? { CatalogErrorTests.error(yaml) }

    func testSlotReferringToItselfIsRefused() throws {
        let e = try XCTUnwrap(error("slots:\n  s: {values: [\"{s}\"]}\ncommands:\n  c: {en: [\"{s}\"]}\n"))
        XCTAssertEqual(e.code, .recursiveRule)
        XCTAssertTrue(e.message.contains("slot {s} refers to itself via {s} → {s}"), e.message)
        let viaRule = try XCTUnwrap(error("slots:\n  s: {values: [{value: a, en: [\"<r>\"]}]}\nrules:\n  r: \"x {s}\"\ncommands:\n  c: {en: [\"<r>\"]}\n"))
        XCTAssertEqual(viaRule.code, .recursiveRule)
    }

    func testDeepSharedRulesAreCheckedAndRefusedQuickly() throws {
        var yaml = "rules:\n"
        for i in 0..<30 { yaml += "  r\(i): \"<r\(i + 1)> <r\(i + 1)>\"\n" }
        yaml += "  r30: x\ncommands:\n  c: {en: [\"<r0>\"]}\n"
        let start = Date()
        let e = try XCTUnwrap(error(yaml))
        XCTAssertTrue(e.message.contains("more than 50 words"), e.message)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }

    func testAlternativesOfALargeRuleAreCapped() throws {
        let alts = Array(repeating: "<r>", count: 50).joined(separator: "|")
        let yaml = "slots:\n  n: {range: {from: 0, to: 999}}\nrules:\n  r: \"{n} (a|b|c|d|e|f|g|h|i|j)\"\ncommands:\n  c: {en: [\"(\(alts))\"]}\n"
        XCTAssertEqual(error(yaml)?.code, .tooManySentences)
    }

    func testTemplateWithAnyWhitespaceParses() throws {
        let t = try Template.parse("repeat\u{0B}\u{0C}\u{A0}[that]", at: SourceLocation(file: "x", line: 1))
        XCTAssertEqual(t, .sequence([.word("repeat"), .optional(.word("that"))]))
    }

    func testMessagesQuotingMultiLineTextStayOneLine() throws {
        let e = try XCTUnwrap(error("commands:\n  c:\n    en: [\"open\\n)\"]\n"))
        XCTAssertFalse(e.message.contains("\n"), e.message)
        XCTAssertTrue(e.message.contains(#"open\n)"#), e.message)
    }
}
