import Foundation
import ParloTesting
import XCTest

/// `parlo read notes.pdf`: Italian notes read page by page with the page in every sentence
/// event, and one-line refusals (exit 1) for a scan, a locked and a damaged PDF.
final class ReadPDFTests: ScratchFolderTestCase {
    struct Sentence: Decodable { var type: String; var index: Int?; var page: Int?; var text: String? }

    func testReadsAnItalianPDFWithPagesAndWithoutItsFurniture() throws {
        let pdf = path("appunti.pdf")
        try PDFWriter.notes(header: "Storia - Appunti", footer: "Pagina # di 2", pages: [
            [["Nel 27 avanti Cristo Ottaviano divenne il primo impe-", "ratore di Roma."]],
            [["L’impero d’Occidente cadde nel 476."]],
        ]).write(to: pdf)
        let out = try ParloProcess.run(["read", "--json", "--restart", "--out", path("r.wav"), pdf],
                                       environment: ["XDG_STATE_HOME": path("state")])
        XCTAssertEqual(out.status, 0, out.stderr)
        let events = try out.stdout.split(separator: "\n").map { try JSONDecoder().decode(Sentence.self, from: Data($0.utf8)) }
        let sentences = events.filter { $0.type == "sentence" }
        XCTAssertEqual(sentences.map(\.page), [1, 2])
        XCTAssertEqual(sentences.first?.text, "Nel 27 avanti Cristo Ottaviano divenne il primo imperatore di Roma.")
        XCTAssertFalse(out.stdout.contains("Appunti"), out.stdout)
        XCTAssertFalse(out.stdout.contains("Pagina"), out.stdout)
    }

    /// poppler is opened when a PDF is (CPoppler), not linked: linked, it and its ~40 libraries
    /// cost every `parlo` process ~7 MB at start-up (docs/reading.md). The test above read a PDF
    /// through the same binary.
    func testTheBinaryDoesNotLinkPoppler() throws {
        let out = try CLIRun.run("/usr/bin/ldd", [ParloProcess.binary.path])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stdout.contains("libpocketsphinx"), out.stdout)
        XCTAssertFalse(out.stdout.contains("poppler"), out.stdout)
        XCTAssertFalse(out.stdout.contains("libcairo"), out.stdout)
    }

    struct StudyLine: Decodable { var type: String; var page: Int?; var text: String?; var sentences: Int? }

    func testStudyReadsTheCurrentPageOfThePDFWithTypedCommands() throws {
        let sample = Repository.root.appendingPathComponent("Sources/ParloStudy/Resources/sample").path
        let commands = ["open science", "next", "read this page", "next page", "leggi questa pagina"].joined(separator: "\n")
        // --out, not --mute: a file sink makes each typed command wait until the page is read,
        // so "next page" comes after the reading (with --mute it could skip a sentence instead).
        let out = try ParloProcess.run(["study", "--text", "--json", "--out", path("study.wav"), "--grammar", Repository.grammars, sample],
                                       stdin: commands + "\n")
        XCTAssertEqual(out.status, 0, out.stderr)
        let lines = try out.stdout.split(separator: "\n").map { try JSONDecoder().decode(StudyLine.self, from: Data($0.utf8)) }
        let started = lines.filter { $0.type == "reading_started" }
        XCTAssertEqual(started.map(\.page), [1, 2])
        XCTAssertEqual(started.map(\.sentences), [4, 4])
        XCTAssertTrue(lines.contains { $0.type == "reply" && $0.text == "Page 2 of 3" }, out.stdout)
        let read = lines.filter { $0.type == "sentence" }.compactMap(\.text)
        XCTAssertEqual(read.first, "Weather and climate.")
        XCTAssertEqual(read.dropFirst(4).first, "Air pressure.")
        XCTAssertEqual(read.count, 8, "two pages of four sentences, not the whole file")
    }

    func testRefusesScansLockedAndDamagedPDFsInOneLine() throws {
        var locked = PDFWriter.notes(header: nil, pages: [[["Segreto."]]])
        locked.encrypted = true
        try locked.write(to: path("locked.pdf"))
        try PDFWriter(pages: [PDFWriter.Page(image: true)]).write(to: path("scan.pdf"))
        try Data("%PDF-1.7\n1 0 obj <<".utf8).write(to: URL(fileURLWithPath: path("broken.pdf")))
        for (name, reason) in [("scan.pdf", "no text layer"), ("locked.pdf", "password-protected"), ("broken.pdf", "damaged")] {
            let (out, timedOut) = try ParloProcess.run(["read", "--out", path("r.wav"), path(name)], timeout: 30)
            XCTAssertFalse(timedOut, name)
            XCTAssertEqual(out.status, 1, "\(name): \(out.stderr)")
            let lines = ParloProcess.errorLines(out)
            XCTAssertEqual(lines.count, 1, out.stderr)
            XCTAssertTrue(lines.first?.contains(reason) ?? false, "\(name): \(out.stderr)")
            XCTAssertTrue(lines.first?.contains(" — ") ?? false, "says what to do: \(out.stderr)")
        }
    }
}
