import XCTest
@testable import ParloSpeech

final class SentenceSegmenterTests: XCTestCase {
    let seg = SentenceSegmenter()

    func testAbbreviationsDoNotEndSentences() {
        XCTAssertEqual(seg.sentenceStrings(in: "Dr. Rossi arrived at 5 p.m. sharp. He sat down."),
                       ["Dr. Rossi arrived at 5 p.m. sharp.", "He sat down."])
        XCTAssertEqual(seg.sentenceStrings(in: "Compra frutta, verdura ecc. e torna a casa. Poi studia."),
                       ["Compra frutta, verdura ecc. e torna a casa.", "Poi studia."])
        XCTAssertEqual(seg.sentenceStrings(in: "Usa un sinonimo, p.es. lieto. Il Sig. Bianchi concorda."),
                       ["Usa un sinonimo, p.es. lieto.", "Il Sig. Bianchi concorda."])
        XCTAssertEqual(seg.sentenceStrings(in: "Fruit, e.g. apples, etc. Then more."),
                       ["Fruit, e.g. apples, etc.", "Then more."])
        XCTAssertEqual(seg.sentenceStrings(in: "J. R. R. Tolkien wrote it. Read it!"),
                       ["J. R. R. Tolkien wrote it.", "Read it!"])
    }

    func testDecimalsAndQuestionMarks() {
        XCTAssertEqual(seg.sentenceStrings(in: "Pi is 3.14 roughly. In Italia si scrive 3,14! Davvero? Sì."),
                       ["Pi is 3.14 roughly.", "In Italia si scrive 3,14!", "Davvero?", "Sì."])
        XCTAssertEqual(seg.sentenceStrings(in: "He said \"Stop.\" Then he left…  And never came back"),
                       ["He said \"Stop.\"", "Then he left…", "And never came back"])
    }

    func testListsAndParagraphs() {
        let text = """
        Shopping list:
        - apples
        - pears
        1. First step
        2. Second step

        A new paragraph without a period
        Next line continues it.
        """
        XCTAssertEqual(seg.sentenceStrings(in: text),
                       ["Shopping list:", "apples", "pears", "1. First step", "2. Second step",
                        "A new paragraph without a period\nNext line continues it."])
    }

    func testMarkdownIsStrippedAndHeadingsBecomeSentences() {
        let md = """
        # Chapter *One*

        Read **this** [link](http://x.y) and `code`, see ![the map](m.png).
        <br/>
        ```
        let x = 1
        ```
        * item one
        * item _two_
        > Quoted text here.
        ---
        | a | b |
        |---|---|
        | 1 | 2 |
        """
        let blocks = Array(TextBlockReader(text: md, markdown: true))
        XCTAssertEqual(blocks, ["Chapter One.", "Read this link and code, see the map.", "item one.", "item two.",
                                "Quoted text here.", "a, b.", "1, 2."])
    }

    func testPlainTextBlocksFromAFileAreStreamed() throws {
        let path = NSTemporaryDirectory() + "parlo-blocks-\(UUID().uuidString).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let para = String(repeating: "Ciao è già città. ", count: 5000)   // > 64 KB, multi-byte UTF-8 across reads
        try (para + "\n\nSecond paragraph.\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        var reader = try TextBlockReader(path: path)
        var blocks: [String] = []
        while let b = reader.next() { blocks.append(b) }
        XCTAssertEqual(blocks.last, "Second paragraph.")
        XCTAssertEqual(blocks.dropLast().joined(separator: " ").components(separatedBy: "città").count, 5001)
        XCTAssertTrue(blocks.allSatisfy { $0.count <= 8_100 }, "long paragraphs are cut")
    }
}
