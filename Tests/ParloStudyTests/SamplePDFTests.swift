import Foundation
import ParloDocuments
import ParloSpeech
import ParloTesting
@testable import ParloStudy
import XCTest

/// The bundled PDF and the study session's pages: "read this page" reads the current PDF page,
/// "next"/"previous" cross page boundaries while reading and turn pages otherwise.
final class SamplePDFTests: XCTestCase {
    func testTheCommittedSamplePDFIsWhatItsTextWrites() throws {
        if ProcessInfo.processInfo.environment["PARLO_WRITE_FIXTURES"] == "1" { try SamplePDF.writer.write(to: SamplePDF.path) }
        let committed = try Data(contentsOf: URL(fileURLWithPath: SamplePDF.path))
        XCTAssertEqual(committed, SamplePDF.writer.data(), "rebuild with PARLO_WRITE_FIXTURES=1 swift test --filter SamplePDFTests")
    }

    func testTheSampleLibraryReadsThePDFByPage() throws {
        let library = try StudyLibrary(root: StudyFixtures.sample)
        XCTAssertEqual(library.skipped, [])
        let pdf = try XCTUnwrap(library.subjects["science"]?.materials.first { $0.name == "weather" })
        XCTAssertEqual(pdf.title, "Weather and climate")
        XCTAssertEqual(pdf.headings, ["Air pressure", "Climate zones"])
        XCTAssertEqual(pdf.pages.map(\.number), [1, 2, 3])
        let page = { (i: Int) in pdf.pages[i].sentences.map { pdf.sentenceTexts[$0] } }
        XCTAssertEqual(page(0).last, "Meteorologists measure temperature, pressure and humidity at thousands of stations, and satellites watch the clouds from above.")
        XCTAssertEqual(page(1).last, "Wind is air moving from high pressure towards low pressure, and the bigger the difference, the stronger the wind.")
        XCTAssertEqual(page(2).first, "Climate zones.")
        XCTAssertFalse(pdf.text.contains("Science notes"), "running header read")
        XCTAssertFalse(pdf.text.contains("Page 2"), "page number read")
    }

    func testAScannedPDFInAStudyFolderIsSkippedWithItsReason() throws {
        let root = StudyFixtures.directory + "/scan-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/storia", withIntermediateDirectories: true)
        try PDFWriter(pages: [PDFWriter.Page(image: true)]).write(to: root + "/storia/scansione.pdf")
        try "# Roma\n\nRoma fu fondata nel 753 a.C.\n".write(toFile: root + "/storia/roma.md", atomically: true, encoding: .utf8)
        let library = try StudyLibrary(root: root)
        XCTAssertEqual(library.subjects["history"]?.materials.map(\.name), ["roma"])
        XCTAssertEqual(library.skipped, ["\(root)/storia/scansione.pdf has no text layer: its page is pictures (a scan?) — run OCR on it first (e.g. ocrmypdf), or give a text version; skipped"])
    }

    func testReadThisPageReadsThePDFPageAndNextCrossesPages() async throws {
        let (session, rec, _) = try await StudyFixtures.session(sink: MemorySink(instant: true))
        await session.handle(text: "open science")
        await session.waitUntilQuiet()
        await session.handle(text: "next")           // water-cycle.md → weather.pdf
        await session.waitUntilQuiet()
        XCTAssertEqual(rec.of("material").last?["page"], .number(1))
        XCTAssertEqual(rec.of("material").last?["pages"], .number(3))
        await session.handle(text: "next page")      // not reading: turns the page
        await session.waitUntilQuiet()
        XCTAssertEqual(rec.of("reply").last?.string("text"), "Page 2 of 3")
        await session.handle(text: "leggi questa pagina")
        await session.waitUntilQuiet()
        let started = rec.of("reading_started").last
        XCTAssertEqual(started?["page"], .number(2))
        XCTAssertEqual(started?["sentences"], .number(4))
        XCTAssertEqual(rec.of("sentence").map { $0.string("text") }.first, "Air pressure.")
        XCTAssertEqual(rec.of("reading_finished").count, 1, "the page, not the whole file")
        XCTAssertEqual(rec.of("sentence").count, 4)
    }

    func testNextAndPreviousWhileReadingCrossPageBoundaries() async throws {
        let sink = MemorySink()
        let (session, rec, queue) = try await StudyFixtures.session(sink: sink)
        let quiet = { () async -> Bool in !(await session.isSpeaking) }
        await session.handle(text: "open science")
        try await play(sink, queue, rec) { await quiet() }
        await session.handle(text: "next")
        try await play(sink, queue, rec) { await quiet() }
        await session.handle(text: "read this page")
        // Page 1 has 4 sentences: skip to its last, then one more goes on to page 2.
        for _ in 0..<3 { await session.handle(text: "next") }
        try await play(sink, queue, rec) { rec.of("sentence").last?["index"] == .number(3) }
        await session.handle(text: "next")
        try await play(sink, queue, rec) { rec.of("reading_started").count == 2 && rec.of("sentence").last?.string("text") == "Air pressure." }
        XCTAssertEqual(rec.of("reading_started").last?["page"], .number(2))
        XCTAssertEqual(rec.of("reading_stopped").count, 1)
        // Back from page 2's first sentence: page 1's last.
        await session.handle(text: "previous")
        try await play(sink, queue, rec) { rec.of("reading_started").count == 3 && rec.of("sentence").last?["index"] == .number(3) }
        XCTAssertEqual(rec.of("reading_started").last?["page"], .number(1))
        XCTAssertEqual(rec.of("sentence").last?.string("text"), "Meteorologists measure temperature, pressure and humidity at thousands of stations, and satellites watch the clouds from above.")
        // And back again within the page, from a reading that began at its last sentence.
        await session.handle(text: "previous")
        try await play(sink, queue, rec) { rec.of("sentence").last?["index"] == .number(2) }
        await session.handle(text: "stop")
        let page = await session.pageIndex
        XCTAssertEqual(page, 0)
    }

    /// Moves the sink's clock in 50 ms steps until `done` (at most 30 s of audio).
    func play(_ sink: MemorySink, _ queue: SpeechQueue, _ rec: StudyFixtures.Recorder,
              until done: () async -> Bool) async throws {
        for _ in 0..<600 {
            if await done() { return }
            sink.advance(seconds: 0.05)
            await queue.tick()
            try await Task.sleep(for: .milliseconds(1))
        }
        XCTFail("condition not reached after 30 s of audio; events: \(rec.events.map(\.type))")
    }
}
