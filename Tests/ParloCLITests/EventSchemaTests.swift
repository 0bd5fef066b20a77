import Foundation
import XCTest
import ParloTesting

/// Every line every subcommand prints with `--json` is an event of docs/events.schema.json
/// (issue 15): checked by `scripts/check-events` with Debian's python3-jsonschema, and each
/// subcommand must print the event types a reader expects of it.
final class EventSchemaTests: ScratchFolderTestCase {
    static let root = BatchCatalogTests.root
    static let grammar = root.appendingPathComponent("grammars").path

    /// Runs parlo with `arguments`, checks its stdout against the schema and returns the count
    /// of lines per event type.
    @discardableResult
    func events(_ arguments: [String], stdin: String? = nil, expect types: Set<String>,
                file: StaticString = #filePath, line: UInt = #line) throws -> [String: Int] {
        let (out, timedOut) = try ParloProcess.run(arguments + ["--json"], stdin: stdin, timeout: 120)
        XCTAssertFalse(timedOut, "\(arguments)", file: file, line: line)
        XCTAssertEqual(out.status, 0, "\(arguments): \(out.stderr)", file: file, line: line)
        XCTAssertFalse(out.stdout.isEmpty, "\(arguments) printed nothing", file: file, line: line)
        let counts = try Self.check(out.stdout, file: file, line: line)
        XCTAssertTrue(types.isSubset(of: Set(counts.keys)), "\(arguments): expected \(types.sorted()), got \(counts)", file: file, line: line)
        return counts
    }

    /// `scripts/check-events` on `lines`: fails the test with its messages when a line is invalid.
    static func check(_ lines: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Int] {
        let out = try validate(lines)
        XCTAssertEqual(out.status, 0, out.stderr, file: file, line: line)
        return (try? JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Int]) ?? [:]
    }

    /// `scripts/check-events` run by Debian's python3 on `lines`.
    static func validate(_ lines: String) throws -> Subprocess.Output {
        try Subprocess.run("/usr/bin/python3", [root.appendingPathComponent("scripts/check-events").path], stdin: lines)
    }

    func testTheValidatorRejectsWhatTheSchemaForbids() throws {
        // An unknown type, a camelCase key, a missing time, a word sentence of -1.
        let out = try Self.validate("""
            {"type":"mystery"}
            {"type":"speech_start","t":1,"latencyMs":3}
            {"type":"word","utterance":1,"sentence":0,"chars":[0,1],"text":"a"}
            {"type":"word","t":0,"utterance":1,"sentence":-1,"chars":[0,1],"text":"a"}
            """)
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stderr.contains("4 invalid line(s)"), out.stderr)
    }

    func testMatchBatchAndGrammarCheck() throws {
        try events(["match", "--grammar", Self.grammar, "open math", "banana split"], expect: ["match"])
        let fixtures = Self.root.appendingPathComponent("audio-fixtures/commands")
        let files = ["en-open_subject-00-clean", "it-set_timer-00-snr15"].map { fixtures.appendingPathComponent("\($0).flac").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
        XCTAssertEqual(files.count, 2, "fixtures renamed? \(files)")
        let junk = path("junk.wav")
        XCTAssertTrue(FileManager.default.createFile(atPath: junk, contents: Data("not audio".utf8)))
        let results = path("results.jsonl")
        let (batch, _) = try ParloProcess.run(["batch", "--grammar", Self.grammar, "--expect",
                                               fixtures.appendingPathComponent("manifest.jsonl").path, "--json", "--out", results]
                                              + files + [junk], timeout: 120)
        XCTAssertEqual(batch.status, 1, "one file failed: \(batch.stderr)")
        let counts = try Self.check(batch.stdout)
        XCTAssertEqual(counts, ["result": 3, "summary": 1])
        // The --out file, and `parlo report` on it, speak the same vocabulary.
        XCTAssertEqual(try Self.check(String(contentsOfFile: results, encoding: .utf8)), ["batch_run": 1, "result": 3, "summary": 1])
        let (report, _) = try ParloProcess.run(["report", "--json", results], timeout: 60)
        XCTAssertEqual(report.status, 1, "the failed file is counted: \(report.stderr)")
        XCTAssertEqual(try Self.check(report.stdout), ["summary": 1])
        XCTAssertFalse(batch.stdout.contains(#""word":"""#), "no empty words: \(batch.stdout)")

        // A catalog with a repeated sentence and two look-alike commands: every report event.
        let catalog = path("catalog")
        try FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: true)
        try """
            commands:
              stop:
                en: ["stop", "stop"]
              shop:
                en: ["shop"]
            """.write(toFile: catalog + "/a.yaml", atomically: true, encoding: .utf8)
        try events(["grammar", "check", "--grammar", catalog, "--threshold", "0.9"],
                   expect: ["catalog", "pronunciation", "duplicate", "confusable"])
    }

    func testSayReadAndStudy() throws {
        let said = try events(["say", "--out", path("say.wav"), "Hello there. Ciao a tutti."],
                              expect: ["utterance_start", "sentence", "word", "utterance_end"])
        XCTAssertEqual(said["sentence"], 2)
        let text = path("notes.md")
        try "# Notes\n\nFirst sentence here. Second one.\n".write(toFile: text, atomically: true, encoding: .utf8)
        try events(["read", "--restart", "--out", path("read.wav"), text], expect: ["sentence", "word", "reading_end"])
        // A PDF's sentences carry their page.
        let pdf = path("notes.pdf")
        try PDFWriter.notes(header: "Notes", pages: [[["Page one."]], [["Page two."]]]).write(to: pdf)
        try events(["read", "--restart", "--out", path("pdf.wav"), pdf], expect: ["sentence", "word", "reading_end"])
        let commands = ["open math", "read this page", "help", "banana bread", "start a ten minute timer", "use max",
                        "show mind map", "read faster", "apri la storia", "next", "previous",
                        "open science", "next", "read this page", "next page"].joined(separator: "\n")
        try events(["study", "--text", "--out", path("study.wav"), "--grammar", Self.grammar], stdin: commands + "\n",
                   expect: ["listening", "command", "reply", "subject_opened", "reading_started", "sentence", "word", "reading_finished",
                            "rejected", "help", "timer_started", "character_changed", "mind_map", "rate", "material"])
    }

    func testListenMeterDevicesAndVoices() throws {
        let session = Self.root.appendingPathComponent("audio-fixtures/session/demo-session.wav").path
        try events(["listen", "--input", session, "--fast", "--grammar", Self.grammar],
                   expect: ["level", "speech_start", "partial", "speech_end", "recognized", "command"])
        try events(["meter", "--input", session], expect: ["level"])
        try events(["devices"], expect: ["device"])
        try events(["voices"], expect: ["character"])
    }
}
