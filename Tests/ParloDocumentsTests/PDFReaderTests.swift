import Foundation
@testable import ParloDocuments
import ParloTesting
import XCTest

/// PDFs written at test time (`PDFWriter`), read through poppler: reading order, furniture
/// dropped, hyphens joined, pages kept, and one-line refusals for what cannot be read.
final class PDFReaderTests: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "parlo-pdf-\(UUID().uuidString)/"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func write(_ writer: PDFWriter, _ name: String) throws -> String {
        let path = folder + name
        try writer.write(to: path)
        return path
    }

    func testEnglishNotesLoseHeadersAndPageNumbersAndJoinHyphens() throws {
        let path = try write(PDFWriter.notes(header: "Science notes — The water cycle", footer: "Page # of 3", pages: [
            [["Water Cycle"], ["Water evaporates from the sea when the sun", "warms it, and the vapour rises."], ["Clouds form as the vapour cools and conden-", "ses into droplets."]],
            [["Rain falls when the droplets grow too heavy", "to float."]],
            [["Rivers carry the water back to the sea."]],
        ]), "water.pdf")
        let reader = try PDFReader(path: path)
        XCTAssertEqual(reader.pageCount, 3)
        let blocks = reader.blocks()
        XCTAssertEqual(blocks.map(\.text), [
            "Water Cycle.",
            "Water evaporates from the sea when the sun warms it, and the vapour rises.",
            "Clouds form as the vapour cools and condenses into droplets.",
            "Rain falls when the droplets grow too heavy to float.",
            "Rivers carry the water back to the sea.",
        ])
        XCTAssertEqual(blocks.map(\.page), [1, 1, 1, 2, 3])
        XCTAssertEqual(blocks[0].kind, .heading(level: 2))
    }

    func testItalianNotesKeepAccentsAndAbbreviations() throws {
        let path = try write(PDFWriter.notes(header: "Storia — Appunti di classe", footer: "- # -", pages: [
            [["Nel 27 a.C. Ottaviano divenne il primo impe-", "ratore di Roma."], ["La città era già grande: più di un milione", "di abitanti."]],
            [["L’impero durò fino al 476 d.C., quando cadde", "l’ultimo imperatore d’Occidente."]],
        ]), "storia.pdf")
        let blocks = try PDFReader(path: path).blocks()
        XCTAssertEqual(blocks.map(\.text), [
            "Nel 27 a.C. Ottaviano divenne il primo imperatore di Roma.",
            "La città era già grande: più di un milione di abitanti.",
            "L’impero durò fino al 476 d.C., quando cadde l’ultimo imperatore d’Occidente.",
        ])
        XCTAssertEqual(blocks.map(\.page), [1, 1, 2])
    }

    func testASentenceRunningOnToTheNextPageIsOneBlockOnThePageItStarts() throws {
        let path = try write(PDFWriter.notes(header: "Notes", pages: [
            [["First page starts here."], ["This sentence goes on"]],
            [["over the page break and ends here."], ["Then a new one."]],
        ]), "runon.pdf")
        let reader = try PDFReader(path: path)
        XCTAssertEqual(reader.blocks(ofPage: 1).map(\.text), ["First page starts here.", "This sentence goes on over the page break and ends here."])
        XCTAssertEqual(reader.blocks(ofPage: 2).map(\.text), ["Then a new one."])
    }

    func testTwoColumnsAreReadLeftThenRightAndAParagraphFlowsAcrossThem() throws {
        // A two-column page: 220 pt columns at x 72 and 320, 14 pt apart; the left column's
        // last paragraph goes on at the top of the right column.
        let left = ["Plants make their food from light.", "", "The leaves take in carbon dioxide",
                    "from the air, and the roots take", "water from the soil; with the energy"]
        let right = ["of sunlight the plant turns them", "into sugar and oxygen.", "",
                     "Animals eat the plants, and the", "oxygen is what they breathe."]
        var page = PDFWriter.Page()
        page.lines.append(PDFWriter.Line("Biology notes", y: 40, size: 9))
        for (column, x) in [(left, 72.0), (right, 320.0)] {
            for (i, line) in column.enumerated() where !line.isEmpty {
                page.lines.append(PDFWriter.Line(line, x: x, y: 100 + 14 * Double(i)))
            }
        }
        var second = PDFWriter.Page()
        second.lines = [PDFWriter.Line("Biology notes", y: 40, size: 9), PDFWriter.Line("The end.", y: 100)]
        let path = try write(PDFWriter(pages: [page, second]), "columns.pdf")
        XCTAssertEqual(try PDFReader(path: path).blocks(ofPage: 1).map(\.text), [
            "Plants make their food from light.",
            "The leaves take in carbon dioxide from the air, and the roots take water from the soil; with the energy of sunlight the plant turns them into sugar and oxygen.",
            "Animals eat the plants, and the oxygen is what they breathe.",
        ])
    }

    func testAHyphenThatBelongsToTheWordStaysAtALineEnd() {
        // A word broken into syllables is joined; a compound keeps its hyphen, with no space.
        XCTAssertEqual(PDFLayout.join("the frac-", "tions"), "the fractions")
        XCTAssertEqual(PDFLayout.join("a state-of-the-", "art method"), "a state-of-the-art method")
        XCTAssertEqual(PDFLayout.join("the Italian-", "American writer"), "the Italian-American writer")
        XCTAssertEqual(PDFLayout.join("the COVID-", "19 years"), "the COVID-19 years")
        XCTAssertEqual(PDFLayout.join("a well-", "known rule"), "a well-known rule")
        XCTAssertEqual(PDFLayout.join("the self-", "portrait"), "the self-portrait")
        XCTAssertEqual(PDFLayout.join("una parola im-", "portante"), "una parola importante")
        XCTAssertEqual(PDFLayout.join("pages 10 -", "12"), "pages 10 - 12")
    }

    func testAOnePageDocumentKeepsItsHeaderButNotItsPageNumber() throws {
        // Nothing to compare the header with: it stays, read as a heading.
        let path = try write(PDFWriter.notes(header: "Fractions", footer: "Pagina 1", pages: [[["A fraction is a part of a whole."]]]), "one.pdf")
        XCTAssertEqual(try PDFReader(path: path).blocks().map(\.text), ["Fractions.", "A fraction is a part of a whole."])
    }

    func testLayoutRulesOnLinesAlone() {
        // A lone bullet is no heading; a short capitalised line before a new paragraph is.
        let page = PDFPageText(number: 4, lines: [
            PDFLine("•", top: 100, bottom: 110, left: 72, right: 78),
            PDFLine("Apples are red and grow on trees in the garden.", top: 114, bottom: 124, left: 84, right: 400),
            PDFLine("Contents", top: 142, bottom: 152, left: 72, right: 120),
            PDFLine("Pears are green and they grow on trees as well.", top: 156, bottom: 166, left: 72, right: 400),
        ])
        let blocks = PDFLayout().blocks(of: page, neighbours: [])
        XCTAssertEqual(blocks.map(\.text), ["• Apples are red and grow on trees in the garden.", "Contents.",
                                            "Pears are green and they grow on trees as well."])
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .heading(level: 2), .paragraph])
        XCTAssertEqual(Set(blocks.map(\.page)), [4])
    }

    func testARunningHeaderWithThePageNumberInItIsDroppedWhateverTheDigits() throws {
        let pages = (1...12).map { n in
            PDFPageText(number: n, lines: [PDFLine("Fractions, chapter 2 - page \(n)", top: 30, bottom: 40, left: 72, right: 250),
                                           PDFLine("Text of page \(n).", top: 100, bottom: 110, left: 72, right: 400)])
        }
        let layout = PDFLayout()
        for n in [9, 10] {
            let near = pages[(n - 3)...(n + 1)]
            XCTAssertEqual(layout.blocks(of: pages[n - 1], neighbours: Array(near)).map(\.text), ["Text of page \(n)."])
        }
    }

    func testPageNumbersAreRecognised() {
        for s in ["7", "- 7 -", "Page 7 of 9", "pagina 12", "Pag. 3", "vii", "3 / 10", "— 14 —"] {
            XCTAssertTrue(PDFLayout.isPageNumber(s), s)
        }
        for s in ["7 dwarfs", "Page seven", "Chapter 3", "mix", "ill", "1984 was a year."] {
            XCTAssertFalse(PDFLayout.isPageNumber(s), s)
        }
    }

    func testAScannedPDFIsRefusedInOneLine() throws {
        let scan = PDFWriter(pages: [PDFWriter.Page(image: true), PDFWriter.Page(image: true)])
        let path = try write(scan, "scan.pdf")
        XCTAssertThrowsError(try PDFReader(path: path)) { error in
            let e = error as? DocumentError
            XCTAssertEqual(e?.code, .noTextLayer)
            XCTAssertEqual(e?.message, "\(path) has no text layer: its 2 pages are pictures (a scan?) — run OCR on it first (e.g. ocrmypdf), or give a text version")
        }
    }

    func testEncryptedDamagedAndMissingPDFsAreRefusedInOneLine() throws {
        var locked = PDFWriter.notes(header: nil, pages: [[["Secret."]]])
        locked.encrypted = true
        let lockedPath = try write(locked, "locked.pdf")
        XCTAssertThrowsError(try PDFReader(path: lockedPath)) { XCTAssertEqual(($0 as? DocumentError)?.code, .encrypted) }

        let broken = folder + "broken.pdf"
        try Data("%PDF-1.4\nthis is no pdf at all\n".utf8).write(to: URL(fileURLWithPath: broken))
        XCTAssertThrowsError(try PDFReader(path: broken)) { error in
            XCTAssertEqual((error as? DocumentError)?.code, .damaged)
            XCTAssertFalse((error as? DocumentError)?.message.contains("\n") ?? true)
        }
        XCTAssertThrowsError(try PDFReader(path: folder + "missing.pdf")) { XCTAssertEqual(($0 as? DocumentError)?.code, .cannotOpen) }
        XCTAssertThrowsError(try PDFReader(path: folder)) { XCTAssertEqual(($0 as? DocumentError)?.code, .cannotOpen) }
    }

    /// A damaged PDF naming an object number far beyond its size is refused before poppler
    /// rebuilds a table that large (1.2 GB for this 1.8 KB fuzzing find); real ones still open.
    func testAPDFNamingAbsurdObjectNumbersIsRefusedBeforePopplerSizesATableForThem() throws {
        let found = Repository.root.appendingPathComponent("Fuzz/Regressions/pdf/object-number-30168710.pdf").path
        XCTAssertThrowsError(try PDFReader(path: found)) { error in
            XCTAssertEqual((error as? DocumentError)?.code, .damaged)
            XCTAssertEqual((error as? DocumentError)?.message, "\(found) is damaged: it names object 30168710 in 1815 bytes — open it in a PDF viewer and save a new copy, or export the text")
        }
        XCTAssertEqual(PDFObjectCount.largest(in: Data("1 0 obj\n<< >>\nendobj\n12 0 obj 3 endobj trailer << /Size 13 >>".utf8)), 13)
        XCTAssertEqual(PDFObjectCount.largest(in: Data("7\n0\robj /Size  4".utf8)), 7)
        XCTAssertEqual(PDFObjectCount.largest(in: Data("obj /Size x 5 obj".utf8)), 0, "no numbers before obj, none after /Size")
        XCTAssertEqual(PDFObjectCount.largest(in: Data("99999999999999999999999 0 obj".utf8)), Int.max)
        XCTAssertEqual(PDFObjectCount.limit(forBytes: 100), 1 << 20)
        let notes = try write(PDFWriter.notes(header: nil, pages: [[["A real page."]]]), "real.pdf")
        XCTAssertEqual(try PDFReader(path: notes).pageCount, 1)
    }
}
