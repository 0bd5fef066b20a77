import XCTest
@testable import ParloRecognizer

/// Grammars that took sphinxbase's FSG compiler minutes (found by fuzzing, docs/hardening.md)
/// are refused up front, in one line; ordinary grammars pass.
final class JSGFSizeTests: XCTestCase {
    func grammar(_ body: String) -> String { "#JSGF V1.0;\ngrammar g;\n" + body }

    func testNestedPlusIsRefused() {
        XCTAssertThrowsError(try JSGFGrammar(grammar("public <a> = open (math" + String(repeating: "+", count: 16) + " | history);\n"))) { e in
            XCTAssertTrue("\(e)".contains("compiles to more than 20000 words"), "\(e)")
            XCTAssertFalse("\(e)".contains("\n"))
        }
        XCTAssertThrowsError(try JSGFGrammar(grammar("public <a> = " + String(repeating: "(", count: 16) + "x+" + String(repeating: ")+", count: 16) + ";\n")))
    }

    func testRulesCopiedAtEveryUseAreCounted() {
        var body = "public <r0> = <r1> <r1> <r1> <r1>;\n"
        for i in 1..<9 { body += "<r\(i)> = <r\(i + 1)> <r\(i + 1)> <r\(i + 1)> <r\(i + 1)>;\n" }
        XCTAssertThrowsError(try JSGFGrammar(grammar(body + "<r9> = x;\n")))
        // A second definition of a name counts too: sphinxbase may compile either.
        XCTAssertThrowsError(try JSGFGrammar(grammar("public <a> = x" + String(repeating: "+", count: 20) + ";\npublic <a> = y;\n")))
    }

    func testOrdinaryGrammarsPass() throws {
        let g = try JSGFGrammar(grammar("public <a> = (open | go to) <s>+ [please];\n<s> = math | history;\n"))
        XCTAssertEqual(g.words, ["open", "go", "to", "please", "math", "history"])
        _ = try JSGFGrammar(grammar("public <a> = x+ y+ z+ w* (a | b)+;\n"))
    }

    func testRefusalNamingARuleWithALineBreakIsOneLine() {
        XCTAssertThrowsError(try JSGFGrammar(grammar("public <a\nb> = x" + String(repeating: "+", count: 20) + ";\n"))) { e in
            XCTAssertTrue("\(e)".contains("rule <a\\nb>"), "\(e)")
            XCTAssertFalse("\(e)".contains("\n"), "\(e)")
        }
    }
}
