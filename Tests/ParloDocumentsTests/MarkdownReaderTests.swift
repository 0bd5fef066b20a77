import ParloDocuments
import XCTest

/// Markdown through cmark-gfm: what is read, what is not (issue 17's regressions first).
final class MarkdownReaderTests: XCTestCase {
    let reader = MarkdownReader()

    func texts(_ markdown: String) -> [String] { reader.blocks(markdown).map(\.text) }

    func testCommentsReferenceDefinitionsAndIndentedCodeAreNotRead() {
        let md = """
        # Notes

        Intro text.
        <!-- TODO: finish this -->

        [1]: http://example.org/source "Source"

            let x = 1   // indented code

        See the [source][1].
        """
        XCTAssertEqual(texts(md), ["Notes.", "Intro text.", "See the source."])
    }

    func testAnAsteriskBetweenSpacesStaysArithmetic() {
        XCTAssertEqual(texts("So 3 * 4 = 12, and *this* is emphasis, **this** strong."),
                       ["So 3 * 4 = 12, and this is emphasis, this strong."])
    }

    func testFencedCodeHtmlAndRulesAreSkippedInlineCodeIsRead() {
        let md = "Before.\n\n```swift\nprint(1)\n```\n\n<div>html block</div>\n\n---\n\nCall `read()` now."
        XCTAssertEqual(texts(md), ["Before.", "Call read() now."])
    }

    func testHeadingsListsAndTasksReadAsSentences() {
        let blocks = reader.blocks("## Fractions\n\n- add the tops\n- [x] done: check\n\n3. third\n4. fourth!\n")
        XCTAssertEqual(blocks.map(\.text), ["Fractions.", "add the tops.", "done: check.", "3. third.", "4. fourth!"])
        XCTAssertEqual(blocks[0].kind, .heading(level: 2))
        XCTAssertEqual(blocks[0].title, "Fractions")
        XCTAssertEqual(blocks[1].kind, .item)
    }

    func testImagesReadTheirAltTextLinksTheirWords() {
        XCTAssertEqual(texts("![A map of Italy](img/italia.png) and [the Po](https://it.wikipedia.org/wiki/Po)."),
                       ["A map of Italy and the Po."])
    }

    func testTablesAreReadRowByRow() {
        let md = "| Fiume | Lunghezza |\n|---|---:|\n| Po | 652 km |\n| Adige | 410 km |\n"
        let blocks = reader.blocks(md)
        XCTAssertEqual(blocks.map(\.text), ["Fiume, Lunghezza.", "Po, 652 km.", "Adige, 410 km."])
        XCTAssertTrue(blocks.allSatisfy { $0.kind == .tableRow })
    }

    func testNestedListsQuotesAndEntities() {
        let md = "> Quoted &amp; cited.\n\n1. outer\n   - inner one\n   - inner two\n\n~~old~~ new"
        XCTAssertEqual(texts(md), ["Quoted & cited.", "1. outer.", "inner one.", "inner two.", "old new"])
    }

    func testFormatsByExtension() {
        XCTAssertEqual(DocumentFormat(path: "a/b/notes.MD"), .markdown)
        XCTAssertEqual(DocumentFormat(path: "libro.pdf"), .pdf)
        XCTAssertEqual(DocumentFormat(path: "v1.2/readme"), .text)
    }
}
