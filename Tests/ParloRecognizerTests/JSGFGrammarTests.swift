import XCTest
@testable import ParloRecognizer

final class JSGFGrammarTests: XCTestCase {
    func testTerminalsSkipRulesTagsWeightsAndComments() throws {
        let g = try JSGFGrammar("""
        #JSGF V1.0;
        grammar test; // a comment with words
        /* block comment: nothing here counts */
        public <cmd> = /2.0/ Open <subject> {open} | [please] read "this page";
        <subject> = math | history;
        """)
        XCTAssertEqual(g.words, ["open", "please", "read", "this", "page", "math", "history"])
    }

    func testAGrammarWithoutRulesIsRejected() {
        XCTAssertThrowsError(try JSGFGrammar("#JSGF V1.0;\ngrammar x;\n"))
    }

    func testCmudictParsingKeepsAlternatesAndIgnoresUnwanted() {
        let d = PronunciationDictionary.parse("read R EH D\nread(2) R IY D\nzebra Z IY B R AH\n", wanted: ["read"])
        XCTAssertEqual(d["READ"], ["R EH D", "R IY D"])
        XCTAssertNil(d["zebra"])
    }
}
