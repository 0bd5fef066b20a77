import XCTest
@testable import ParloCatalog

final class CatalogErrorTests: XCTestCase {
    func error(_ yaml: String) -> CatalogError? { Self.error(yaml) }

    /// The error loading, validating and expanding `yaml` ends in, or nil (a failure if it is
    /// not a `CatalogError`).
    static func error(_ yaml: String) -> CatalogError? {
        do {
            let c = try CatalogLoader.parse(yaml, file: "grammars/x.yaml")
            try c.validate()
            _ = try SentenceExpander(catalog: c).sentences()
            return nil
        } catch let e as CatalogError { return e } catch { XCTFail("\(error)"); return nil }
    }

    func testYAMLSyntaxNamesFileAndLine() throws {
        let e = try XCTUnwrap(error("commands:\n  c:\n    en: [open\n  d: x\n"))
        XCTAssertEqual(e.code, .yamlSyntax)
        XCTAssertTrue(e.message.hasPrefix("grammars/x.yaml:"), e.message)
        XCTAssertGreaterThan(e.location.line, 2)
    }

    func testUnknownSlotNamesLineAndKnownSlots() throws {
        let yaml = "slots:\n  subject:\n    values: [math]\ncommands:\n  open:\n    en:\n      - open {subjet}\n"
        let e = try XCTUnwrap(error(yaml))
        XCTAssertEqual(e.code, .unknownSlot)
        XCTAssertEqual(e.location.line, 7)
        XCTAssertTrue(e.message.contains("{subjet}") && e.message.contains("subject"), e.message)
        XCTAssertTrue(e.message.hasPrefix("grammars/x.yaml:7: "), e.message)
        XCTAssertFalse(e.message.contains("\n"))
    }

    func testEmptyAlternative() throws {
        let e = try XCTUnwrap(error("commands:\n  c:\n    en:\n      - go\n      - (open|) book\n"))
        XCTAssertEqual(e.code, .emptyAlternative)
        XCTAssertEqual(e.location.line, 5)
        XCTAssertTrue(e.message.contains("character"), e.message)
    }

    func testUnbalancedBrackets() throws {
        for (sentence, what) in [("(open book", "never closed"), ("open] book", "without a matching"), ("open <rule book", "never closed")] {
            let e = try XCTUnwrap(error("commands:\n  c:\n    it:\n      - \"\(sentence)\"\n"), sentence)
            XCTAssertEqual(e.code, .unbalancedBrackets, sentence)
            XCTAssertEqual(e.location.line, 4)
            XCTAssertTrue(e.message.contains(what), e.message)
        }
    }

    func testUnquotedBracketStartIsExplained() throws {
        let e = try XCTUnwrap(error("commands:\n  c:\n    en:\n      - [please] open\n"))
        XCTAssertEqual(e.location.line, 4)
        XCTAssertTrue(e.message.contains("must be quoted"), e.message)
    }

    func testUnknownRuleAndRecursion() throws {
        XCTAssertEqual(error("commands:\n  c:\n    en: [<nope> x]\n")?.code, .unknownRule)
        XCTAssertEqual(error("rules:\n  a: <b>\n  b: x <a>\ncommands:\n  c:\n    en: [<a>]\n")?.code, .recursiveRule)
    }

    func testDuplicateCommandAcrossFiles() throws {
        var a = try CatalogLoader.parse("commands:\n  c:\n    en: [x]\n", file: "a.yaml")
        let b = try CatalogLoader.parse("\ncommands:\n  c:\n    en: [y]\n", file: "b.yaml")
        XCTAssertThrowsError(try a.merge(b)) { e in
            XCTAssertTrue("\(e)".hasPrefix("b.yaml:3:") && "\(e)".contains("a.yaml:2"), "\(e)")
        }
    }

    /// A folder's `decoys-LANG.txt` lists are read (comments and blank lines skipped); a file
    /// named for a language Parlo has not is an error that names it and the names it takes.
    func testDecoyListsAreReadAndAnUnknownLanguageIsNamed() throws {
        let folder = NSTemporaryDirectory() + "parlo-decoys-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "commands:\n  c:\n    en: [open math]\n".write(toFile: folder + "/c.yaml", atomically: true, encoding: .utf8)
        try "# common words\nthe and\n\npeople # a comment\n".write(toFile: folder + "/decoys-en.txt", atomically: true, encoding: .utf8)
        XCTAssertEqual(try CatalogLoader.load(folder: folder).decoys, [.english: ["the", "and", "people"]])
        try "le".write(toFile: folder + "/decoys-fr.txt", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try CatalogLoader.load(folder: folder)) { e in
            XCTAssertTrue("\(e)".contains("decoys-fr.txt names no supported language: use decoys-en.txt or decoys-it.txt"), "\(e)")
        }
    }
}
