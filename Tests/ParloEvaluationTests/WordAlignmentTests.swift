import Foundation
import XCTest
@testable import ParloEvaluation

final class WordAlignmentTests: XCTestCase {
    func testCountsEachKindOfError() {
        let a = WordAlignment(reference: ["open", "math", "now"], hypothesis: ["open", "maths", "now", "please"])
        XCTAssertEqual(a.substitutions, 1)
        XCTAssertEqual(a.insertions, 1)
        XCTAssertEqual(a.deletions, 0)
        XCTAssertEqual(a.wordErrorRate, 2.0 / 3.0, accuracy: 1e-9)
        let d = WordAlignment(reference: ["start", "a", "timer"], hypothesis: ["start", "timer"])
        XCTAssertEqual(d.deletions, 1)
        XCTAssertEqual(d.errors, 1)
        XCTAssertEqual(WordAlignment(reference: [], hypothesis: ["x"]).insertions, 1)
        XCTAssertEqual(WordAlignment(reference: ["x", "y"], hypothesis: []).deletions, 2)
    }

    func testTranscriptsCompareWithoutCaseOrPunctuation() {
        XCTAssertEqual(transcriptWords("Ten of Clubs."), ["ten", "of", "clubs"])
        XCTAssertEqual(transcriptWords("Leggi PIÙ veloce, è l'inglese"), ["leggi", "piu", "veloce", "e", "l'inglese"])
        var report = AccuracyReport()
        report.add(file: "a", expected: "Ten of clubs.", heard: "ten of clubs")
        report.add(file: "b", expected: "five five", heard: "five")
        XCTAssertEqual(report.sentenceAccuracy, 0.5)
        XCTAssertEqual(report.mismatches.map(\.file), ["b"])
        XCTAssertEqual(report.alignment.deletions, 1)
    }

    func testManifestAndSidecarExpectations() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let manifest = dir.appendingPathComponent("m.jsonl")
        try #"{"audio": "a.wav", "text": "open math", "command": "open_subject"}"#.write(to: manifest, atomically: true, encoding: .utf8)
        try "next\n".write(to: dir.appendingPathComponent("b.txt"), atomically: true, encoding: .utf8)
        let set = try ExpectationSet(manifest: manifest.path)
        XCTAssertEqual(set.expectation(for: dir.appendingPathComponent("a.wav").path)?.text, "open math")
        XCTAssertEqual(set.expectation(for: dir.appendingPathComponent("a.wav").path)?.fields["command"], .string("open_subject"))
        XCTAssertEqual(set.expectation(for: dir.appendingPathComponent("b.wav").path)?.text, "next")
        XCTAssertNil(set.expectation(for: dir.appendingPathComponent("c.wav").path))

        try "{\"audio\": \"a.wav\", \"text\": \"ok\"}\nnot json\n".write(to: manifest, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ExpectationSet(manifest: manifest.path)) { error in
            XCTAssertTrue("\(error)".contains("m.jsonl:2"), "\(error)")
        }
    }
}
