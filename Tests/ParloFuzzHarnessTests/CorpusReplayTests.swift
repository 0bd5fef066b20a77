import Foundation
import XCTest
@testable import ParloFuzzHarness

/// Replays every committed fuzz input (`Fuzz/Corpus/TARGET/` and the reproducers of fixed
/// defects in `Fuzz/Regressions/TARGET/`) through the harness libFuzzer ran them with.
///
/// No libFuzzer and no sanitizer here: a plain debug run of the same code, so the corpus is a
/// regression test at the cost of reading it. A crash fails the run; a slow input fails the
/// test by name (a hang under libFuzzer is a slow input here).
final class CorpusReplayTests: XCTestCase {
    static let fuzz = repositoryRoot.appendingPathComponent("Fuzz")
    /// libFuzzer's -timeout: the largest inputs of a bounded expansion take a few seconds in a debug build.
    static let slowSeconds = 10.0

    func replay(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let target = try XCTUnwrap(FuzzTarget.named(name), file: file, line: line)
        var count = 0
        for folder in ["Corpus", "Regressions"] {
            let dir = Self.fuzz.appendingPathComponent(folder).appendingPathComponent(name)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for input in names.sorted() where !input.hasPrefix(".") {
                let path = dir.appendingPathComponent(input).path
                let data = try XCTUnwrap(FileManager.default.contents(atPath: path), file: file, line: line)
                XCTAssertLessThanOrEqual(data.count, target.maxLength, "\(path) is longer than -max_len", file: file, line: line)
                let start = Date()
                target.run(data)
                let seconds = Date().timeIntervalSince(start)
                XCTAssertLessThan(seconds, Self.slowSeconds, "\(path) took \(seconds) s", file: file, line: line)
                count += 1
            }
        }
        XCTAssertGreaterThan(count, 0, "no committed inputs for \(name)", file: file, line: line)
    }

    func testTemplate() throws { try replay("template") }
    func testCatalog() throws { try replay("catalog") }
    func testJSGF() throws { try replay("jsgf") }
    func testMatcher() throws { try replay("matcher") }
    func testReading() throws { try replay("reading") }
    func testResults() throws { try replay("results") }
    func testRawAudio() throws { try replay("raw") }
    func testAudioHeader() throws { try replay("audio") }
    func testSSML() throws { try replay("ssml") }
    func testPDF() throws { try replay("pdf") }

    /// Every target has a test above, so a new target cannot go unreplayed.
    func testEveryTargetIsReplayed() {
        XCTAssertEqual(FuzzTarget.all.map(\.name), ["template", "catalog", "jsgf", "matcher", "reading", "results", "raw", "audio", "ssml", "pdf"])
    }
}
